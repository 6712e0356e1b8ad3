import type { Field } from '@flowmind/shared/tables';

const NAME_MAX = 60;

/**
 * How an error message names a record of a batch, for the people who read it: by the primary value sent with
 * it, else by its place in the batch; a batch of one needs no name. Ids never go in a message (the error body
 * carries them in `recordId`).
 */
export function recordLabel({
  values,
  index,
  count,
  fields,
}: {
  values: Record<string, unknown>;
  index: number;
  count: number;
  fields: Iterable<Field>;
}): string | null {
  if (count <= 1) return null;
  const primary = [...fields].find((field) => field.isPrimary);
  const value = primary ? values[primary.id] : undefined;
  if ((typeof value === 'string' && value.trim()) || typeof value === 'number') {
    const text = String(value).trim();
    return `“${text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text}”`;
  }
  return `Record ${index + 1} of ${count}`;
}

/** The message with its record's name in front when the batch needs one, else as a sentence of its own. */
export const aboutRecord = (label: string | null, message: string) =>
  label ? `${label}: ${message}` : `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
