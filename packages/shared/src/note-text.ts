import type { NoteDoc } from './note-doc';

/**
 * Plain-text views of a note document (TipTap JSON), pure: the search text, the excerpt in lists,
 * and the task items (in document order) that /focus shows and ticks.
 */

function inlineText(node: NoteDoc): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'image') return String(node.attrs?.alt ?? '');
  return (node.content ?? []).map(inlineText).join('');
}

/** The document's text, one line per block (cells of a table row separated by tabs). */
export function docToText(doc: NoteDoc): string {
  const lines: string[] = [];
  const walk = (node: NoteDoc) => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock') {
      lines.push(inlineText(node));
      return;
    }
    if (node.type === 'tableRow') {
      lines.push((node.content ?? []).map((cell) => (cell.content ?? []).map(inlineText).join(' ')).join('\t'));
      return;
    }
    if (node.type === 'image') {
      if (node.attrs?.alt) lines.push(String(node.attrs.alt));
      return;
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first words of a document's text, on one line. */
export function excerptOf(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

export type DocTask = { index: number; text: string; checked: boolean };

/** A task item's own text: its first paragraph (nested items are tasks of their own). */
function taskText(item: NoteDoc): string {
  const first = (item.content ?? []).find((c) => c.type === 'paragraph');
  return first ? inlineText(first).replace(/\s+/g, ' ').trim() : '';
}

/** Every task item in document order (depth-first, parents before their nested items). */
export function docTasks(doc: NoteDoc): DocTask[] {
  const tasks: DocTask[] = [];
  const walk = (node: NoteDoc) => {
    if (node.type === 'taskItem') {
      tasks.push({ index: tasks.length, text: taskText(node), checked: Boolean(node.attrs?.checked) });
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return tasks;
}

/**
 * The document with the index-th task item ticked or unticked. Returns null when there is no
 * such task or its text is not `expectedText` (the task moved or changed since it was listed).
 */
export function setTaskChecked(doc: NoteDoc, index: number, expectedText: string, checked: boolean): NoteDoc | null {
  let seen = 0;
  let found = false;
  const walk = (node: NoteDoc): NoteDoc => {
    let next = node;
    if (node.type === 'taskItem') {
      if (seen === index && taskText(node) === expectedText.replace(/\s+/g, ' ').trim()) {
        next = { ...node, attrs: { ...node.attrs, checked } };
        found = true;
      }
      seen++;
    }
    if (!node.content) return next;
    return { ...next, content: node.content.map(walk) };
  };
  const result = walk(doc);
  return found ? result : null;
}
