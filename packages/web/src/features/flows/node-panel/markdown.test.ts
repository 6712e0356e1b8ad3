import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseInline', () => {
  it('splits bold and code from text', () => {
    expect(parseInline('Press **Run** or `POST /x`.')).toEqual([
      { kind: 'text', text: 'Press ' },
      { kind: 'bold', text: 'Run' },
      { kind: 'text', text: ' or ' },
      { kind: 'code', text: 'POST /x' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('`a **b**`')).toEqual([{ kind: 'code', text: 'a **b**' }]);
    expect(parseInline('plain * star')).toEqual([{ kind: 'text', text: 'plain * star' }]);
  });
});

describe('parseMarkdown', () => {
  it('reads paragraphs and lists', () => {
    const blocks = parseMarkdown('First line\nsame paragraph.\n\n- one\n- **two**\n  more\n\n1. a\n2. b\nAfter');
    expect(blocks).toEqual([
      { kind: 'paragraph', spans: [{ kind: 'text', text: 'First line same paragraph.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'one' }],
          [
            { kind: 'bold', text: 'two' },
            { kind: 'text', text: ' more' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'paragraph', spans: [{ kind: 'text', text: 'After' }] },
    ]);
  });

  it('is empty for empty text', () => {
    expect(parseMarkdown('')).toEqual([]);
  });
});
