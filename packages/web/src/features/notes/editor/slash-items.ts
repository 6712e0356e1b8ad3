import type { Editor, Range } from '@tiptap/core';

export type SlashItemId =
  | 'text'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'bullet'
  | 'numbered'
  | 'task'
  | 'quote'
  | 'code'
  | 'table'
  | 'divider'
  | 'image';

export type SlashItem = {
  id: SlashItemId;
  title: string;
  hint: string;
  /** Other words that find the item ("ul", "todo", "hr"…). */
  keywords: string[];
  /** What typing it at the start of a line does instead, shown as a hint. */
  shortcut?: string;
};

/** Every block a note can hold, in the order the slash menu lists them. */
export const SLASH_ITEMS: SlashItem[] = [
  { id: 'text', title: 'Text', hint: 'Plain paragraph', keywords: ['paragraph', 'p', 'plain'] },
  { id: 'h1', title: 'Heading 1', hint: 'Big section heading', keywords: ['h1', 'title', 'heading'], shortcut: '#' },
  { id: 'h2', title: 'Heading 2', hint: 'Medium heading', keywords: ['h2', 'subtitle', 'heading'], shortcut: '##' },
  { id: 'h3', title: 'Heading 3', hint: 'Small heading', keywords: ['h3', 'heading'], shortcut: '###' },
  {
    id: 'bullet',
    title: 'Bulleted list',
    hint: 'A simple list',
    keywords: ['ul', 'bullet', 'unordered'],
    shortcut: '-',
  },
  {
    id: 'numbered',
    title: 'Numbered list',
    hint: 'A list with numbers',
    keywords: ['ol', 'ordered', 'number'],
    shortcut: '1.',
  },
  {
    id: 'task',
    title: 'Task list',
    hint: 'Tasks to tick off',
    keywords: ['todo', 'checkbox', 'check'],
    shortcut: '[ ]',
  },
  { id: 'quote', title: 'Quote', hint: 'Set a quotation apart', keywords: ['blockquote', 'citation'], shortcut: '>' },
  {
    id: 'code',
    title: 'Code block',
    hint: 'Code with highlighting',
    keywords: ['code', 'pre', 'snippet'],
    shortcut: '```',
  },
  { id: 'table', title: 'Table', hint: 'Rows and columns', keywords: ['grid', 'table'] },
  {
    id: 'divider',
    title: 'Divider',
    hint: 'A line between sections',
    keywords: ['hr', 'rule', 'separator'],
    shortcut: '---',
  },
  { id: 'image', title: 'Image', hint: 'An image from a web address', keywords: ['picture', 'img', 'photo', 'url'] },
];

/** Items whose title starts with the query come first, then those whose title or keywords contain it. */
export function filterSlashItems(query: string, items: SlashItem[] = SLASH_ITEMS): SlashItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  const starts: SlashItem[] = [];
  const contains: SlashItem[] = [];
  for (const item of items) {
    const title = item.title.toLowerCase();
    if (title.startsWith(needle) || item.keywords.some((word) => word.startsWith(needle))) starts.push(item);
    else if (title.includes(needle) || item.keywords.some((word) => word.includes(needle))) contains.push(item);
  }
  return [...starts, ...contains];
}

/** Replaces the typed "/query" with the chosen block. `askImageUrl` resolves to null when the user cancels. */
export async function runSlashItem({
  editor,
  range,
  item,
  askImageUrl,
}: {
  editor: Editor;
  range: Range;
  item: SlashItem;
  askImageUrl: () => Promise<string | null>;
}) {
  const chain = editor.chain().focus().deleteRange(range);
  switch (item.id) {
    case 'text':
      chain.setParagraph().run();
      return;
    case 'h1':
      chain.setHeading({ level: 1 }).run();
      return;
    case 'h2':
      chain.setHeading({ level: 2 }).run();
      return;
    case 'h3':
      chain.setHeading({ level: 3 }).run();
      return;
    case 'bullet':
      chain.toggleBulletList().run();
      return;
    case 'numbered':
      chain.toggleOrderedList().run();
      return;
    case 'task':
      chain.toggleTaskList().run();
      return;
    case 'quote':
      chain.setParagraph().toggleBlockquote().run();
      return;
    case 'code':
      chain.setCodeBlock().run();
      return;
    case 'table':
      chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
      return;
    case 'divider':
      chain.setHorizontalRule().run();
      return;
    case 'image': {
      chain.run();
      const src = await askImageUrl();
      if (!src) {
        editor.commands.focus();
        return;
      }
      // Focus at once (TipTap's focus command may wait a frame, and keys typed meanwhile would be lost),
      // then a paragraph after the image, so typing goes on below it rather than replacing it.
      editor.view.focus();
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'image', attrs: { src } }, { type: 'paragraph' }])
        .run();
      return;
    }
  }
}
