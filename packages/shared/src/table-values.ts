import { COMPUTED_FIELD_TYPES, type FieldOptions, type FieldType, SELECT_COLORS, type SelectOption } from './tables';

/** What value checks need to know about a field. */
export type FieldLike = { id: string; name: string; type: FieldType; options: FieldOptions };

export type ValueResult = { ok: true; value: unknown } | { ok: false; message: string };

const TEXT_MAX = 100_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^[+\d][\d\s().\-/]{2,39}$/;

export const isComputedType = (type: FieldType) => COMPUTED_FIELD_TYPES.includes(type);

/** Types whose values are strings and take part in quick search and text operators. */
export const TEXT_LIKE_TYPES: readonly FieldType[] = ['text', 'long_text', 'email', 'url', 'phone'];
export const NUMBER_LIKE_TYPES: readonly FieldType[] = ['number', 'currency', 'percent', 'rating', 'autonumber'];

const ok = (value: unknown): ValueResult => ({ ok: true, value });
const fail = (message: string): ValueResult => ({ ok: false, message });

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function isValidDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function choicesOf(options: FieldOptions): SelectOption[] {
  return options.type === 'single_select' || options.type === 'multi_select' ? options.choices : [];
}

/** An option by id, else by name (case-insensitive): APIs and CSV may send names. */
function findChoice(choices: SelectOption[], raw: string): SelectOption | undefined {
  const byId = choices.find((c) => c.id === raw);
  if (byId) return byId;
  const lower = raw.trim().toLowerCase();
  return choices.find((c) => c.name.toLowerCase() === lower);
}

/**
 * Checks a value written to a field and returns it in its stored form (option names become ids,
 * instants are normalised, empty becomes null). Writes to computed fields are refused.
 */
export function validateValue(field: FieldLike, value: unknown): ValueResult {
  const { name, options } = field;
  if (isComputedType(field.type)) return fail(`${name} is computed and cannot be written`);
  if (isEmpty(value)) return ok(null);
  switch (options.type) {
    case 'text':
    case 'long_text':
      if (typeof value !== 'string') return fail(`${name} must be text`);
      if (value.length > TEXT_MAX) return fail(`${name} is longer than ${TEXT_MAX} characters`);
      if (options.type === 'text' && value.includes('\n')) return ok(value.replace(/\r?\n/g, ' '));
      return ok(value);
    case 'email':
      if (typeof value !== 'string' || !EMAIL_RE.test(value.trim())) return fail(`${name} must be an email address`);
      return ok(value.trim());
    case 'url': {
      if (typeof value !== 'string') return fail(`${name} must be a URL`);
      return isUrl(value.trim()) ? ok(value.trim()) : fail(`${name} must be a URL`);
    }
    case 'phone':
      if (typeof value !== 'string' || !PHONE_RE.test(value.trim())) return fail(`${name} must be a phone number`);
      return ok(value.trim());
    case 'number':
    case 'currency':
    case 'percent':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${name} must be a number`);
      return ok(value);
    case 'rating':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > options.max)
        return fail(`${name} must be a whole number from 0 to ${options.max}`);
      return ok(value === 0 ? null : value);
    case 'checkbox':
      if (typeof value !== 'boolean') return fail(`${name} must be true or false`);
      return ok(value);
    case 'date':
      if (typeof value !== 'string' || !isValidDate(value)) return fail(`${name} must be a date (YYYY-MM-DD)`);
      return ok(value);
    case 'date_time': {
      if (typeof value !== 'string') return fail(`${name} must be a date and time (ISO 8601)`);
      const time = Date.parse(value);
      if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}T/.test(value))
        return fail(`${name} must be a date and time (ISO 8601)`);
      return ok(new Date(time).toISOString());
    }
    case 'single_select': {
      if (typeof value !== 'string') return fail(`${name} must be one option`);
      const choice = findChoice(options.choices, value);
      return choice ? ok(choice.id) : fail(`${name} has no option "${value}"`);
    }
    case 'multi_select': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        return fail(`${name} must be a list of options`);
      const ids: string[] = [];
      for (const item of value as string[]) {
        const choice = findChoice(options.choices, item);
        if (!choice) return fail(`${name} has no option "${item}"`);
        if (!ids.includes(choice.id)) ids.push(choice.id);
      }
      return ok(ids);
    }
    case 'link':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 64))
        return fail(`${name} must be a list of record ids`);
      return ok([...new Set(value as string[])]);
    case 'attachment':
      if (
        !Array.isArray(value) ||
        !value.every((v) => v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string')
      )
        return fail(`${name} must be a list of files`);
      return ok(value);
    default:
      return fail(`${name} cannot be written`);
  }
}

function isUrl(text: string): boolean {
  if (/\s/.test(text) || text.length > 2048) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

// Conversion between types --------------------------------------------------------------------

function precisionOf(options: FieldOptions): number {
  return 'precision' in options ? options.precision : 0;
}

/** A value as text, the way the grid shows it. */
export function formatValue(value: unknown, options: FieldOptions): string | null {
  if (isEmpty(value)) return null;
  switch (options.type) {
    case 'number':
      return typeof value === 'number' ? value.toFixed(precisionOf(options)) : String(value);
    case 'currency':
      return typeof value === 'number' ? `${options.symbol}${value.toFixed(options.precision)}` : String(value);
    case 'percent':
      return typeof value === 'number' ? `${(value * 100).toFixed(options.precision)}%` : String(value);
    case 'checkbox':
      return value === true ? 'true' : null;
    case 'single_select':
      return findChoice(options.choices, String(value))?.name ?? null;
    case 'multi_select':
    case 'link':
      if (!Array.isArray(value)) return String(value);
      if (options.type === 'link') return value.join(', ');
      return (
        value
          .map((id) => findChoice(options.choices, String(id))?.name ?? '')
          .filter(Boolean)
          .join(', ') || null
      );
    case 'attachment':
      return Array.isArray(value) ? value.map((v) => String((v as { name?: unknown }).name ?? '')).join(', ') : null;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

function parseNumber(text: string, percent: boolean): number | null {
  const trimmed = text.trim();
  const isPercent = trimmed.endsWith('%');
  const cleaned = trimmed.replace(/[%\s,]/g, '').replace(/^[^\d+\-.]+/, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const number = Number(cleaned);
  if (!Number.isFinite(number)) return null;
  return percent && isPercent ? number / 100 : number;
}

function parseDate(text: string): string | null {
  const trimmed = text.trim();
  if (isValidDate(trimmed)) return trimmed;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

function dateInZone(instant: string, timeZone: string): string | null {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return null;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      time,
    );
  } catch {
    return new Date(time).toISOString().slice(0, 10);
  }
}

/** Option ids held by a select value (none for other types). */
function selectIds(value: unknown, from: FieldOptions): string[] {
  if (from.type === 'single_select') return typeof value === 'string' ? [value] : [];
  if (from.type === 'multi_select') return Array.isArray(value) ? value.map(String) : [];
  return [];
}

const TRUTHY = new Set(['true', 'yes', 'y', '1', 'checked', 'x', 'on', '✓']);

/** Option names a conversion to a select type will need, from the source values. */
function namesFor(value: unknown, from: FieldOptions): string[] {
  if (isEmpty(value)) return [];
  if (from.type === 'multi_select' && Array.isArray(value))
    return value.map((id) => findChoice(from.choices, String(id))?.name).filter((n): n is string => Boolean(n));
  if (from.type === 'single_select') {
    const name = findChoice(from.choices, String(value))?.name;
    return name ? [name] : [];
  }
  const text = formatValue(value, from);
  if (!text) return [];
  return from.type === 'text' || from.type === 'long_text'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [text.trim()];
}

/**
 * The target options completed for a conversion: a change to a select type gains an option for
 * every distinct name among the source values (text → single select creates missing options).
 */
export function prepareTargetOptions(values: unknown[], from: FieldOptions, to: FieldOptions): FieldOptions {
  if (to.type !== 'single_select' && to.type !== 'multi_select') return to;
  const choices = [...to.choices];
  const known = new Set(choices.map((c) => c.name.toLowerCase()));
  for (const value of values) {
    let names = namesFor(value, from);
    if (to.type === 'single_select' && from.type !== 'text' && from.type !== 'long_text') names = names.slice(0, 1);
    if (to.type === 'single_select' && (from.type === 'text' || from.type === 'long_text')) {
      const whole = formatValue(value, from)?.trim();
      names = whole ? [whole] : [];
    }
    for (const name of names) {
      const key = name.toLowerCase();
      if (known.has(key) || choices.length >= 500) continue;
      known.add(key);
      // Reuse the source option's id and colour when there is one, so undo and links keep working.
      const source = findChoice(choicesOf(from), name);
      choices.push({
        id: source?.id ?? `opt${choices.length}_${Math.random().toString(36).slice(2, 8)}`,
        name: name.slice(0, 200),
        color: source?.color ?? (SELECT_COLORS[choices.length % SELECT_COLORS.length] as SelectOption['color']),
      });
    }
  }
  return { ...to, choices };
}

/** One stored value converted to another field type; `lost` when a value became empty. */
export function convertValue(value: unknown, from: FieldOptions, to: FieldOptions): { value: unknown; lost: boolean } {
  if (isEmpty(value)) return { value: null, lost: false };
  const result = convert(value, from, to);
  return isEmpty(result) ? { value: null, lost: true } : { value: result, lost: false };
}

function convert(value: unknown, from: FieldOptions, to: FieldOptions): unknown {
  if (from.type === to.type && to.type !== 'single_select' && to.type !== 'multi_select') {
    return value;
  }
  const text = formatValue(value, from);
  const field: FieldLike = { id: '', name: '', type: to.type, options: to };
  switch (to.type) {
    case 'text':
    case 'long_text':
      return text === null ? null : to.type === 'text' ? text.replace(/\r?\n/g, ' ') : text;
    case 'email':
    case 'url':
    case 'phone': {
      const result = validateValue(field, text?.trim() ?? null);
      return result.ok ? result.value : null;
    }
    case 'number':
    case 'currency':
    case 'percent':
    case 'rating': {
      let number: number | null;
      if (typeof value === 'number') number = value;
      else if (typeof value === 'boolean') number = value ? 1 : 0;
      else number = text === null ? null : parseNumber(text, to.type === 'percent');
      if (number === null) return null;
      if (to.type === 'rating') {
        const rounded = Math.round(number);
        return rounded >= 1 && rounded <= to.max ? rounded : null;
      }
      return number;
    }
    case 'checkbox':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      return text !== null && TRUTHY.has(text.trim().toLowerCase());
    case 'date':
      if (from.type === 'date_time' && typeof value === 'string') return dateInZone(value, from.timeZone);
      return text === null ? null : parseDate(text);
    case 'date_time': {
      if (text === null) return null;
      if (isValidDate(text.trim())) return new Date(`${text.trim()}T00:00:00Z`).toISOString();
      const time = Date.parse(text);
      return Number.isNaN(time) ? null : new Date(time).toISOString();
    }
    case 'single_select': {
      // Between select types an option keeps its id, so renamed options keep their values.
      const sameId = selectIds(value, from).find((id) => to.choices.some((c) => c.id === id));
      if (sameId) return sameId;
      const names =
        from.type === 'text' || from.type === 'long_text' ? [text?.trim() ?? ''] : namesFor(value, from).slice(0, 1);
      const choice = names[0] ? findChoice(to.choices, names[0]) : undefined;
      return choice?.id ?? null;
    }
    case 'multi_select': {
      const byId = selectIds(value, from).filter((id) => to.choices.some((c) => c.id === id));
      const ids =
        (from.type === 'single_select' || from.type === 'multi_select') && byId.length
          ? byId
          : namesFor(value, from)
              .map((name) => findChoice(to.choices, name)?.id)
              .filter((id): id is string => Boolean(id));
      return ids.length ? [...new Set(ids)] : null;
    }
    default:
      // link, attachment and computed types take no converted values.
      return null;
  }
}
