import type { NoteDoc } from './note-doc';

/**
 * A note document (TipTap JSON) as HTML, without a DOM: every text and attribute is escaped, and
 * links and images keep only http(s), mailto and relative addresses (no `javascript:`).
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A URL safe to put in href/src, or null. */
export function safeUrl(raw: unknown, { image = false } = {}): string | null {
  if (typeof raw !== 'string') return null;
  const url = raw.trim();
  if (url === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return url;
  if (scheme === 'http' || scheme === 'https') return url;
  if (!image && scheme === 'mailto') return url;
  if (image && /^data:image\/(png|jpe?g|gif|webp);/i.test(url)) return url;
  return null;
}

const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};

function renderText(node: NoteDoc): string {
  let html = escapeHtml(node.text ?? '');
  for (const mark of [...(node.marks ?? [])].reverse()) {
    const tag = MARK_TAGS[mark.type];
    if (tag) html = `<${tag}>${html}</${tag}>`;
    else if (mark.type === 'link') {
      const href = safeUrl(mark.attrs?.href);
      html = href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${html}</a>` : html;
    }
  }
  return html;
}

function children(node: NoteDoc): string {
  return (node.content ?? []).map(render).join('');
}

function render(node: NoteDoc): string {
  switch (node.type) {
    case 'doc':
      return children(node);
    case 'text':
      return renderText(node);
    case 'paragraph':
      return `<p>${children(node)}</p>`;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 1));
      return `<h${level}>${children(node)}</h${level}>`;
    }
    case 'blockquote':
      return `<blockquote>${children(node)}</blockquote>`;
    case 'bulletList':
      return `<ul>${children(node)}</ul>`;
    case 'orderedList': {
      const start = Number(node.attrs?.start) || 1;
      return start === 1 ? `<ol>${children(node)}</ol>` : `<ol start="${start}">${children(node)}</ol>`;
    }
    case 'listItem':
      return `<li>${children(node)}</li>`;
    case 'taskList':
      return `<ul data-type="taskList">${children(node)}</ul>`;
    case 'taskItem': {
      const checked = Boolean(node.attrs?.checked);
      return `<li data-type="taskItem" data-checked="${checked}"><label><input type="checkbox" disabled${checked ? ' checked' : ''}></label><div>${children(node)}</div></li>`;
    }
    case 'codeBlock': {
      const language = node.attrs?.language;
      const cls = typeof language === 'string' && language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre><code${cls}>${escapeHtml((node.content ?? []).map((c) => c.text ?? '').join(''))}</code></pre>`;
    }
    case 'horizontalRule':
      return '<hr>';
    case 'hardBreak':
      return '<br>';
    case 'image': {
      const src = safeUrl(node.attrs?.src, { image: true });
      if (!src) return '';
      const alt = escapeHtml(String(node.attrs?.alt ?? ''));
      const title = node.attrs?.title ? ` title="${escapeHtml(String(node.attrs.title))}"` : '';
      return `<img src="${escapeHtml(src)}" alt="${alt}"${title}>`;
    }
    case 'table':
      return `<table><tbody>${children(node)}</tbody></table>`;
    case 'tableRow':
      return `<tr>${children(node)}</tr>`;
    case 'tableHeader':
    case 'tableCell': {
      const tag = node.type === 'tableHeader' ? 'th' : 'td';
      const colspan = Number(node.attrs?.colspan) > 1 ? ` colspan="${Number(node.attrs?.colspan)}"` : '';
      const rowspan = Number(node.attrs?.rowspan) > 1 ? ` rowspan="${Number(node.attrs?.rowspan)}"` : '';
      return `<${tag}${colspan}${rowspan}>${children(node)}</${tag}>`;
    }
    default:
      // An unknown node keeps its text, escaped.
      return children(node);
  }
}

/** The document's body as an HTML fragment. */
export function docToHtml(doc: NoteDoc): string {
  return render(doc);
}

/** A whole HTML page for export. */
export function docToHtmlPage(title: string, doc: NoteDoc): string {
  const name = escapeHtml(title || 'Untitled');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#111}pre{background:#f4f4f5;padding:.75rem;border-radius:6px;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #d4d4d8;padding:.25rem .5rem}blockquote{border-left:3px solid #d4d4d8;margin-left:0;padding-left:1rem;color:#52525b}ul[data-type=taskList]{list-style:none;padding-left:.5rem}ul[data-type=taskList] li{display:flex;gap:.5rem}img{max-width:100%}</style>
</head>
<body>
<h1>${name}</h1>
${docToHtml(doc)}
</body>
</html>
`;
}
