import type { Field, RecordValues } from '@flowmind/shared/tables';
import type { ClipboardEvent } from 'react';
import { alerts } from '../../../shell/alert-store';
import { editText, isReadOnly, parseText } from '../fields/field-types';
import type { CellChange, useRecordWriter } from '../records/use-record-writer';
import type { RowLayout } from './grid-groups';
import { parseTsv, toTsv } from './tsv';
import type { Cell } from './use-grid-window';
import type { useRecordWindows } from './use-record-windows';

export type CellRange = { top: number; bottom: number; left: number; right: number };

/**
 * Copy and paste of the selected range as tab-separated text: values parsed by their field's type, rows past the
 * end added as records, and the pasted block selected after.
 */
export function useGridClipboard({
  fields,
  layout,
  total,
  windows,
  writer,
  range,
  editing,
  selectRange,
}: {
  fields: Field[];
  layout: RowLayout;
  total: number;
  windows: ReturnType<typeof useRecordWindows>;
  writer: ReturnType<typeof useRecordWriter>;
  range: CellRange | null;
  /** A cell editor is open: the clipboard is its own. */
  editing: boolean;
  selectRange: (from: Cell, to: Cell) => void;
}) {
  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing || !range) return;
    event.preventDefault();
    const rows: string[][] = [];
    for (let row = range.top; row <= range.bottom; row++) {
      if (!layout.isVisible(row)) continue;
      const record = windows.recordAt(row);
      const cells: string[] = [];
      for (let col = range.left; col <= range.right; col++) {
        const field = fields[col];
        cells.push(field && record ? editText(field, record.values[field.id]) : '');
      }
      rows.push(cells);
    }
    event.clipboardData.setData('text/plain', toTsv(rows));
    alerts.info(`Copied ${rows.length * (range.right - range.left + 1)} cells`);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing || !range) return;
    event.preventDefault();
    const block = parseTsv(event.clipboardData.getData('text/plain'));
    const changes: CellChange[] = [];
    const newRecords: RecordValues[] = [];
    const problems: string[] = [];
    block.forEach((cells, rowOffset) => {
      const row = layout.advance(range.top, rowOffset);
      const values: RecordValues = {};
      cells.forEach((text, colOffset) => {
        const field = fields[range.left + colOffset];
        if (!field || isReadOnly(field)) return;
        const parsed = parseText(field, text);
        if (parsed.ok) values[field.id] = parsed.value;
        else problems.push(`Row ${row + 1}: ${parsed.message}`);
      });
      if (row < total) {
        const record = windows.recordAt(row);
        if (record && Object.keys(values).length) changes.push({ id: record.id, values });
      } else {
        newRecords.push(values);
      }
    });
    if (problems.length) alerts.error(`${problems.length} cells were skipped: ${problems[0]}`);
    void (async () => {
      const kept = await writer.setCells(changes, 'Paste');
      if (kept && newRecords.length) await writer.addRecords(newRecords, 'Paste');
    })();
    const bottom = layout.advance(range.top, block.length - 1);
    const right = Math.min(fields.length - 1, range.left + Math.max(...block.map((cells) => cells.length)) - 1);
    selectRange({ row: range.top, col: range.left }, { row: bottom, col: right });
  };

  return { onCopy, onPaste };
}
