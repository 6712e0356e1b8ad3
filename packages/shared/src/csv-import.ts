import { z } from 'zod';
import { convertValue, type FieldLike, isComputedType, type ValueResult, validateValue } from './table-values';
import { type FieldOptions, type FieldType, SELECT_COLORS, type SelectOption } from './tables';

// Parsing ----------------------------------------------------------------------------------------

export type CsvDelimiter = ',' | ';' | '\t';
const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * An RFC 4180 parser fed text in pieces (a file stream): quoted cells, doubled quotes, CRLF or LF,
 * line breaks inside quotes, a leading BOM. Each piece is scanned once and cells are cut with
 * `slice`, so a large file costs time in proportion to its size.
 */
export class CsvParser {
  private delimiter: number | null;
  private row: string[] = [];
  private cell = '';
  private inQuotes = false;
  /** A quote seen inside a quoted cell: either the end of the cell or the first of a doubled pair. */
  private quotePending = false;
  private afterCr = false;
  private started = false;
  private cellStarted = false;
  /** True when the input ended inside a quoted cell. */
  unterminatedQuote = false;

  constructor(options: { delimiter?: CsvDelimiter } = {}) {
    this.delimiter = options.delimiter ? options.delimiter.charCodeAt(0) : null;
  }

  get detectedDelimiter(): CsvDelimiter {
    return String.fromCharCode(this.delimiter ?? 44) as CsvDelimiter;
  }

  /** Parses a piece of text and returns the rows it completed. */
  push(text: string): string[][] {
    let input = text;
    if (!this.started) {
      if (input.length === 0) return [];
      this.started = true;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
      this.delimiter ??= detectDelimiter(input).charCodeAt(0);
    }
    const rows: string[][] = [];
    const delimiter = this.delimiter ?? 44;
    const length = input.length;
    let start = 0;
    let i = 0;
    while (i < length) {
      const code = input.charCodeAt(i);
      if (this.afterCr) {
        this.afterCr = false;
        if (code === LF) {
          i++;
          start = i;
          continue;
        }
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (code === QUOTE) {
            this.cell += '"';
            i++;
            start = i;
            continue;
          }
          this.inQuotes = false;
          start = i;
          continue;
        }
        const next = input.indexOf('"', i);
        if (next === -1) {
          this.cell += input.slice(i);
          i = length;
          start = length;
          break;
        }
        this.cell += input.slice(i, next);
        this.quotePending = true;
        i = next + 1;
        start = i;
        continue;
      }
      if (code === QUOTE && !this.cellStarted && start === i) {
        this.inQuotes = true;
        this.cellStarted = true;
        i++;
        start = i;
        continue;
      }
      if (code === delimiter) {
        this.row.push(this.cell + input.slice(start, i));
        this.cell = '';
        this.cellStarted = false;
        i++;
        start = i;
        continue;
      }
      if (code === LF || code === CR) {
        this.row.push(this.cell + input.slice(start, i));
        rows.push(this.row);
        this.row = [];
        this.cell = '';
        this.cellStarted = false;
        this.afterCr = code === CR;
        i++;
        start = i;
        continue;
      }
      this.cellStarted = true;
      i++;
    }
    if (start < length) {
      this.cell += input.slice(start, length);
      this.cellStarted = true;
    }
    return rows;
  }

  /** Ends the input and returns the last row, if it had no line break after it. */
  end(): string[][] {
    if (this.inQuotes && !this.quotePending) this.unterminatedQuote = true;
    this.inQuotes = false;
    this.quotePending = false;
    if (this.row.length === 0 && !this.cellStarted && this.cell === '') return [];
    this.row.push(this.cell);
    const row = this.row;
    this.row = [];
    this.cell = '';
    this.cellStarted = false;
    return [row];
  }
}

/** The delimiter among , ; and tab that appears most in the first lines (outside quotes). */
export function detectDelimiter(sample: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  let lines = 0;
  for (let i = 0; i < sample.length && i < 64_000 && lines < 10; i++) {
    const char = sample[i] as string;
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && char === '\n') lines++;
    else if (!inQuotes && char in counts) counts[char as CsvDelimiter]++;
  }
  const best = (Object.entries(counts) as [CsvDelimiter, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ',';
}

/** Parses a whole text at once; blank lines are dropped. */
export function parseCsv(text: string, options: { delimiter?: CsvDelimiter } = {}): string[][] {
  const parser = new CsvParser(options);
  return [...parser.push(text), ...parser.end()].filter((row) => !isBlankRow(row));
}

export const isBlankRow = (row: string[]) => row.every((cell) => cell.trim() === '');

// Type inference ---------------------------------------------------------------------------------

/** Field types a CSV column can become. */
export const IMPORTABLE_TYPES = [
  'text',
  'long_text',
  'number',
  'currency',
  'percent',
  'checkbox',
  'date',
  'date_time',
  'email',
  'url',
  'phone',
  'single_select',
  'multi_select',
  'rating',
] as const satisfies readonly FieldType[];
export type ImportableType = (typeof IMPORTABLE_TYPES)[number];

export const isImportable = (type: FieldType): boolean =>
  !isComputedType(type) && (IMPORTABLE_TYPES as readonly string[]).includes(type);

const BOOLEAN_WORDS = new Set(['true', 'false', 'yes', 'no', 'y', 'n', 'checked', 'unchecked', 'x', '✓']);
const FALSY_WORDS = new Set(['false', 'no', 'n', '0', 'unchecked', 'off']);
const PLAIN_NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$/;
const CURRENCY = /^[+-]?[$€£¥]\s?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s?[$€£¥]$/;
const PERCENT = /^[+-]?\d+(\.\d+)?\s?%$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLASH_DATE = /^\d{1,4}[/.]\d{1,2}[/.]\d{1,4}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_LIKE = /^(https?:\/\/|www\.)\S+\.\S+$/i;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const SELECT_MAX_CHOICES = 20;

export type InferredColumn = {
  type: ImportableType;
  /** Currency symbol for `currency`; option names for selects (in first-seen order). */
  symbol?: string;
  /** Decimal places for number types: the most any sampled value has, so none shows rounded. */
  precision?: number;
  choices?: string[];
};

const every = (values: string[], test: (value: string) => boolean) => values.length > 0 && values.every(test);

function distinct(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  return [...seen.values()];
}

const decimals = (values: string[]) =>
  Math.min(8, Math.max(0, ...values.map((v) => /\.(\d+)/.exec(v)?.[1]?.length ?? 0)));

const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * The likeliest field type for a column from a sample of its cells. A type is chosen only when
 * every non-empty cell fits it, so inference never loses a value; the user can still correct it.
 */
export function inferColumn(cells: string[]): InferredColumn {
  const values = cells.map((cell) => cell.trim()).filter(Boolean);
  if (values.length === 0) return { type: 'text' };
  if (every(values, (v) => BOOLEAN_WORDS.has(v.toLowerCase())) && distinct(values).length <= 2)
    return { type: 'checkbox' };
  if (every(values, (v) => PLAIN_NUMBER.test(v))) return { type: 'number', precision: decimals(values) };
  if (every(values, (v) => CURRENCY.test(v)))
    return {
      type: 'currency',
      symbol: /[$€£¥]/.exec(values[0] as string)?.[0] ?? '$',
      precision: Math.max(2, decimals(values)),
    };
  if (every(values, (v) => PERCENT.test(v))) return { type: 'percent', precision: decimals(values) };
  if (every(values, (v) => ISO_DATE.test(v) || (SLASH_DATE.test(v) && !Number.isNaN(Date.parse(v)))))
    return { type: 'date' };
  if (every(values, (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T')))))
    return { type: 'date_time' };
  if (every(values, (v) => EMAIL.test(v))) return { type: 'email' };
  if (every(values, (v) => URL_LIKE.test(v))) return { type: 'url' };
  if (every(values, (v) => PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7)) return { type: 'phone' };
  if (values.some((v) => v.includes('\n') || v.length > 200)) return { type: 'long_text' };
  const names = distinct(values);
  // A column of few repeated values reads as options; a few short lists of them as several options.
  if (values.some((v) => v.includes(','))) {
    const tokens = values.flatMap(splitNames);
    const tokenNames = distinct(tokens);
    if (tokenNames.length <= SELECT_MAX_CHOICES && tokenNames.length <= tokens.length / 2)
      return { type: 'multi_select', choices: tokenNames };
  }
  if (values.length >= 4 && names.length <= SELECT_MAX_CHOICES && names.length <= values.length / 2)
    return { type: 'single_select', choices: names };
  return { type: 'text' };
}

/** Distinct option names of a column for a new select field (at most 500, the field's limit). */
export function collectChoices(cells: Iterable<string>, type: 'single_select' | 'multi_select'): string[] {
  const seen = new Map<string, string>();
  for (const cell of cells) {
    const names = type === 'multi_select' ? splitNames(cell) : [cell.trim()].filter(Boolean);
    for (const name of names) {
      if (seen.size >= 500) return [...seen.values()];
      const key = name.toLowerCase();
      if (!seen.has(key)) seen.set(key, name.slice(0, 200));
    }
  }
  return [...seen.values()];
}

/** Options for a new field of a chosen type; selects get an option per name. */
export function optionsForImport(
  type: ImportableType,
  extra: { symbol?: string; precision?: number; choices?: string[] },
): FieldOptions {
  switch (type) {
    case 'number':
      return { type, precision: extra.precision ?? 0 };
    case 'currency':
      return { type, precision: extra.precision ?? 2, symbol: extra.symbol ?? '$' };
    case 'percent':
      return { type, precision: extra.precision ?? 0 };
    case 'date_time':
      return { type, timeZone: 'UTC' };
    case 'rating':
      return { type, max: 5 };
    case 'single_select':
    case 'multi_select':
      return {
        type,
        choices: (extra.choices ?? []).map(
          (name, index): SelectOption => ({
            id: `opt${index}_${Math.random().toString(36).slice(2, 8)}`,
            name,
            color: SELECT_COLORS[index % SELECT_COLORS.length] as SelectOption['color'],
          }),
        ),
      };
    default:
      return { type };
  }
}

// Conversion -------------------------------------------------------------------------------------

const TEXT: FieldOptions = { type: 'text' };

/**
 * A CSV cell as the stored value of a field, by the same rules as a type change from text
 * (`convertValue`) and checked by `validateValue`; a cell that cannot be read gets the reason.
 */
export function csvCellValue(field: FieldLike, raw: string): ValueResult {
  // PostgreSQL text and jsonb cannot hold NUL, and one would fail the whole chunk.
  const text = raw.includes('\u0000') ? raw.replaceAll('\u0000', '') : raw;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const type = field.options.type;
  if (!isImportable(type)) return { ok: false, message: `${field.name} cannot be imported into` };
  if (type === 'text' || type === 'long_text') return validateValue(field, text);
  if (type === 'multi_select') return validateValue(field, splitNames(trimmed));
  if (type === 'checkbox') {
    const lower = trimmed.toLowerCase();
    if (FALSY_WORDS.has(lower)) return { ok: true, value: false };
  }
  const converted = convertValue(trimmed, TEXT, field.options);
  if (converted.lost || (type === 'checkbox' && converted.value === false)) {
    const reason = validateValue(field, trimmed);
    return { ok: false, message: reason.ok ? `${field.name} cannot read "${trimmed}"` : reason.message };
  }
  return validateValue(field, converted.value);
}

// The import API ---------------------------------------------------------------------------------

export const IMPORT_CHUNK_ROWS = 1000;

export const ImportRows = z.object({
  /** The field each cell goes to, by position; null skips that column. */
  fieldIds: z.array(z.string().min(1).max(64).nullable()).min(1).max(500),
  /** The file's row number of the first row here, so failures name rows as the user sees them (blank rows are sent and skipped). */
  firstRowNumber: z.number().int().min(1),
  rows: z
    .array(z.array(z.string().max(100_000)))
    .min(1)
    .max(IMPORT_CHUNK_ROWS),
});
export type ImportRows = z.infer<typeof ImportRows>;

export const ImportFailure = z.object({
  row: z.number().int(),
  fieldId: z.string().nullable(),
  fieldName: z.string().nullable(),
  reason: z.string(),
});
export type ImportFailure = z.infer<typeof ImportFailure>;

export const ImportResult = z.object({
  imported: z.number().int(),
  failed: z.array(ImportFailure),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** Room for one chunk's JSON; the server takes up to 8 MB, so long cells still fit with margin. */
const CHUNK_MAX_CHARS = 4_000_000;

/**
 * Cuts data rows into import chunks of at most 1000 rows and about 4 MB, each with the file row
 * number of its first row (`firstRowNumber` of the first data row: 2 after a header line).
 */
export function* importChunks(
  rows: string[][],
  { firstRowNumber }: { firstRowNumber: number },
): Generator<{ firstRowNumber: number; rows: string[][] }> {
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let chars = 0;
    while (end < rows.length && end - start < IMPORT_CHUNK_ROWS) {
      const row = rows[end] as string[];
      const size = row.reduce((sum, cell) => sum + cell.length + 4, 2);
      if (end > start && chars + size > CHUNK_MAX_CHARS) break;
      chars += size;
      end++;
    }
    yield { firstRowNumber: firstRowNumber + start, rows: rows.slice(start, end) };
    start = end;
  }
}
