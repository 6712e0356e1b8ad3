import { describe, expect, it } from 'vitest';
import { safeMarkdown } from './safe-markdown';

const markdown = safeMarkdown({ breaks: true });

describe('safe Markdown', () => {
  it.each([
    ['**Call it** with `POST`', '<p><strong>Call it</strong> with <code>POST</code></p>\n'],
    ['*care* and _care_', '<p><em>care</em> and <em>care</em></p>\n'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n'],
    ['1. one', '<ol>\n<li>one</li>\n</ol>\n'],
    ['line\nnext', '<p>line<br>\nnext</p>\n'],
    [
      '[docs](https://example.com)',
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">docs</a></p>\n',
    ],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>\n'],
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n'],
    ['[bad](javascript:alert(1))', '<p>[bad](javascript:alert(1))</p>\n'],
    ['[bad](data:text/html,<b>x</b>)', '<p>[bad](data:text/html,&lt;b&gt;x&lt;/b&gt;)</p>\n'],
  ])('%j', (source, html) => {
    expect(markdown.render(source)).toBe(html);
  });

  it('keeps raw HTML off even when asked for it', () => {
    const loose = safeMarkdown({ html: true } as never);
    expect(loose.render('<b>x</b>')).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>\n');
  });
});
