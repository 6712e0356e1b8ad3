/**
 * Markdown as Notion blocks, for page content written in a flow: paragraphs, headings, bulleted,
 * numbered and to-do lists (nested by indentation), quotes, fenced code, dividers, and inline bold,
 * italic, strikethrough, code and links. Pure, so a table of cases pins what Notion receives.
 */

export type RichText = {
  type: 'text';
  text: { content: string; link: { url: string } | null };
  annotations: { bold: boolean; italic: boolean; strikethrough: boolean; code: boolean };
};

export type NotionBlock = { object: 'block'; type: string } & Record<string, unknown>;

/** Notion refuses a text object longer than this. */
const MAX_TEXT = 2000;

/** Notion's code languages that people write differently after ```. */
const LANGUAGES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  sh: 'shell',
  bash: 'bash',
  yml: 'yaml',
  md: 'markdown',
  rb: 'ruby',
  '': 'plain text',
};
const KNOWN_LANGUAGES = new Set([
  'javascript',
  'typescript',
  'python',
  'shell',
  'bash',
  'yaml',
  'json',
  'markdown',
  'ruby',
  'go',
  'rust',
  'java',
  'c',
  'c++',
  'c#',
  'css',
  'html',
  'sql',
  'kotlin',
  'swift',
  'php',
  'xml',
  'plain text',
]);

type Marks = RichText['annotations'];
const PLAIN: Marks = { bold: false, italic: false, strikethrough: false, code: false };

function textRun(content: string, annotations: Marks, link: string | null): RichText[] {
  const runs: RichText[] = [];
  for (let start = 0; start < content.length; start += MAX_TEXT)
    runs.push({
      type: 'text',
      text: { content: content.slice(start, start + MAX_TEXT), link: link ? { url: link } : null },
      annotations: { ...annotations },
    });
  return runs;
}

/** Only web and mail links: Notion refuses others, and a `javascript:` link must not get through. */
const safeLink = (url: string) => (/^(https?:\/\/|mailto:)/i.test(url) ? url : null);

const INLINE =
  /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Inline Markdown as rich text; marks nest (a link inside bold keeps both). */
export function inlineToRichText(text: string, marks: Marks = PLAIN, link: string | null = null): RichText[] {
  const out: RichText[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(...textRun(text.slice(last, index), marks, link));
    const [, code, bold, boldUnderscore, strike, italic, italicUnderscore, linkText, url] = match;
    if (code !== undefined) out.push(...textRun(code, { ...marks, code: true }, link));
    else if (bold !== undefined || boldUnderscore !== undefined)
      out.push(...inlineToRichText(bold ?? boldUnderscore ?? '', { ...marks, bold: true }, link));
    else if (strike !== undefined) out.push(...inlineToRichText(strike, { ...marks, strikethrough: true }, link));
    else if (italic !== undefined || italicUnderscore !== undefined)
      out.push(...inlineToRichText(italic ?? italicUnderscore ?? '', { ...marks, italic: true }, link));
    else if (linkText !== undefined) out.push(...inlineToRichText(linkText, marks, safeLink(url ?? '') ?? link));
    last = index + match[0].length;
  }
  if (last < text.length) out.push(...textRun(text.slice(last), marks, link));
  return out;
}

const block = (type: string, body: Record<string, unknown>): NotionBlock => ({ object: 'block', type, [type]: body });

type ListKind = 'bulleted_list_item' | 'numbered_list_item' | 'to_do';
const LIST_ITEM = /^(\s*)(?:([-*+])\s+(?:\[([ xX])\]\s+)?|(\d{1,9})[.)]\s+)(.*)$/;

/** Markdown text as the blocks of a page, in order. */
export function markdownToBlocks(markdown: string): NotionBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: NotionBlock[] = [];
  /** Open list items by indentation, so a deeper item becomes a child of the one above it. */
  let listStack: { indent: number; block: NotionBlock }[] = [];
  let paragraph: string[] = [];
  let quote: string[] | null = null;

  const flushParagraph = () => {
    if (paragraph.length) blocks.push(block('paragraph', { rich_text: inlineToRichText(paragraph.join('\n')) }));
    paragraph = [];
  };
  const flushQuote = () => {
    if (quote) blocks.push(block('quote', { rich_text: inlineToRichText(quote.join('\n')) }));
    quote = null;
  };
  const flushAll = () => {
    flushParagraph();
    flushQuote();
    listStack = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = line.match(/^\s*(```|~~~)\s*([\w+#-]*)\s*$/);
    if (fence) {
      flushAll();
      const body: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'); i++)
        body.push(lines[i] ?? '');
      const asked = (fence[2] ?? '').toLowerCase();
      const language = LANGUAGES[asked] ?? (KNOWN_LANGUAGES.has(asked) ? asked : 'plain text');
      blocks.push(block('code', { rich_text: textRun(body.join('\n'), PLAIN, null), language }));
      continue;
    }
    if (!line.trim()) {
      flushAll();
      continue;
    }
    const heading = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      flushAll();
      const level = Math.min(3, heading[1]?.length ?? 1);
      blocks.push(block(`heading_${level}`, { rich_text: inlineToRichText(heading[2] ?? '') }));
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushAll();
      blocks.push(block('divider', {}));
      continue;
    }
    const quoted = line.match(/^\s{0,3}>\s?(.*)$/);
    if (quoted) {
      flushParagraph();
      listStack = [];
      quote = [...(quote ?? []), quoted[1] ?? ''];
      continue;
    }
    const item = line.match(LIST_ITEM);
    if (item) {
      flushParagraph();
      flushQuote();
      const indent = (item[1] ?? '').replace(/\t/g, '    ').length;
      const checked = item[3];
      const kind: ListKind = checked !== undefined ? 'to_do' : item[4] ? 'numbered_list_item' : 'bulleted_list_item';
      const body: Record<string, unknown> = { rich_text: inlineToRichText(item[5] ?? '') };
      if (kind === 'to_do') body.checked = checked !== ' ';
      const listItem = block(kind, body);
      while (listStack.length && (listStack.at(-1)?.indent ?? 0) >= indent) listStack.pop();
      const parent = listStack.at(-1);
      if (parent) {
        const parentBody = parent.block[parent.block.type] as { children?: NotionBlock[] };
        parentBody.children = [...(parentBody.children ?? []), listItem];
      } else blocks.push(listItem);
      listStack.push({ indent, block: listItem });
      continue;
    }
    if (quote) {
      quote.push(line.trim());
      continue;
    }
    if (listStack.length && /^\s+/.test(line)) {
      // A continuation line of a list item belongs to its text.
      const open = listStack.at(-1)?.block;
      if (open) {
        const body = open[open.type] as { rich_text: RichText[] };
        body.rich_text = [...body.rich_text, ...inlineToRichText(`\n${line.trim()}`)];
        continue;
      }
    }
    listStack = [];
    paragraph.push(line);
  }
  flushAll();
  return blocks;
}
