// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows and cells itself; <table> cannot
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid element holds focus and moves the active cell with the keys
// biome-ignore-all lint/a11y/noStaticElementInteractions: pointer selection of cells mirrors the grid's keyboard selection
import type { Field, RecordValues, TableRecord } from '@flowmind/shared/tables';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { emptyValue, isReadOnly } from '../fields/field-types';
import type { CellChange, useRecordWriter } from '../records/use-record-writer';
import { fillDownChanges } from './fill-down';
import { GridCell } from './grid-cell';
import { GridContextMenu, type MenuPoint } from './grid-context-menu';
import { GridFooter, type GridFooterProps } from './grid-footer';
import { flatLayout, type RowGroup, type RowLayout } from './grid-groups';
import { AddFieldHeader, ExpandButton, type HeaderActions, HeaderCell } from './grid-header';
import { handleGridKey } from './grid-keys';
import { useGridClipboard } from './use-grid-clipboard';
import { useGridEditing } from './use-grid-editing';
import { useGridSelection } from './use-grid-selection';
import {
  ADD_FIELD_WIDTH,
  type Cell,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  ROW_NUMBER_WIDTH,
  useGridWindow,
} from './use-grid-window';
import type { useRecordWindows } from './use-record-windows';

export const DEFAULT_COLUMN_WIDTH = 180;

export type GridProps = {
  fields: Field[];
  widthOf: (field: Field) => number;
  windows: ReturnType<typeof useRecordWindows>;
  writer: ReturnType<typeof useRecordWriter>;
  headerActions: HeaderActions;
  onAddField: () => void;
  onAddRecord: () => void;
  onExpand: (record: TableRecord) => void;
  onSelectedRecordsChange: (ids: string[]) => void;
  /** Bumped after a record is added from outside the grid: the grid shows and selects the last row. */
  revealLastRow: number;
  /** Shown under the header when the view has no records to show (the search or filters hide them). */
  emptyNotice?: React.ReactNode;
  /** The summary row under the columns (a grid view's, not a linked-records list). */
  footer?: GridFooterProps;
  /** A grouped view: where the group header rows go, and how one looks. */
  groups?: {
    layout: RowLayout;
    renderHeader: (group: RowGroup, collapsed: boolean) => React.ReactNode;
  };
};

/**
 * The record grid: rows and columns virtualised (only what is on screen is in the DOM), the primary column and
 * row numbers frozen, records fetched by window as it scrolls, spreadsheet keys, range copy and paste.
 */
export function TableGrid({
  fields,
  widthOf,
  windows,
  writer,
  headerActions,
  onAddField,
  onAddRecord,
  onExpand,
  onSelectedRecordsChange,
  revealLastRow,
  emptyNotice,
  groups,
  footer,
}: GridProps) {
  const [menuAt, setMenuAt] = useState<MenuPoint | null>(null);
  // Until a filtered count arrives, the rows loaded so far.
  const total = windows.total ?? windows.loadedRows;
  // `row` everywhere below is a record's offset in the result; the layout places offsets (and group headers) on
  // virtual rows, which is what the scroll position shows.
  const layout = useMemo(() => groups?.layout ?? flatLayout(total), [groups?.layout, total]);
  const primary = fields[0];
  const {
    scrollRef,
    scroll,
    onScroll,
    viewport,
    frozenWidth,
    contentWidth,
    visibleColumns,
    bodyHeight,
    virtualHeight,
    firstRow,
    lastRow,
    rowTop,
    scrollToCell,
  } = useGridWindow({ fields, widthOf, layout, ensureSpans: windows.ensureSpans });
  const { active, range, moveTo, select, selectRange, collapseRange, inRange } = useGridSelection({
    layout,
    total,
    columnCount: fields.length,
    windows,
    scrollRef,
    scrollToCell,
    onSelectedRecordsChange,
    revealLastRow,
  });
  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });
  const { editing, startEditing, commitEdit, cancelEdit } = useGridEditing({
    fields,
    windows,
    writer,
    moveTo,
    select,
    focusGrid,
  });
  const { onCopy, onPaste } = useGridClipboard({
    fields,
    layout,
    total,
    windows,
    writer,
    range,
    editing: editing !== null,
    selectRange,
  });

  const clearRange = () => {
    if (!range) return;
    const changes: CellChange[] = [];
    for (let row = range.top; row <= range.bottom; row++) {
      const record = layout.isVisible(row) ? windows.recordAt(row) : undefined;
      if (!record) continue;
      const values: RecordValues = {};
      for (let col = range.left; col <= range.right; col++) {
        const field = fields[col];
        if (field && !isReadOnly(field)) values[field.id] = emptyValue(field);
      }
      if (Object.keys(values).length) changes.push({ id: record.id, values });
    }
    void writer.setCells(changes, 'Clear');
  };

  const fillDown = () => {
    if (!range) return;
    const changes = fillDownChanges(range, fields, windows.recordAt);
    if (changes.length) void writer.setCells(changes, 'Fill down');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    handleGridKey(event, {
      editing: editing !== null,
      cancelEdit,
      writer,
      active,
      range,
      total,
      fields,
      pageRows: Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT) - 1),
      moveTo,
      startEditing,
      collapseRange,
      clearRange,
      fillDown,
    });

  const clickCell = (cell: Cell, shift: boolean) => {
    if (editing) {
      // A refused value is still waiting in its editor: go back to it rather than leave it behind.
      if (editing.error) scrollRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    select(cell, shift);
  };

  const renderCell = (
    field: Field,
    col: number,
    row: number,
    record: TableRecord | undefined,
    style: React.CSSProperties,
    frozen: boolean,
  ) => (
    <GridCell
      key={field.id}
      field={field}
      col={col}
      row={row}
      record={record}
      style={style}
      frozen={frozen}
      selected={inRange(row, col)}
      active={active?.row === row && active.col === col}
      editing={editing?.row === row && editing.col === col ? editing : null}
      onSelect={clickCell}
      onEdit={startEditing}
      onCommit={commitEdit}
      onCancel={cancelEdit}
    />
  );

  const rows: React.ReactNode[] = [];
  for (let index = firstRow; index <= lastRow; index++) {
    const at = layout.rowAt(index);
    if (at.kind === 'header') {
      rows.push(
        <div
          key={`group:${at.group.key}`}
          role="row"
          aria-rowindex={index + 2}
          className="absolute left-0 flex border-b bg-surface"
          style={{ top: rowTop(index), height: ROW_HEIGHT, width: contentWidth }}
        >
          {/* Kept in view while the columns scroll sideways. */}
          <div
            role="gridcell"
            aria-colspan={fields.length + 1}
            className="sticky left-0 flex h-full items-center"
            style={{ width: Math.min(contentWidth, viewport.width) }}
          >
            {groups?.renderHeader(at.group, at.collapsed)}
          </div>
        </div>,
      );
      continue;
    }
    const row = at.offset;
    const record = windows.recordAt(row);
    rows.push(
      <div
        key={row}
        role="row"
        aria-rowindex={index + 2}
        className="group/row absolute left-0 flex"
        style={{ top: rowTop(index), height: ROW_HEIGHT, width: contentWidth }}
      >
        {/* The editing row's frozen part lies above the next rows', so an error under its editor is not covered. */}
        <div
          className={cn('sticky left-0 flex h-full', editing?.row === row ? 'z-[15]' : 'z-10')}
          style={{ width: frozenWidth }}
        >
          <div
            className="flex h-full items-center justify-between border-r border-b bg-surface pr-1 pl-2 text-muted-foreground text-xs tabular-nums"
            style={{ width: ROW_NUMBER_WIDTH }}
            onMouseDown={(event) => {
              if (event.button !== 0) return;
              selectRange({ row, col: 0 }, { row, col: fields.length - 1 });
            }}
          >
            <span>{row + 1}</span>
            {record && <ExpandButton label={`Expand record ${row + 1}`} onClick={() => onExpand(record)} />}
          </div>
          {primary && renderCell(primary, 0, row, record, { width: widthOf(primary), height: ROW_HEIGHT }, true)}
        </div>
        {visibleColumns.map((column) =>
          renderCell(
            column.field,
            fields.indexOf(column.field),
            row,
            record,
            { left: column.left, width: column.width },
            false,
          ),
        )}
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Records"
      aria-rowcount={layout.rowCount + 1}
      aria-colcount={fields.length + 1}
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-auto bg-background outline-none"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onPaste={onPaste}
      onContextMenu={(event) => {
        if (editing || !active || !(event.target as HTMLElement).closest('[role="gridcell"]')) return;
        event.preventDefault();
        setMenuAt({ x: event.clientX, y: event.clientY });
      }}
    >
      <GridContextMenu
        at={menuAt}
        onClose={() => setMenuAt(null)}
        canFillDown={range !== null && (range.bottom > range.top || range.top > 0)}
        onFillDown={fillDown}
        onClear={clearRange}
        onExpand={
          active && windows.recordAt(active.row)
            ? () => {
                const record = windows.recordAt(active.row);
                if (record) onExpand(record);
              }
            : null
        }
      />
      <div
        className="relative"
        style={{ width: contentWidth, height: HEADER_HEIGHT + virtualHeight + ROW_HEIGHT + 80 }}
      >
        <div role="row" className="sticky top-0 z-20 flex" style={{ height: HEADER_HEIGHT, width: contentWidth }}>
          <div className="sticky left-0 z-30 flex h-full" style={{ width: frozenWidth }}>
            <div className="h-full border-r border-b bg-muted" style={{ width: ROW_NUMBER_WIDTH }} />
            {primary && (
              <HeaderCell
                field={primary}
                width={widthOf(primary)}
                left={ROW_NUMBER_WIDTH}
                sticky
                actions={headerActions}
              />
            )}
          </div>
          {visibleColumns.map((column) => (
            <HeaderCell
              key={column.field.id}
              field={column.field}
              width={column.width}
              left={column.left}
              sticky={false}
              actions={headerActions}
            />
          ))}
          <AddFieldHeader left={contentWidth - ADD_FIELD_WIDTH} onClick={onAddField} />
        </div>
        {rows}
        {/* A grid may hold only rows, so the notice and the add button below each sit in a row's cell. */}
        {windows.total === 0 && emptyNotice && (
          <div
            role="row"
            className="absolute p-4"
            style={{ top: HEADER_HEIGHT + ROW_HEIGHT, left: scroll.left, width: viewport.width }}
          >
            <div role="gridcell">{emptyNotice}</div>
          </div>
        )}
        {/* Only near the end: in a scaled grid a far-away row would stretch the scroll area. */}
        {windows.total !== null && lastRow >= layout.rowCount - 1 && (
          <div
            role="row"
            className="absolute left-0"
            style={{ top: rowTop(layout.rowCount), height: ROW_HEIGHT, width: frozenWidth }}
          >
            <div role="gridcell" className="size-full">
              <button
                type="button"
                className="flex size-full items-center gap-2 border-r border-b bg-background px-3 text-muted-foreground text-sm hover:bg-surface hover:text-foreground"
                onClick={onAddRecord}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add record
              </button>
            </div>
          </div>
        )}
      </div>
      {footer && (
        <GridFooter
          {...footer}
          fields={fields}
          primaryWidth={primary ? widthOf(primary) : 0}
          rowNumberWidth={ROW_NUMBER_WIDTH}
          columns={visibleColumns}
          contentWidth={contentWidth}
        />
      )}
    </div>
  );
}
