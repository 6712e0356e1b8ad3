/**
 * The little Markdown the step docs use: paragraphs, lists, **bold** and `code`. Parsed to blocks of
 * spans that React renders as elements, so no HTML string is ever injected.
 */
export type Span = { kind: 'text' | 'bold' | 'code'; text: string };
export type Block = { kind: 'paragraph'; spans: Span[] } | { kind: 'list'; ordered: boolean; items: Span[][] };

export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) spans.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) spans.push({ kind: 'code', text: match[1] });
    else spans.push({ kind: 'bold', text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ kind: 'text', text: text.slice(last) });
  return spans;
}

const bullet = /^\s*[-*]\s+/;
const numbered = /^\s*\d+[.)]\s+/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const line of source.split(/\r?\n/)) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const ordered = numbered.test(line);
    if (ordered || bullet.test(line)) {
      flush();
      const text = line.replace(ordered ? numbered : bullet, '');
      const previous = blocks[blocks.length - 1];
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(parseInline(text));
      else blocks.push({ kind: 'list', ordered, items: [parseInline(text)] });
      continue;
    }
    const previous = blocks[blocks.length - 1];
    // An indented line after a list item continues it.
    if (!paragraph.length && previous?.kind === 'list' && /^\s+/.test(line)) {
      const lastItem = previous.items[previous.items.length - 1];
      if (lastItem) previous.items[previous.items.length - 1] = [...lastItem, ...parseInline(` ${line.trim()}`)];
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
