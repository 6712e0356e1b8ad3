import MarkdownIt, { type Options } from 'markdown-it';

/**
 * A markdown-it whose HTML is safe to put in the page: raw HTML in the text is shown as text (html: false),
 * markdown-it itself refuses javascript:/vbscript:/data: links, and links open in a new tab without access to
 * this one. Chat answers and the flow canvas's notes both render through it.
 */
export function safeMarkdown(options: Omit<Options, 'html'> = {}): MarkdownIt {
  const markdown = new MarkdownIt({ linkify: true, ...options, html: false });
  const defaultLinkOpen =
    markdown.renderer.rules.link_open ??
    ((tokens, index, renderOptions, _env, self) => self.renderToken(tokens, index, renderOptions));
  markdown.renderer.rules.link_open = (tokens, index, renderOptions, env, self) => {
    tokens[index]?.attrSet('target', '_blank');
    tokens[index]?.attrSet('rel', 'noopener noreferrer');
    return defaultLinkOpen(tokens, index, renderOptions, env, self);
  };
  return markdown;
}
