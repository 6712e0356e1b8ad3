import { describe, expect, it } from 'vitest';
import { inlineToRichText, markdownToBlocks, type RichText } from './markdown-to-blocks';

const marks = { bold: false, italic: false, strikethrough: false, code: false };
const t = (content: string, set: Partial<typeof marks> = {}, link: string | null = null): RichText => ({
  type: 'text',
  text: { content, link: link ? { url: link } : null },
  annotations: { ...marks, ...set },
});
const b = (type: string, body: Record<string, unknown>) => ({ object: 'block', type, [type]: body });
const p = (...rich_text: RichText[]) => b('paragraph', { rich_text });

describe('inline Markdown to rich text', () => {
  it.each([
    ['plain', [t('plain')]],
    ['a **bold** word', [t('a '), t('bold', { bold: true }), t(' word')]],
    ['*it* and _it_', [t('it', { italic: true }), t(' and '), t('it', { italic: true })]],
    ['`x = 1` ~~old~~', [t('x = 1', { code: true }), t(' '), t('old', { strikethrough: true })]],
    ['see [docs](https://example.com/a)', [t('see '), t('docs', {}, 'https://example.com/a')]],
    ['**[bold link](https://e.com)**', [t('bold link', { bold: true }, 'https://e.com')]],
    ['[bad](javascript:alert(1))', [t('bad'), t(')')]],
    ['snake_case_name stays', [t('snake_case_name stays')]],
    ['2 * 3 * 4', [t('2 * 3 * 4')]],
  ])('%s', (markdown, expected) => {
    expect(inlineToRichText(markdown)).toEqual(expected);
  });

  it('splits text longer than Notion’s 2,000 characters a text object', () => {
    const long = 'a'.repeat(4500);
    expect(inlineToRichText(long).map((run) => run.text.content.length)).toEqual([2000, 2000, 500]);
  });
});

describe('Markdown to blocks', () => {
  it.each([
    ['', []],
    ['Hello\nworld\n\nNext', [p(t('Hello\nworld')), p(t('Next'))]],
    [
      '# One\n## Two\n### Three\n#### Four',
      [
        b('heading_1', { rich_text: [t('One')] }),
        b('heading_2', { rich_text: [t('Two')] }),
        b('heading_3', { rich_text: [t('Three')] }),
        b('heading_3', { rich_text: [t('Four')] }),
      ],
    ],
    [
      '- a\n* b\n1. one\n2) two',
      [
        b('bulleted_list_item', { rich_text: [t('a')] }),
        b('bulleted_list_item', { rich_text: [t('b')] }),
        b('numbered_list_item', { rich_text: [t('one')] }),
        b('numbered_list_item', { rich_text: [t('two')] }),
      ],
    ],
    [
      '- parent\n  - child\n    1. grandchild\n- next',
      [
        b('bulleted_list_item', {
          rich_text: [t('parent')],
          children: [
            b('bulleted_list_item', {
              rich_text: [t('child')],
              children: [b('numbered_list_item', { rich_text: [t('grandchild')] })],
            }),
          ],
        }),
        b('bulleted_list_item', { rich_text: [t('next')] }),
      ],
    ],
    [
      '- [ ] open\n- [x] done',
      [b('to_do', { rich_text: [t('open')], checked: false }), b('to_do', { rich_text: [t('done')], checked: true })],
    ],
    ['> quoted\n> **more**', [b('quote', { rich_text: [t('quoted\n'), t('more', { bold: true })] })]],
    [
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\nafter',
      [b('code', { rich_text: [t('const a = 1;\n\nconst b = 2;')], language: 'typescript' }), p(t('after'))],
    ],
    ['```brainfuck\n+\n```', [b('code', { rich_text: [t('+')], language: 'plain text' })]],
    ['above\n\n---\n\nbelow', [p(t('above')), b('divider', {}), p(t('below'))]],
  ])('%j', (markdown, expected) => {
    expect(markdownToBlocks(markdown)).toEqual(expected);
  });
});
