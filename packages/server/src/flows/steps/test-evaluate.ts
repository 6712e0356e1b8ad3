import type { Item } from '@flowmind/shared/flows';
import { getPath } from './item-path';

const WHOLE = /^\{\{\s*\$json\.([\w.]+)\s*\}\}$/;
const ANY = /\{\{\s*\$json\.([\w.]+)\s*\}\}/g;

/**
 * A stand-in for the expression sandbox in step tests: knows only `{{ $json.path }}`. A template that
 * is exactly one expression keeps the value's type, like the real one.
 */
export function jsonTemplates(template: unknown, item: Item): unknown {
  if (typeof template !== 'string') return template;
  const whole = WHOLE.exec(template);
  if (whole) return getPath(item, whole[1] as string);
  return template.replace(ANY, (_match, path: string) => {
    const value = getPath(item, path);
    return value === undefined || value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  });
}
