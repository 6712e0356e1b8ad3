import type { Item } from '@flowmind/shared/flows';
import { StepError } from './step';

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** A field name split at dots: `user.name` → `['user', 'name']`. */
export function pathOf(name: string): string[] {
  const parts = name.split('.').map((part) => part.trim());
  if (parts.some((part) => part === '')) throw new StepError(`"${name}" is not a field name`);
  if (parts.some((part) => FORBIDDEN.has(part))) throw new StepError(`"${name}" cannot be used as a field name`);
  return parts;
}

/** The value at a dotted field name, or undefined. */
export function getPath(item: unknown, name: string): unknown {
  let value: unknown = item;
  for (const part of pathOf(name)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A copy of `item` with the value at a dotted name set. Objects on the path are copied, never
 * changed; a non-object on the way is replaced by an object.
 */
export function setPath(item: Item, name: string, value: unknown): Item {
  const [head, ...rest] = pathOf(name) as [string, ...string[]];
  if (rest.length === 0) return { ...item, [head]: value };
  const child = isPlainObject(item[head]) ? item[head] : {};
  return { ...item, [head]: setPath(child, rest.join('.'), value) };
}
