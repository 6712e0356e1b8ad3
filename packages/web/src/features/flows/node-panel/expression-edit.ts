import { openExpression } from './completions';

export type Edit = { value: string; cursor: number };

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
