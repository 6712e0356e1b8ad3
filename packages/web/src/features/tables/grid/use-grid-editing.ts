import type { Field, TableRecord } from '@flowmind/shared/tables';
import { useRef, useState } from 'react';
import { alerts } from '../../../shell/alert-store';
import { isReadOnly, parseText } from '../fields/field-types';
import type { useRecordWriter } from '../records/use-record-writer';
import type { CommitResult, EditorCommit } from './cell-editor';
import type { Cell } from './use-grid-window';
import type { useRecordWindows } from './use-record-windows';

/** The cell being edited, with its record as it was when editing began: a refetch or a live change that
 * empties or reorders the rows meanwhile must neither close the editor (losing what was typed) nor send the
 * edit to another record. */
export type Editing = Cell & { initialText?: string; record: TableRecord; error?: string };

/** The cell editor's life: opened on a cell (a checkbox toggles instead), committed with the value parsed for
 * its field, or refused and kept open with the reason. */
export function useGridEditing({
  fields,
  windows,
  writer,
  moveTo,
  select,
  focusGrid,
}: {
  fields: Field[];
  windows: ReturnType<typeof useRecordWindows>;
  writer: ReturnType<typeof useRecordWriter>;
  moveTo: (cell: Cell) => void;
  select: (cell: Cell, extend: boolean) => void;
  focusGrid: () => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef(editing);
  editingRef.current = editing;

  const startEditing = (cell: Cell, initialText?: string) => {
    const field = fields[cell.col];
    const record = windows.recordAt(cell.row);
    if (!field || !record) return;
    if (isReadOnly(field)) {
      alerts.info(`${field.name} is computed and cannot be edited`);
      return;
    }
    if (field.type === 'checkbox') {
      void writer.setCells([{ id: record.id, values: { [field.id]: !record.values[field.id] } }]);
      return;
    }
    setEditing({ ...cell, initialText, record });
  };

  const commitEdit = (commit: EditorCommit): CommitResult => {
    const cell = editing;
    if (!cell) return 'kept';
    const field = fields[cell.col];
    let value = commit.value;
    if (field && commit.text !== undefined) {
      const parsed = parseText(field, commit.text);
      if (!parsed.ok) {
        // Nothing typed is lost: the editor stays open with the reason under it, until it is fixed or Escape.
        setEditing({ ...cell, error: parsed.message });
        return 'refused';
      }
      value = parsed.value;
    }
    setEditing(null);
    focusGrid();
    const current = windows.recordAt(cell.row);
    const record = current?.id === cell.record.id ? current : cell.record;
    if (commit.exit === 'enter') moveTo({ row: cell.row + 1, col: cell.col });
    else if (commit.exit === 'tab') moveTo({ row: cell.row, col: cell.col + 1 });
    else if (commit.exit === 'shift-tab') moveTo({ row: cell.row, col: cell.col - 1 });
    if (!field || !record) return 'kept';
    const before = record.values[field.id] ?? null;
    if (JSON.stringify(before) === JSON.stringify(value ?? null)) return 'kept';
    void writer.setCells([{ id: record.id, values: { [field.id]: value ?? null } }], 'Edit', (message) => {
      // Refused by the server: the text comes back into its cell's editor when nothing else is being edited.
      if (commit.text !== undefined && editingRef.current === null) {
        select({ row: cell.row, col: cell.col }, false);
        setEditing({ row: cell.row, col: cell.col, record, initialText: commit.text, error: message });
      } else {
        alerts.error(`Row ${cell.row + 1}: ${message}`);
      }
    });
    return 'kept';
  };

  const cancelEdit = () => {
    setEditing(null);
    focusGrid();
  };

  return { editing, startEditing, commitEdit, cancelEdit };
}
