import { openExpression } from './completions';

export type Edit = { value: string; cursor: number };

/** Text split into plain runs and `{{ … }}` parts (an unclosed one runs to the end), for highlighting. */
export function expressionSegments(value: string): { text: string; expression: boolean }[] {
  const segments: { text: string; expression: boolean }[] = [];
  const pattern = /\{\{[\s\S]*?(?:\}\}|$)/g;
  let last = 0;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    if (match[0] === '') break;
    if (match.index > last) segments.push({ text: value.slice(last, match.index), expression: false });
    segments.push({ text: match[0], expression: true });
    last = match.index + match[0].length;
  }
  if (last < value.length) segments.push({ text: value.slice(last), expression: false });
  return segments;
}

/** Puts a chosen suggestion in place of the `replace` characters typed before the cursor. */
export function applyCompletion({ value, cursor, insert, replace }: Edit & { insert: string; replace: number }): Edit {
  const start = Math.max(0, cursor - replace);
  return { value: value.slice(0, start) + insert + value.slice(cursor), cursor: start + insert.length };
}

/** Puts a field path in at the selection: bare inside an open `{{`, else wrapped as `{{ path }}`. */
export function insertPath({
  value,
  start,
  end,
  path,
}: {
  value: string;
  start: number;
  end: number;
  path: string;
}): Edit {
  const inside = openExpression(value.slice(0, start)) !== null;
  const text = inside ? path : `{{ ${path} }}`;
  return { value: value.slice(0, start) + text + value.slice(end), cursor: start + text.length };
}

/** After `{{` is typed, adds the closing ` }}` and puts the cursor between, unless it is closed already. */
export function autoClose({ previous, value, cursor }: Edit & { previous: string }): Edit | null {
  if (value.length !== previous.length + 1 || value.slice(cursor - 2, cursor) !== '{{') return null;
  if (/^\s*\}\}/.test(value.slice(cursor))) return null;
  return { value: `${value.slice(0, cursor)}  }}${value.slice(cursor)}`, cursor: cursor + 1 };
}
