/**
 * Suggestions for the expression being typed, from a sample scope (the fields seen in the last run).
 * Same signature and result as the shared `completions` in flow-expressions.ts, which replaces this one
 * once it lands: `insert` replaces the `replace` characters before the cursor. Here `insert` is always
 * the whole path from its `$` root (`$json.email`, `$node["Send mail"].json`) and `replace` covers the
 * path typed so far.
 */
export type Completion = { label: string; insert: string; replace: number; detail: string };

type Segment = string | number;
type ParsedPath = { start: number; root: string; segments: Segment[]; partial: string; partialKind: PartialKind };
/** What is being typed last: the root name (`$js`), a property after a dot, or a key inside brackets. */
type PartialKind = 'root' | 'dot' | 'bracket';

const identifier = /^[A-Za-z_$][\w$]*$/;
const MAX_SUGGESTIONS = 100;

/** The open `{{ … ` the cursor is in, or null when it is outside every expression. */
export function openExpression(textBeforeCursor: string): string | null {
  const open = textBeforeCursor.lastIndexOf('{{');
  if (open === -1) return null;
  const rest = textBeforeCursor.slice(open + 2);
  return rest.includes('}}') ? null : rest;
}

/** Parses a path like `$node["A b"].json.items[0].na` that runs to the end of `text`. */
function parsePathAt(text: string, start: number): ParsedPath | null {
  const rootMatch = /^\$[\w$]*/.exec(text.slice(start));
  if (!rootMatch) return null;
  let i = start + rootMatch[0].length;
  const root = rootMatch[0];
  if (i === text.length) return { start, root, segments: [], partial: root, partialKind: 'root' };
  const segments: Segment[] = [];
  while (i < text.length) {
    const ch = text[i];
    if (ch === '.') {
      const name = /^[\w$]*/.exec(text.slice(i + 1))?.[0] ?? '';
      i += 1 + name.length;
      if (i === text.length) return { start, root, segments, partial: name, partialKind: 'dot' };
      if (!name) return null;
      segments.push(name);
    } else if (ch === '[') {
      const rest = text.slice(i + 1);
      const whole = /^\s*(?:(\d+)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\]/.exec(rest);
      if (whole) {
        segments.push(whole[1] !== undefined ? Number(whole[1]) : unquote(whole[2] ?? whole[3] ?? ''));
        i += 1 + whole[0].length;
        continue;
      }
      const open = /^\s*(?:(\d*)|"((?:[^"\\]|\\.)*)|'((?:[^'\\]|\\.)*))$/.exec(rest);
      if (!open) return null;
      return { start, root, segments, partial: open[2] ?? open[3] ?? open[1] ?? '', partialKind: 'bracket' };
    } else {
      return null;
    }
  }
  return { start, root, segments, partial: '', partialKind: 'dot' };
}

function unquote(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}

/** The path at the end of the text (the leftmost `$` from which one runs to the end), or null. */
export function pathAtEnd(text: string): ParsedPath | null {
  for (let i = text.indexOf('$'); i !== -1; i = text.indexOf('$', i + 1)) {
    // A `$` inside a name (`a$b`) starts no path.
    if (i > 0 && /[\w$]/.test(text[i - 1] ?? '')) continue;
    const parsed = parsePathAt(text, i);
    if (parsed) return parsed;
  }
  return null;
}

export function formatPath(root: string, segments: readonly Segment[]): string {
  let path = root;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (identifier.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

/** A short description of a value for the suggestion list: its type and, for a scalar, the value. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array (${value.length})`;
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `string: ${JSON.stringify(shown)}`;
  }
  if (value === undefined) return 'undefined';
  return `${typeof value}: ${String(value)}`;
}

function childAt(value: unknown, segment: Segment): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return (value as Record<string | number, unknown>)[segment];
}

function matches(candidate: string, typed: string): boolean {
  return candidate.toLowerCase().startsWith(typed.toLowerCase());
}

export function completions(sample: Record<string, unknown>, textBeforeCursor: string): Completion[] {
  const expression = openExpression(textBeforeCursor);
  if (expression === null) return [];
  const parsed = pathAtEnd(expression);
  if (!parsed) {
    // Right after `{{` or an operator: offer the roots.
    if (/(^|[\s(,+\-*/%!?:<>=&|])$/.test(expression)) return rootSuggestions(sample, '');
    return [];
  }
  const replace = expression.length - parsed.start;
  if (parsed.partialKind === 'root') return rootSuggestions(sample, parsed.partial);

  let value: unknown = sample[parsed.root];
  if (!(parsed.root in sample)) return [];
  for (const segment of parsed.segments) value = childAt(value, segment);
  if (value === null || typeof value !== 'object') return [];

  const suggestions: Completion[] = [];
  if (Array.isArray(value)) {
    value.slice(0, MAX_SUGGESTIONS).forEach((element, index) => {
      if (!matches(String(index), parsed.partial)) return;
      suggestions.push({
        label: `[${index}]`,
        insert: formatPath(parsed.root, [...parsed.segments, index]),
        replace,
        detail: describeValue(element),
      });
    });
    return suggestions;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!matches(key, parsed.partial)) continue;
    suggestions.push({
      label: key,
      insert: formatPath(parsed.root, [...parsed.segments, key]),
      replace,
      detail: describeValue(child),
    });
    if (suggestions.length >= MAX_SUGGESTIONS) break;
  }
  return suggestions;
}

function rootSuggestions(sample: Record<string, unknown>, typed: string): Completion[] {
  return Object.entries(sample)
    .filter(([key]) => key.startsWith('$') && matches(key, typed))
    .map(([key, value]) => ({ label: key, insert: key, replace: typed.length, detail: describeValue(value) }));
}
