import {
  collectChoices,
  type ImportableType,
  type InferredColumn,
  inferColumn,
  isImportable,
  optionsForImport,
} from '@flowmind/shared/csv-import';
import type { Field, FieldOptions } from '@flowmind/shared/tables';

/** The target of a column that becomes a new field. */
export const NEW_FIELD = 'new';
const SAMPLE_ROWS = 1000;

export type CsvColumn = {
  index: number;
  name: string;
  include: boolean;
  /** An existing field id, or NEW_FIELD. */
  target: string;
  /** The type of the new field (inferred, then maybe corrected). */
  type: ImportableType;
  inferred: InferredColumn;
};

export const dataRowsOf = (rows: string[][], headerRow: boolean) => (headerRow ? rows.slice(1) : rows);

/** Columns of a file with their inferred types, matched by name onto existing fields. */
export function buildColumns(rows: string[][], headerRow: boolean, fields: Field[]): CsvColumn[] {
  const header = headerRow ? (rows[0] ?? []) : [];
  const sample = dataRowsOf(rows, headerRow).slice(0, SAMPLE_ROWS);
  const width = Math.max(header.length, ...sample.map((row) => row.length));
  const byName = new Map(
    fields.filter((field) => isImportable(field.type)).map((field) => [field.name.trim().toLowerCase(), field]),
  );
  return Array.from({ length: width }, (_, index) => {
    const name = header[index]?.trim() || `Column ${index + 1}`;
    const inferred = inferColumn(sample.map((row) => row[index] ?? ''));
    const match = byName.get(name.toLowerCase());
    return { index, name, include: true, target: match?.id ?? NEW_FIELD, type: inferred.type, inferred };
  });
}

/** A mapping problem that stops the import, or null. */
export function mappingProblem(columns: CsvColumn[]): string | null {
  const included = columns.filter((column) => column.include);
  if (included.length === 0) return 'Choose at least one column to import.';
  const seen = new Set<string>();
  for (const column of included) {
    if (column.target === NEW_FIELD) {
      if (!column.name.trim()) return `Column ${column.index + 1} needs a field name.`;
      continue;
    }
    if (seen.has(column.target)) return `Two columns go to the same field; choose another for “${column.name}”.`;
    seen.add(column.target);
  }
  return null;
}

/** Options of the new field a column becomes; select fields get an option per distinct value of the file. */
export function newFieldOptions(column: CsvColumn, dataRows: string[][]): FieldOptions {
  const choices =
    column.type === 'single_select' || column.type === 'multi_select'
      ? collectChoices(
          dataRows.map((row) => row[column.index] ?? ''),
          column.type,
        )
      : undefined;
  // A type corrected to a number without inference keeps two decimals, so no value shows rounded.
  const precision = column.inferred.precision ?? (column.type === 'number' ? 2 : undefined);
  return optionsForImport(column.type, { symbol: column.inferred.symbol, precision, choices });
}

/** A name not yet taken by a field (case-insensitive), by adding a number. */
export function freeName(name: string, taken: Set<string>): string {
  let candidate = name.trim().slice(0, 120);
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name.trim().slice(0, 110)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
