import type { Field } from '@flowmind/shared/tables';
import type { KeyboardEvent } from 'react';
import type { useRecordWriter } from '../records/use-record-writer';
import type { CellRange } from './use-grid-clipboard';
import type { Cell } from './use-grid-window';

export type GridKeyContext = {
  /** A cell editor is open (left open with an error when the grid has focus). */
  editing: boolean;
  cancelEdit: () => void;
  writer: ReturnType<typeof useRecordWriter>;
  active: Cell | null;
  range: CellRange | null;
  total: number;
  fields: Field[];
  /** Rows a Page Up or Page Down moves. */
  pageRows: number;
  moveTo: (cell: Cell, extend?: boolean) => void;
  startEditing: (cell: Cell, initialText?: string) => void;
  collapseRange: () => void;
  clearRange: () => void;
  fillDown: () => void;
};

/** The grid's spreadsheet keys: moving and extending the selection, editing, clearing, fill down, undo and redo. */
export function handleGridKey(
  event: KeyboardEvent<HTMLDivElement>,
  {
    editing,
    cancelEdit,
    writer,
    active,
    range,
    total,
    fields,
    pageRows,
    moveTo,
    startEditing,
    collapseRange,
    clearRange,
    fillDown,
  }: GridKeyContext,
) {
  if (editing) {
    // The editor's own keys stop here; this is the grid holding focus beside an editor left open with an error.
    if (event.key === 'Escape') cancelEdit();
    return;
  }
  const mod = event.metaKey || event.ctrlKey;
  if (mod && event.key.toLowerCase() === 'z') {
    event.preventDefault();
    void (event.shiftKey ? writer.redo() : writer.undo());
    return;
  }
  if (mod && event.key.toLowerCase() === 'y') {
    event.preventDefault();
    void writer.redo();
    return;
  }
  if (mod && event.key.toLowerCase() === 'd' && range) {
    event.preventDefault();
    fillDown();
    return;
  }
  if (!active) {
    if (event.key.startsWith('Arrow') && total > 0) {
      event.preventDefault();
      moveTo({ row: 0, col: 0 });
    }
    return;
  }
  const moves: Record<string, Cell> = {
    ArrowUp: { row: active.row - 1, col: active.col },
    ArrowDown: { row: active.row + 1, col: active.col },
    ArrowLeft: { row: active.row, col: active.col - 1 },
    ArrowRight: { row: active.row, col: active.col + 1 },
  };
  const jumps: Record<string, Cell> = {
    PageDown: { row: active.row + pageRows, col: active.col },
    PageUp: { row: active.row - pageRows, col: active.col },
    Home: { row: mod ? 0 : active.row, col: 0 },
    End: { row: mod ? total - 1 : active.row, col: fields.length - 1 },
  };
  const jump = jumps[event.key];
  if (jump) {
    event.preventDefault();
    moveTo(jump, event.shiftKey);
    return;
  }
  const move = moves[event.key];
  if (move) {
    event.preventDefault();
    moveTo(
      mod
        ? { row: event.key === 'ArrowUp' ? 0 : event.key === 'ArrowDown' ? total - 1 : move.row, col: move.col }
        : move,
      event.shiftKey,
    );
    return;
  }
  if (event.key === 'Tab') {
    event.preventDefault();
    moveTo({ row: active.row, col: active.col + (event.shiftKey ? -1 : 1) });
  } else if (event.key === 'Enter') {
    event.preventDefault();
    startEditing(active);
  } else if (event.key === ' ' && fields[active.col]?.type === 'checkbox') {
    event.preventDefault();
    startEditing(active);
  } else if (event.key === 'Escape') {
    collapseRange();
  } else if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    clearRange();
  } else if (event.key.length === 1 && !mod && !event.altKey) {
    event.preventDefault();
    startEditing(active, event.key);
  }
}
