import { csvCellValue, type ImportFailure, type ImportRows, isImportable } from '@flowmind/shared/csv-import';
import { AppError } from '@flowmind/shared/errors';
import type { Field } from '@flowmind/shared/tables';

/**
 * Reads a chunk of CSV rows into record values. A row with any unreadable cell is left out whole
 * (half a row would be harder to fix than none) and each of its bad cells becomes a failure;
 * blank rows are skipped.
 */
export function readImportRows(
  input: ImportRows,
  byId: Map<string, Field>,
): { values: Record<string, unknown>[]; failed: ImportFailure[] } {
  const targets = input.fieldIds.map((fieldId, index) => {
    if (fieldId === null) return null;
    const field = byId.get(fieldId);
    if (!field)
      throw new AppError(
        'bad_request',
        'A column goes to a field that is not in this table (it may have been deleted)',
        `fieldIds.${index}`,
      );
    if (!isImportable(field.type))
      throw new AppError('bad_request', `${field.name} cannot be imported into`, `fieldIds.${index}`);
    return field;
  });
  const seen = new Set<string>();
  for (const [index, field] of targets.entries()) {
    if (!field) continue;
    if (seen.has(field.id))
      throw new AppError('bad_request', `Two columns go to ${field.name}; choose one`, `fieldIds.${index}`);
    seen.add(field.id);
  }

  const values: Record<string, unknown>[] = [];
  const failed: ImportFailure[] = [];
  input.rows.forEach((cells, index) => {
    const row = input.firstRowNumber + index;
    // Blank lines stay in the chunk so row numbers match the file; they make no record.
    if (cells.every((cell) => cell.trim() === '')) return;
    const record: Record<string, unknown> = {};
    let good = true;
    targets.forEach((field, column) => {
      if (!field) return;
      const result = csvCellValue(field, cells[column] ?? '');
      if (!result.ok) {
        good = false;
        failed.push({ row, fieldId: field.id, fieldName: field.name, reason: result.message });
      } else if (result.value !== null) record[field.id] = result.value;
    });
    if (good) values.push(record);
  });
  return { values, failed };
}
