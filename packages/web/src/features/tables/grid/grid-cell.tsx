// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows and cells itself; <table> cannot
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid element holds focus and moves the active cell with the keys
// biome-ignore-all lint/a11y/noStaticElementInteractions: pointer selection of cells mirrors the grid's keyboard selection
import type { Field, TableRecord } from '@flowmind/shared/tables';
import type { CSSProperties } from 'react';
import { cn } from '../../../lib/cn';
import { CellEditor, type CommitResult, type EditorCommit } from './cell-editor';
import { CellView } from './cell-view';
import type { Editing } from './use-grid-editing';
import type { Cell } from './use-grid-window';

/** One cell of a record's row: its value, its editor while it is edited, or a placeholder until its record loads. */
export function GridCell({
  field,
  col,
  row,
  record,
  style,
  frozen,
  selected,
  active,
  editing,
  onSelect,
  onEdit,
  onCommit,
  onCancel,
}: {
  field: Field;
  col: number;
  row: number;
  record: TableRecord | undefined;
  style: CSSProperties;
  /** The primary column's cell, laid out in the frozen part of the row. */
  frozen: boolean;
  /** Inside the selected range. */
  selected: boolean;
  active: boolean;
  /** Set when this cell is the one being edited. */
  editing: Editing | null;
  onSelect: (cell: Cell, extend: boolean) => void;
  onEdit: (cell: Cell) => void;
  onCommit: (commit: EditorCommit) => CommitResult;
  onCancel: () => void;
}) {
  const edited = editing ? (record?.id === editing.record.id ? record : editing.record) : undefined;
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={selected}
      data-row={row}
      data-col={col}
      className={cn(
        'flex items-center border-r border-b px-2 text-sm',
        frozen ? 'relative bg-background' : 'absolute top-0 h-full',
        // Opaque, so columns scrolled under the frozen one do not show through a selected row.
        selected && !active && 'bg-[color-mix(in_srgb,var(--primary-soft)_60%,var(--background))]',
        active && 'z-[5] outline-2 outline-primary -outline-offset-2',
        editing && 'overflow-visible p-0',
        !editing && 'overflow-hidden',
      )}
      style={style}
      onMouseDown={(event) => {
        // A right click inside the selection keeps it for the context menu; elsewhere it selects that cell.
        if (event.button === 2 && !selected) onSelect({ row, col }, false);
        if (event.button !== 0) return;
        onSelect({ row, col }, event.shiftKey);
        // One click on the box itself toggles it, as in Airtable; elsewhere in the cell it selects.
        if (field.type === 'checkbox' && !event.shiftKey && (event.target as Element).closest('[data-checkbox]')) {
          onEdit({ row, col });
        }
      }}
      onDoubleClick={() => {
        if (field.type !== 'checkbox') onEdit({ row, col });
      }}
    >
      {edited ? (
        <CellEditor
          field={field}
          value={edited.values[field.id]}
          initialText={editing?.initialText}
          names={edited.names}
          error={editing?.error}
          onCommit={onCommit}
          onCancel={onCancel}
        />
      ) : record ? (
        <CellView field={field} value={record.values[field.id]} names={record.names} />
      ) : (
        <span className="h-3 w-2/3 animate-pulse rounded bg-muted" aria-hidden="true" />
      )}
    </div>
  );
}
