import { describe, expect, it } from 'vitest';
import { renderChatMarkdown } from './chat-markdown';

describe('answer Markdown', () => {
  it('renders GFM tables, highlighted code with a copy button, and math', () => {
    const html = renderChatMarkdown(
      ['| a | b |', '|---|---|', '| 1 | 2 |', '', '```js', 'const x = 1;', '```', '', 'Euler: $e^{i\\pi}+1=0$'].join(
        '\n',
      ),
    );
    expect(html).toContain('<div class="chat-table"><table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('data-copy-code');
    expect(html).toContain('class="katex"');
  });

  it('shows raw HTML as text and refuses script links; other links open beside the chat', () => {
    const html = renderChatMarkdown(
      '<img src=x onerror=alert(1)> [bad](javascript:alert(1)) [good](https://example.com)',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
  });

  it('escapes code in a language highlight.js does not know, and in the language name', () => {
    const html = renderChatMarkdown('```"><b>x\n<script>alert(1)</script>\n```');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });
});
