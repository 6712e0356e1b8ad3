import { StepError } from './step';

/** Readers for resolved params: expressions may give strings where the form saved numbers or booleans. */

export function readNumber(
  value: unknown,
  label: string,
  { min, integer = false }: { min?: number; integer?: boolean } = {},
) {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new StepError(`${label} must be a number`);
  if (integer && !Number.isInteger(number)) throw new StepError(`${label} must be a whole number`);
  if (min !== undefined && number < min) throw new StepError(`${label} must be at least ${min}`);
  return number;
}

export function readBoolean(value: unknown, label: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null || value === '') return false;
  const text = String(value).trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new StepError(`${label} must be true or false`);
}

export function readText(value: unknown, label: string, { required = false } = {}): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
  if (required && text.trim() === '') throw new StepError(`${label} is required`);
  return text;
}

/** A list param of objects (assignments, key-value pairs, cases). */
export function readList(value: unknown, label: string): Record<string, unknown>[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value)) throw new StepError(`${label} must be a list`);
  return value.map((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new StepError(`${label}: entry ${index + 1} is not an object`);
    return entry as Record<string, unknown>;
  });
}

/** Assignments `[{ name, value }]`; entries without a name are skipped (a row still being typed). */
export function readAssignments(value: unknown, label: string): { name: string; value: unknown }[] {
  return readList(value, label)
    .map((entry) => ({ name: readText(entry.name, `${label}: name`).trim(), value: entry.value }))
    .filter((entry) => entry.name !== '');
}
