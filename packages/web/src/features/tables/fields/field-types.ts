import { validateValue } from '@flowmind/shared/table-values';
import {
  COMPUTED_FIELD_TYPES,
  type DateFormat,
  type Field,
  type FieldOptions,
  type FieldType,
  SELECT_COLORS,
  type SelectOption,
} from '@flowmind/shared/tables';
import {
  AtSign,
  Calculator,
  Calendar,
  CalendarClock,
  CheckSquare,
  CircleDollarSign,
  CircleDot,
  CircleUser,
  Clock,
  Globe,
  Hash,
  History,
  Link2,
  List,
  ListChecks,
  type LucideIcon,
  Paperclip,
  Percent,
  Phone,
  Search,
  Sigma,
  Star,
  Text,
  TextQuote,
} from 'lucide-react';
import { instantOfWallClock, zoneOffsetMinutes } from '../../../lib/time-zones';

export const fieldTypeInfo: Record<FieldType, { label: string; icon: LucideIcon }> = {
  text: { label: 'Single line text', icon: Text },
  long_text: { label: 'Long text', icon: TextQuote },
  number: { label: 'Number', icon: Hash },
  currency: { label: 'Currency', icon: CircleDollarSign },
  percent: { label: 'Percent', icon: Percent },
  checkbox: { label: 'Checkbox', icon: CheckSquare },
  date: { label: 'Date', icon: Calendar },
  date_time: { label: 'Date and time', icon: CalendarClock },
  single_select: { label: 'Single select', icon: CircleDot },
  multi_select: { label: 'Multiple select', icon: ListChecks },
  email: { label: 'Email', icon: AtSign },
  url: { label: 'URL', icon: Globe },
  phone: { label: 'Phone', icon: Phone },
  rating: { label: 'Rating', icon: Star },
  link: { label: 'Link to another table', icon: Link2 },
  lookup: { label: 'Lookup', icon: Search },
  rollup: { label: 'Rollup', icon: Sigma },
  formula: { label: 'Formula', icon: Calculator },
  created_time: { label: 'Created time', icon: Clock },
  updated_time: { label: 'Last modified time', icon: History },
  created_by: { label: 'Created by', icon: CircleUser },
  autonumber: { label: 'Autonumber', icon: List },
  attachment: { label: 'Attachment', icon: Paperclip },
};

export const isComputed = (field: Field) => COMPUTED_FIELD_TYPES.includes(field.type);
/** Values the grid cannot edit (attachments come with uploads) or that the server computes. */
export const isReadOnly = (field: Field) => isComputed(field) || field.type === 'attachment';

export const selectColorClasses: Record<(typeof SELECT_COLORS)[number], string> = {
  gray: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  pink: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200',
};

/** The options a new field of `type` starts with (the server fills the same defaults). */
export function defaultOptions(type: FieldType): FieldOptions {
  switch (type) {
    case 'number':
    case 'percent':
      return { type, precision: 0 };
    case 'currency':
      return { type, precision: 2, symbol: '$' };
    case 'date_time':
      return { type, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
    case 'single_select':
    case 'multi_select':
      return { type, choices: [] };
    case 'rating':
      return { type, max: 5 };
    case 'link':
      return { type, linkedTableId: '', inverseFieldId: null };
    case 'lookup':
      return { type, linkFieldId: '', targetFieldId: '' };
    case 'rollup':
      return { type, linkFieldId: '', targetFieldId: '', fn: 'count' };
    case 'formula':
      return { type, expression: '' };
    default:
      return { type } as FieldOptions;
  }
}

export function choicesOf(field: Field): SelectOption[] {
  const options = field.options;
  return options.type === 'single_select' || options.type === 'multi_select' ? options.choices : [];
}

function formatNumber(value: number, precision: number) {
  return value.toLocaleString(undefined, { minimumFractionDigits: precision, maximumFractionDigits: precision });
}

export const dateFormatLabels: Record<DateFormat, string> = {
  friendly: 'Friendly (Nov 23, 2026)',
  iso: 'ISO (2026-11-23)',
  us: 'US (11/23/2026)',
  european: 'European (23/11/2026)',
};

/** A date in one of the numeric formats; `withTime` adds hours and minutes (12-hour for US). */
function numericDate(date: Date, timeZone: string, format: Exclude<DateFormat, 'friendly'>, withTime: boolean) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: format === 'us' ? 'h12' : 'h23',
      timeZone,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const day =
    format === 'iso'
      ? `${parts.year}-${parts.month}-${parts.day}`
      : format === 'us'
        ? `${parts.month}/${parts.day}/${parts.year}`
        : `${parts.day}/${parts.month}/${parts.year}`;
  if (!withTime) return day;
  return `${day} ${parts.hour}:${parts.minute}${format === 'us' ? ` ${parts.dayPeriod}` : ''}`;
}

/** An instant as the wall-clock "YYYY-MM-DDTHH:mm" of `timeZone` (what a datetime-local input holds). */
export function toZonedInput(iso: unknown, timeZone: string): string {
  if (typeof iso !== 'string') return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  try {
    return new Date(time + zoneOffsetMinutes(time, timeZone) * 60_000).toISOString().slice(0, 16);
  } catch {
    return new Date(time).toISOString().slice(0, 16);
  }
}

/** A wall-clock "YYYY-MM-DDTHH:mm" of `timeZone` as an ISO instant (null when it is not such a text). */
export function fromZonedInput(text: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s || 0);
  try {
    return new Date(instantOfWallClock(wall, timeZone)).toISOString();
  } catch {
    return new Date(wall).toISOString();
  }
}

function formatDateTime(value: string, timeZone: string, format: DateFormat = 'friendly') {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    if (format !== 'friendly') return numericDate(date, timeZone, format, true);
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return date.toISOString();
  }
}

function formatDay(value: string, format: DateFormat = 'friendly') {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  if (format !== 'friendly') return numericDate(date, 'UTC', format, false);
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The value as a person reads it (the grid's plain cells, the record panel, copy). */
export function displayText(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const options = field.options;
  switch (options.type) {
    case 'number':
      return typeof value === 'number' ? formatNumber(value, options.precision) : String(value);
    case 'currency':
      return typeof value === 'number' ? `${options.symbol}${formatNumber(value, options.precision)}` : String(value);
    case 'percent':
      return typeof value === 'number' ? `${formatNumber(value * 100, options.precision)}%` : String(value);
    case 'checkbox':
      return value ? 'checked' : '';
    case 'date':
      return typeof value === 'string' ? formatDay(value, options.format) : String(value);
    case 'date_time':
      return typeof value === 'string' ? formatDateTime(value, options.timeZone, options.format) : String(value);
    case 'created_time':
    case 'updated_time':
      return typeof value === 'string' ? formatDateTime(value, 'UTC') : String(value);
    case 'single_select':
      return options.choices.find((choice) => choice.id === value)?.name ?? String(value);
    case 'multi_select':
      return Array.isArray(value)
        ? value.map((id) => options.choices.find((choice) => choice.id === id)?.name ?? String(id)).join(', ')
        : String(value);
    case 'link':
      return Array.isArray(value) ? `${value.length} linked ${value.length === 1 ? 'record' : 'records'}` : '';
    case 'attachment':
      return Array.isArray(value) ? value.map((file) => (file as { name?: string }).name ?? '').join(', ') : '';
    default:
      if (Array.isArray(value)) return value.map(String).join(', ');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

/** The text an editor starts with, and what copy puts on the clipboard: round-trips through `parseText`. */
export function editText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'rating':
      return String(value);
    case 'percent':
      return typeof value === 'number' ? String(Math.round(value * 100 * 1e8) / 1e8) : String(value);
    case 'checkbox':
      return value ? 'true' : 'false';
    case 'date_time':
      return typeof value === 'string' ? value : String(value);
    default:
      return displayText(field, value);
  }
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): ParseResult => ({ ok: true, value });

/**
 * Turns typed or pasted text into the API value for `field`. Unknown select names are refused here rather than
 * creating options behind the user's back.
 */
export function parseText(field: Field, raw: string): ParseResult {
  const text = raw.trim();
  if (text === '') return ok(field.type === 'checkbox' ? false : null);
  const options = field.options;
  switch (options.type) {
    case 'number':
    case 'currency':
    case 'rating': {
      // A leading currency symbol is allowed ("$12.50"); anything else that is not a number is refused.
      const digits = text.replace(/[\s,]/g, '').replace(/^[^\d+\-.]+/, '');
      const number = digits === '' ? Number.NaN : Number(digits);
      if (!Number.isFinite(number)) return { ok: false, message: `"${text}" is not a number` };
      if (options.type === 'rating') return ok(Math.max(0, Math.min(options.max, Math.round(number))));
      return ok(number);
    }
    case 'percent': {
      const number = Number(text.replace(/[\s,%]/g, ''));
      if (!Number.isFinite(number)) return { ok: false, message: `"${text}" is not a number` };
      return ok(number / 100);
    }
    case 'checkbox':
      return ok(/^(true|yes|y|1|x|checked|✓|✔)$/i.test(text));
    case 'date': {
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return ok(text);
      // Day-first or month-first numbers follow the field's format.
      const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
      if (numeric && (options.format === 'european' || options.format === 'us')) {
        const [first, second, year] = [numeric[1], numeric[2], numeric[3]];
        const [month, day] = options.format === 'us' ? [first, second] : [second, first];
        const iso = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
        if (!Number.isNaN(new Date(`${iso}T00:00:00Z`).getTime())) return ok(iso);
      }
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) return { ok: false, message: `"${text}" is not a date` };
      const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
      return ok(local.toISOString().slice(0, 10));
    }
    case 'date_time': {
      // A time without a zone is a time in the field's zone.
      const zoned = fromZonedInput(text, options.timeZone);
      if (zoned) return ok(zoned);
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) return { ok: false, message: `"${text}" is not a date and time` };
      return ok(date.toISOString());
    }
    case 'single_select': {
      const choice = options.choices.find((option) => option.name.toLowerCase() === text.toLowerCase());
      if (!choice) return { ok: false, message: `"${text}" is not an option of ${field.name}` };
      return ok(choice.id);
    }
    case 'multi_select': {
      const names = text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const ids: string[] = [];
      for (const name of names) {
        const choice = options.choices.find((option) => option.name.toLowerCase() === name.toLowerCase());
        if (!choice) return { ok: false, message: `"${name}" is not an option of ${field.name}` };
        ids.push(choice.id);
      }
      return ok(ids);
    }
    case 'link':
      return { ok: false, message: `${field.name}: pick linked records with the picker (Enter)` };
    case 'email':
    case 'url':
    case 'phone':
    case 'text':
    case 'long_text': {
      // The server's own check, so a value it would refuse is caught while it is still in the editor.
      const checked = validateValue(field, field.type === 'long_text' ? raw : text);
      return checked.ok ? ok(checked.value) : { ok: false, message: checked.message };
    }
    default:
      return ok(field.type === 'long_text' ? raw : text);
  }
}

export const emptyValue = (field: Field): unknown => (field.type === 'checkbox' ? false : null);

export function nextSelectColor(choices: SelectOption[]): SelectOption['color'] {
  return SELECT_COLORS[choices.length % SELECT_COLORS.length] ?? 'gray';
}
