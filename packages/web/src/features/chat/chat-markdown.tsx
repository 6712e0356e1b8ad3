import markdownItKatex from '@vscode/markdown-it-katex';
import hljs from 'highlight.js/lib/common';
import { type MouseEvent, memo, useMemo } from 'react';
import 'katex/dist/katex.min.css';
import '../../lib/code-highlight.css';
import { safeMarkdown } from '../../lib/safe-markdown';
import './chat-markdown.css';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// The plugin is CommonJS: Node hands over its export, the browser bundle a module with it as `default`.
const katexPlugin = (markdownItKatex as unknown as { default?: typeof markdownItKatex }).default ?? markdownItKatex;

/**
 * Answers are Markdown: GFM tables, fenced code highlighted by highlight.js, $…$ and $$…$$ math by
 * KaTeX, on top of the safe renderer (raw HTML shown as text, script links refused, links open beside the chat).
 */
const markdown = safeMarkdown({
  breaks: false,
  highlight(code, language) {
    if (language && hljs.getLanguage(language)) {
      try {
        return hljs.highlight(code, { language, ignoreIllegals: true }).value;
      } catch {}
    }
    return escapeHtml(code);
  },
}).use(katexPlugin, { throwOnError: false });

// Code blocks get a bar with their language and a copy button (handled by one listener below).
markdown.renderer.rules.fence = (tokens, index, options) => {
  const token = tokens[index];
  if (!token) return '';
  const language = token.info.trim().split(/\s+/)[0] ?? '';
  const code = options.highlight?.(token.content, language, '') || escapeHtml(token.content);
  return (
    `<div class="chat-code"><div class="chat-code-bar"><span>${escapeHtml(language || 'text')}</span>` +
    `<button type="button" data-copy-code aria-label="Copy code">Copy</button></div>` +
    `<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ''}">${code}</code></pre></div>`
  );
};
// Wide tables scroll on their own instead of widening the chat.
markdown.renderer.rules.table_open = () => '<div class="chat-table"><table>';
markdown.renderer.rules.table_close = () => '</table></div>';

export function renderChatMarkdown(text: string): string {
  return markdown.render(text);
}

function copyCode(event: MouseEvent<HTMLDivElement>) {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-copy-code]');
  if (!button) return;
  const code = button.closest('.chat-code')?.querySelector('code')?.textContent ?? '';
  void navigator.clipboard?.writeText(code).then(
    () => {
      button.textContent = 'Copied';
      setTimeout(() => {
        button.textContent = 'Copy';
      }, 1500);
    },
    () => {
      button.textContent = 'Copy failed';
    },
  );
}

/** One message's Markdown, rendered again only when its text changes. */
export const ChatMarkdown = memo(function ChatMarkdown({ text }: { text: string }) {
  const html = useMemo(() => renderChatMarkdown(text), [text]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks to the copy buttons inside, which are buttons
    // biome-ignore lint/a11y/noStaticElementInteractions: as above
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it's output with raw HTML escaped and script links refused (tested)
    <div className="chat-markdown" onClick={copyCode} dangerouslySetInnerHTML={{ __html: html }} />
  );
});
