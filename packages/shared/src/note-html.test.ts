import { describe, expect, it } from 'vitest';
import { docToHtml, docToHtmlPage, safeUrl } from './note-html';
import { markdownToDoc } from './note-markdown';

describe('note HTML', () => {
  it('renders blocks and marks', () => {
    const html = docToHtml(
      markdownToDoc('# T\n\n**b** [l](https://x.io)\n\n- [x] done\n\n```js\na < b\n```\n\n| A |\n| - |\n| 1 |'),
    );
    expect(html).toBe(
      '<h1>T</h1><p><strong>b</strong> <a href="https://x.io" rel="noopener noreferrer">l</a></p>' +
        '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" disabled checked></label><div><p>done</p></div></li></ul>' +
        '<pre><code class="language-js">a &#60; b</code></pre>' +
        '<table><tbody><tr><th><p>A</p></th></tr><tr><td><p>1</p></td></tr></tbody></table>',
    );
  });

  it('escapes text and drops unsafe addresses', () => {
    const html = docToHtml({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: '<img onerror=x>',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
      ],
    });
    expect(html).toBe('<p>&#60;img onerror=x&#62;</p>');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('/files/a.png', { image: true })).toBe('/files/a.png');
    expect(docToHtmlPage('<T>', markdownToDoc('x'))).toContain('<title>&#60;T&#62;</title>');
  });
});
