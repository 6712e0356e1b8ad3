import {
  COMPUTED_FIELD_TYPES,
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
/** Values the grid cannot write as text (links, attachments) or that the server computes. */
export const isReadOnly = (field: Field) => isComputed(field) || field.type === 'link' || field.type === 'attachment';

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

function formatDateTime(value: string, timeZone: string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return date.toISOString();
  }
}

function formatDay(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
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
      return typeof value === 'string' ? formatDay(value) : String(value);
    case 'date_time':
      return typeof value === 'string' ? formatDateTime(value, options.timeZone) : String(value);
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
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) return { ok: false, message: `"${text}" is not a date` };
      const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
      return ok(local.toISOString().slice(0, 10));
    }
    case 'date_time': {
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
    default:
      return ok(field.type === 'long_text' ? raw : text);
  }
}

export const emptyValue = (field: Field): unknown => (field.type === 'checkbox' ? false : null);

export function nextSelectColor(choices: SelectOption[]): SelectOption['color'] {
  return SELECT_COLORS[choices.length % SELECT_COLORS.length] ?? 'gray';
}
