import { describe, expect, it } from 'vitest';
import { docToMarkdown, markdownToBlocks, markdownToDoc } from './note-markdown';
import { docTasks } from './note-text';

const ALL_BLOCKS = `# Title

Some **bold**, *italic*, ~~strike~~, <u>under</u>, \`code\` and [a link](https://example.com).

- one
- two
  - nested

3. three
4. four

- [ ] to do
- [x] done
  - [ ] nested task

> a quote

\`\`\`ts
const a = 1;
\`\`\`

| A | B |
| --- | --- |
| 1 | 2 |

---

![a cat](https://example.com/cat.png "Cat")
`;

describe('note Markdown', () => {
  it('imports every block type into the note schema', () => {
    const doc = markdownToDoc(ALL_BLOCKS);
    const types = (doc.content ?? []).map((n) => n.type);
    expect(types).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'orderedList',
      'taskList',
      'blockquote',
      'codeBlock',
      'table',
      'horizontalRule',
      'image',
    ]);
    const marks = (doc.content?.[1]?.content ?? []).flatMap((t) => (t.marks ?? []).map((m) => m.type));
    expect(marks).toEqual(['bold', 'italic', 'strike', 'underline', 'code', 'link']);
    expect(doc.content?.[3]?.attrs?.start).toBe(3);
    expect(doc.content?.[6]?.attrs?.language).toBe('ts');
    expect(docTasks(doc)).toEqual([
      { index: 0, text: 'to do', checked: false },
      { index: 1, text: 'done', checked: true },
      { index: 2, text: 'nested task', checked: false },
    ]);
    expect(doc.content?.[9]?.attrs).toMatchObject({ src: 'https://example.com/cat.png', alt: 'a cat', title: 'Cat' });
  });

  it('round-trips: Markdown → doc → Markdown → the same doc', () => {
    const doc = markdownToDoc(ALL_BLOCKS);
    const markdown = docToMarkdown(doc);
    expect(markdown).toContain('- [x] done\n  - [ ] nested task');
    expect(markdown).toContain('| A | B |\n| --- | --- |\n| 1 | 2 |');
    expect(markdown).toContain('```ts\nconst a = 1;\n```');
    expect(markdownToDoc(markdown)).toEqual(doc);
  });

  it('keeps raw HTML as visible text, never markup', () => {
    const doc = markdownToDoc('<script>alert(1)</script>\n\nhi <b>there</b>');
    expect(JSON.stringify(doc)).not.toContain('"type":"html');
    expect(doc.content?.[0]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: '<script>alert(1)</script>' }],
    });
    expect(doc.content?.[1]?.content?.map((t) => t.text).join('')).toBe('hi <b>there</b>');
  });

  it('splits a list mixing task and plain items into runs, each task item with its box', () => {
    const doc = markdownToDoc(
      '- plain one\n- plain two\n  - [x] nested done\n\n- [ ] open task\n- [x] done task\n- plain again',
    );
    expect(doc.content?.map((block) => block.type)).toEqual(['bulletList', 'taskList', 'bulletList']);
    const [bullets, tasks, last] = doc.content as NonNullable<typeof doc.content>;
    expect(bullets?.content).toHaveLength(2);
    const nested = bullets?.content?.[1]?.content?.[1];
    expect(nested?.type).toBe('taskList');
    expect(nested?.content?.[0]?.attrs?.checked).toBe(true);
    expect(tasks?.content?.map((item) => item.attrs?.checked)).toEqual([false, true]);
    expect(tasks?.content?.[0]?.content?.[0]?.content?.[0]?.text).toBe('open task');
    expect(last?.content?.[0]?.content?.[0]?.content?.[0]?.text).toBe('plain again');
    // Written back and read again, it is the same document.
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
  });

  it('gives an empty document a paragraph, and blocks for appending', () => {
    expect(markdownToDoc('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(markdownToBlocks('a\n\nb').map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });
});
