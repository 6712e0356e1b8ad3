import type { Item } from '@flowmind/shared/flows';
import { formatPath } from './completions';

/** The keys of the items in first-seen order: the columns of the table view. */
export function itemColumns(items: readonly Item[], limit = 100): string[] {
  const columns = new Set<string>();
  for (const item of items) {
    for (const key of Object.keys(item)) {
      columns.add(key);
      if (columns.size >= limit) return [...columns];
    }
  }
  return [...columns];
}

/** A cell's text: scalars as they are, objects and lists as compact JSON cut to `max` characters. */
export function cellText(value: unknown, max = 120): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export type ValueType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** One field in the schema view: its name, the types seen, an example, the expression that reads it, and its fields. */
export type SchemaNode = {
  key: string;
  types: ValueType[];
  example: unknown;
  path: string;
  children: SchemaNode[];
};

export function valueType(value: unknown): ValueType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

/**
 * The fields of a list of items merged into one tree: a field present in any item appears once with
 * every type seen; a list's elements are merged under `[0]`. Paths read as expressions from `root`.
 */
export function schemaOf(items: readonly unknown[], root = '$json', depthLimit = 6): SchemaNode[] {
  return mergeFields(items, root, [], depthLimit);
}

function mergeFields(
  values: readonly unknown[],
  root: string,
  segments: (string | number)[],
  depth: number,
): SchemaNode[] {
  const fields = new Map<string, unknown[]>();
  for (const value of values) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const seen = fields.get(key);
      if (seen) seen.push(child);
      else fields.set(key, [child]);
    }
  }
  return [...fields].map(([key, seen]) => describe(key, seen, root, [...segments, key], depth));
}

function describe(
  key: string,
  seen: unknown[],
  root: string,
  segments: (string | number)[],
  depth: number,
): SchemaNode {
  const types = [...new Set(seen.map(valueType))];
  const example = seen.find((value) => value !== null && value !== undefined) ?? null;
  const node: SchemaNode = { key, types, example, path: formatPath(root, segments), children: [] };
  if (depth <= 1) return node;
  const objects = seen.filter((value) => valueType(value) === 'object');
  const elements = seen.filter(Array.isArray).flat();
  node.children = mergeFields(objects, root, segments, depth - 1);
  if (elements.length) {
    const elementTypes = [...new Set(elements.map(valueType))];
    node.children.push({
      key: '[0]',
      types: elementTypes,
      example: elements[0] ?? null,
      path: formatPath(root, [...segments, 0]),
      children: mergeFields(elements, root, [...segments, 0], depth - 1),
    });
  }
  return node;
}
