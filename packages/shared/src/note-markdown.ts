import type { Node as PmNode } from '@tiptap/pm/model';
import MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import {
  defaultMarkdownSerializer,
  MarkdownParser,
  MarkdownSerializer,
  type MarkdownSerializerState,
} from 'prosemirror-markdown';
import { withoutEmptyBlockIds } from './note-block-ids';
import { EMPTY_NOTE_DOC, type NoteDoc, noteSchema } from './note-doc';

/**
 * Markdown import and export for notes, pure and headless (browser and server). GitHub-flavoured:
 * tables, ~~strike~~, task lists (`- [ ]` / `- [x]`, nested). Underline has no Markdown syntax, so
 * it travels as `<u>…</u>`; any other HTML in imported Markdown stays visible text, never markup.
 */

const TASK_PREFIX = /^\[([ xX])\][ \t]+|^\[([ xX])\]$/;

type ListItem = { open: number; close: number; inline: Token | null; task: boolean };

/** Items of the bullet list opening at `start` (top level only), and the index of its close. */
function listItems(tokens: Token[], start: number): { items: ListItem[]; close: number } {
  const items: ListItem[] = [];
  let depth = 0;
  for (let j = start + 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.type.endsWith('_list_open')) depth++;
    else if (t.type.endsWith('_list_close')) {
      if (depth === 0) return { items, close: j };
      depth--;
    } else if (depth === 0 && t.type === 'list_item_open') {
      const inline = tokens[j + 1]?.type === 'paragraph_open' ? (tokens[j + 2] as Token) : null;
      items.push({ open: j, close: -1, inline, task: Boolean(inline && TASK_PREFIX.test(inline.content)) });
    } else if (depth === 0 && t.type === 'list_item_close') (items.at(-1) as ListItem).close = j;
  }
  return { items, close: -1 };
}

function splitTaskItems(state: StateCore, start: number) {
  const tokens = state.tokens;
  const { items, close } = listItems(tokens, start);
  if (close < 0 || !items.some((item) => item.task)) return;
  for (const { open, close: itemClose, inline, task } of items) {
    if (!task || !inline) continue;
    const match = TASK_PREFIX.exec(inline.content) as RegExpExecArray;
    (tokens[open] as Token).type = 'task_item_open';
    (tokens[open] as Token).attrSet('checked', (match[1] ?? match[2] ?? ' ').toLowerCase() === 'x' ? 'true' : 'false');
    (tokens[itemClose] as Token).type = 'task_item_close';
    const strip = match[0].length;
    inline.content = inline.content.slice(strip);
    const first = inline.children?.[0];
    if (first?.type === 'text') first.content = first.content.slice(strip);
  }
  const kind = (item: ListItem) => (item.task ? 'task_list' : 'bullet_list');
  (tokens[start] as Token).type = `${kind(items[0] as ListItem)}_open`;
  (tokens[close] as Token).type = `${kind(items.at(-1) as ListItem)}_close`;
  // Where the kind changes between two items, the list closes and the other kind opens.
  for (let k = items.length - 1; k > 0; k--) {
    const before = items[k - 1] as ListItem;
    const after = items[k] as ListItem;
    if (before.task === after.task) continue;
    const level = (tokens[start] as Token).level;
    const closing = new state.Token(`${kind(before)}_close`, 'ul', -1);
    const opening = new state.Token(`${kind(after)}_open`, 'ul', 1);
    for (const token of [closing, opening]) {
      token.block = true;
      token.level = level;
      token.markup = (tokens[start] as Token).markup;
    }
    tokens.splice(after.open, 0, closing, opening);
  }
}

/** Rewrites markdown-it's tokens into shapes the note schema has (task lists, cells with paragraphs, `<u>`). */
function notesPlugin(md: MarkdownIt) {
  md.core.ruler.push('flowmind_notes', (state) => {
    const tokens = state.tokens;
    // Task lists: items starting with [ ] or [x]. A bullet list mixing them with plain items is split
    // into runs (the note schema has no mixed list), as GitHub shows a checkbox on each task item.
    // From the last list to the first, so splitting one never moves the tokens of those before it.
    for (let i = tokens.length - 1; i >= 0; i--) {
      if ((tokens[i] as Token).type === 'bullet_list_open') splitTaskItems(state, i);
    }
    // Table cells hold blocks in the note schema: wrap their inline content in a paragraph.
    const out: Token[] = [];
    for (const t of tokens) {
      out.push(t);
      if (t.type === 'th_open' || t.type === 'td_open') out.push(new state.Token('paragraph_open', 'p', 1));
      if (t.type === 'th_close' || t.type === 'td_close') {
        out.pop();
        out.push(new state.Token('paragraph_close', 'p', -1), t);
      }
    }
    // Images are blocks in the note schema: lift them out of their paragraphs.
    for (let i = 0; i < out.length; i++) {
      const inline = out[i + 1];
      if ((out[i] as Token).type !== 'paragraph_open' || inline?.type !== 'inline') continue;
      const kids = inline.children ?? [];
      if (!kids.some((k) => k.type === 'image')) continue;
      const replacement: Token[] = [];
      let group: Token[] = [];
      const flush = () => {
        if (group.some((k) => k.type !== 'softbreak' && (k.type !== 'text' || k.content.trim() !== ''))) {
          const piece = new state.Token('inline', '', 0);
          piece.children = group;
          piece.content = group.map((k) => k.content).join('');
          replacement.push(
            new state.Token('paragraph_open', 'p', 1),
            piece,
            new state.Token('paragraph_close', 'p', -1),
          );
        }
        group = [];
      };
      for (const kid of kids) {
        if (kid.type === 'image') {
          flush();
          replacement.push(kid);
        } else group.push(kid);
      }
      flush();
      out.splice(i, 3, ...replacement);
      i += replacement.length - 1;
    }
    // Raw HTML: <u> becomes underline, everything else is kept as plain text.
    for (const [index, t] of out.entries()) {
      if (t.type === 'html_block') {
        const p = new state.Token('paragraph_open', 'p', 1);
        const inline = new state.Token('inline', '', 0);
        const text = new state.Token('text', '', 0);
        text.content = t.content.replace(/\n+$/, '');
        inline.children = [text];
        inline.content = text.content;
        out.splice(index, 1, p, inline, new state.Token('paragraph_close', 'p', -1));
      }
      for (const child of t.children ?? []) {
        if (child.type !== 'html_inline') continue;
        if (/^<u>$/i.test(child.content)) child.type = 'underline_open';
        else if (/^<\/u>$/i.test(child.content)) child.type = 'underline_close';
        else child.type = 'text';
      }
    }
    state.tokens = out;
  });
}

const markdownIt = new MarkdownIt('default', { html: true, linkify: false }).use(notesPlugin);

const parser = new MarkdownParser(noteSchema, markdownIt, {
  blockquote: { block: 'blockquote' },
  paragraph: { block: 'paragraph' },
  list_item: { block: 'listItem' },
  bullet_list: { block: 'bulletList' },
  ordered_list: { block: 'orderedList', getAttrs: (tok) => ({ start: Number(tok.attrGet('start')) || 1 }) },
  task_list: { block: 'taskList' },
  task_item: { block: 'taskItem', getAttrs: (tok) => ({ checked: tok.attrGet('checked') === 'true' }) },
  heading: { block: 'heading', getAttrs: (tok) => ({ level: Math.min(6, Number(tok.tag.slice(1)) || 1) }) },
  code_block: { block: 'codeBlock', noCloseToken: true },
  fence: {
    block: 'codeBlock',
    getAttrs: (tok) => ({ language: tok.info.trim().split(/\s+/)[0] || null }),
    noCloseToken: true,
  },
  hr: { node: 'horizontalRule' },
  image: {
    node: 'image',
    getAttrs: (tok) => ({
      src: tok.attrGet('src'),
      title: tok.attrGet('title') || null,
      alt: tok.children?.[0]?.content || null,
    }),
  },
  hardbreak: { node: 'hardBreak' },
  table: { block: 'table' },
  thead: { ignore: true },
  tbody: { ignore: true },
  tr: { block: 'tableRow' },
  th: { block: 'tableHeader' },
  td: { block: 'tableCell' },
  em: { mark: 'italic' },
  strong: { mark: 'bold' },
  s: { mark: 'strike' },
  underline: { mark: 'underline' },
  link: { mark: 'link', getAttrs: (tok) => ({ href: tok.attrGet('href'), title: tok.attrGet('title') || null }) },
  code_inline: { mark: 'code', noCloseToken: true },
});

/** Markdown to a note document (TipTap JSON). */
export function markdownToDoc(markdown: string): NoteDoc {
  const node = parser.parse(markdown) as PmNode;
  const json = withoutEmptyBlockIds(node.toJSON() as NoteDoc);
  return json.content && json.content.length > 0 ? json : structuredClone(EMPTY_NOTE_DOC);
}

/** Markdown to the blocks of a document (to append them to another one). */
export function markdownToBlocks(markdown: string): NoteDoc[] {
  return withoutEmptyBlockIds((parser.parse(markdown) as PmNode).toJSON() as NoteDoc).content ?? [];
}

const d = defaultMarkdownSerializer;

function cellText(state: MarkdownSerializerState, cell: PmNode): string {
  const inner = serializer.serialize(noteSchema.node('doc', null, cell.content), { tightLists: true });
  void state;
  return inner.trim().replace(/\n+/g, ' ').replace(/\|/g, '\\|');
}

const serializer: MarkdownSerializer = new MarkdownSerializer(
  {
    blockquote: d.nodes.blockquote as never,
    codeBlock(state, node) {
      const backticks = node.textContent.match(/`{3,}/gm);
      const fence = backticks ? `${backticks.sort().slice(-1)[0]}\`` : '```';
      state.write(`${fence}${node.attrs.language ?? ''}\n`);
      state.text(node.textContent, false);
      state.write('\n');
      state.write(fence);
      state.closeBlock(node);
    },
    heading: d.nodes.heading as never,
    horizontalRule(state, node) {
      state.write('---');
      state.closeBlock(node);
    },
    bulletList(state, node) {
      state.renderList(node, '  ', () => '- ');
    },
    orderedList(state, node) {
      const start = (node.attrs.start as number | null) ?? 1;
      const width = String(start + node.childCount - 1).length;
      const space = state.repeat(' ', width + 2);
      state.renderList(node, space, (i) => {
        const n = String(start + i);
        return `${state.repeat(' ', width - n.length)}${n}. `;
      });
    },
    listItem(state, node) {
      state.renderContent(node);
    },
    taskList(state, node) {
      state.renderList(node, '  ', () => '- ');
    },
    taskItem(state, node) {
      state.write(node.attrs.checked ? '[x] ' : '[ ] ');
      state.renderContent(node);
    },
    paragraph(state, node) {
      state.renderInline(node);
      state.closeBlock(node);
    },
    image(state, node) {
      const alt = state.esc(String(node.attrs.alt ?? ''));
      const src = String(node.attrs.src ?? '').replace(/[()\s]/g, (c) => encodeURIComponent(c));
      const title = node.attrs.title ? ` "${String(node.attrs.title).replace(/"/g, '\\"')}"` : '';
      state.write(`![${alt}](${src}${title})`);
      state.closeBlock(node);
    },
    hardBreak: d.nodes.hard_break as never,
    text: d.nodes.text as never,
    table(state, node) {
      node.forEach((row, _offset, rowIndex) => {
        const cells: string[] = [];
        row.forEach((cell) => {
          cells.push(cellText(state, cell));
        });
        state.write(`| ${cells.join(' | ')} |`);
        state.ensureNewLine();
        if (rowIndex === 0) {
          state.write(`|${cells.map(() => ' --- ').join('|')}|`);
          state.ensureNewLine();
        }
      });
      state.closeBlock(node);
    },
    tableRow() {},
    tableHeader() {},
    tableCell() {},
  },
  {
    italic: { open: '*', close: '*', mixable: true, expelEnclosingWhitespace: true },
    bold: { open: '**', close: '**', mixable: true, expelEnclosingWhitespace: true },
    strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
    underline: { open: '<u>', close: '</u>', mixable: true, expelEnclosingWhitespace: true },
    link: d.marks.link as never,
    code: d.marks.code as never,
  },
);

/** A note document (TipTap JSON) as Markdown. */
export function docToMarkdown(doc: NoteDoc): string {
  const node = noteSchema.nodeFromJSON(doc);
  return serializer.serialize(node, { tightLists: true });
}
