// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions its rows and cells itself; <table> cannot
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid element holds focus and moves the active cell with the keys
// biome-ignore-all lint/a11y/noStaticElementInteractions: pointer selection of cells mirrors the grid's keyboard selection
import type { Field, RecordValues, TableRecord } from '@flowmind/shared/tables';
import { Plus } from 'lucide-react';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { editText, emptyValue, isReadOnly, parseText } from '../fields/field-types';
import type { CellChange, useRecordWriter } from '../records/use-record-writer';
import { CellEditor, type CommitResult, type EditorCommit } from './cell-editor';
import { CellView } from './cell-view';
import { fillDownChanges } from './fill-down';
import { GridContextMenu, type MenuPoint } from './grid-context-menu';
import { GridFooter, type GridFooterProps } from './grid-footer';
import { flatLayout, type RowGroup, type RowLayout } from './grid-groups';
import { AddFieldHeader, ExpandButton, type HeaderActions, HeaderCell } from './grid-header';
import { parseTsv, toTsv } from './tsv';
import type { useRecordWindows } from './use-record-windows';

export const ROW_HEIGHT = 33;
const HEADER_HEIGHT = 34;
const ROW_NUMBER_WIDTH = 72;
const ADD_FIELD_WIDTH = 48;
export const DEFAULT_COLUMN_WIDTH = 180;
/** Browsers cap an element's height (~17 M px in Firefox); past that the scroll position is scaled. */
const MAX_SCROLL_HEIGHT = 8_000_000;
/** Rows fetched beyond the screen, above and below. */
const OVERSCAN_ROWS = 60;

type Cell = { row: number; col: number };
/** The cell being edited, with its record as it was when editing began: a refetch or a live change that
 * empties or reorders the rows meanwhile must neither close the editor (losing what was typed) nor send the
 * edit to another record. */
type Editing = Cell & { initialText?: string; record: TableRecord; error?: string };

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
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [viewport, setViewport] = useState({ width: 1024, height: 600 });
  const [active, setActive] = useState<Cell | null>(null);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const [menuAt, setMenuAt] = useState<MenuPoint | null>(null);
  // Until a filtered count arrives, the rows loaded so far.
  const total = windows.total ?? windows.loadedRows;
  // `row` everywhere below is a record's offset in the result; the layout places offsets (and group headers) on
  // virtual rows, which is what the scroll position shows.
  const layout = useMemo(() => groups?.layout ?? flatLayout(total), [groups?.layout, total]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setViewport({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    setViewport({ width: element.clientWidth, height: element.clientHeight });
    return () => observer.disconnect();
  }, []);

  // Column geometry: the primary field is frozen after the row numbers; the rest scroll.
  const primary = fields[0];
  const frozenWidth = ROW_NUMBER_WIDTH + (primary ? widthOf(primary) : 0);
  const columns = useMemo(() => {
    let left = frozenWidth;
    return fields.slice(1).map((field) => {
      const width = widthOf(field);
      const column = { field, left, width };
      left += width;
      return column;
    });
  }, [fields, widthOf, frozenWidth]);
  const contentWidth =
    (columns.at(-1) ? (columns.at(-1)?.left ?? 0) + (columns.at(-1)?.width ?? 0) : frozenWidth) + ADD_FIELD_WIDTH;
  const visibleColumns = columns.filter(
    (column) =>
      column.left + column.width > scroll.left + frozenWidth - 200 && column.left < scroll.left + viewport.width + 200,
  );

  // Row geometry, scaled when the real height is beyond what a browser can scroll.
  const bodyHeight = Math.max(0, viewport.height - HEADER_HEIGHT);
  const realHeight = layout.rowCount * ROW_HEIGHT;
  const virtualHeight = Math.min(realHeight, MAX_SCROLL_HEIGHT);
  const scaled = realHeight > virtualHeight;
  const realScroll =
    scaled && virtualHeight > bodyHeight
      ? (scroll.top * (realHeight - bodyHeight)) / (virtualHeight - bodyHeight)
      : scroll.top;
  const firstRow = Math.max(0, Math.floor(realScroll / ROW_HEIGHT));
  const lastRow = Math.min(layout.rowCount - 1, Math.ceil((realScroll + bodyHeight) / ROW_HEIGHT));
  const rowTop = (index: number) =>
    HEADER_HEIGHT + (scaled ? scroll.top + index * ROW_HEIGHT - realScroll : index * ROW_HEIGHT);

  const { ensureSpans } = windows;
  useEffect(() => {
    ensureSpans(layout.spans(Math.max(0, firstRow - OVERSCAN_ROWS), lastRow + OVERSCAN_ROWS));
  }, [ensureSpans, layout, firstRow, lastRow]);

  const range = useMemo(() => {
    if (!active) return null;
    const from = anchor ?? active;
    return {
      top: Math.min(from.row, active.row),
      bottom: Math.max(from.row, active.row),
      left: Math.min(from.col, active.col),
      right: Math.max(from.col, active.col),
    };
  }, [active, anchor]);

  // The records the selection covers (loaded ones), for "Delete records" in the toolbar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-reads the cache after a fetch
  useEffect(() => {
    if (!range) {
      onSelectedRecordsChange([]);
      return;
    }
    const ids: string[] = [];
    for (let row = range.top; row <= Math.min(range.bottom, range.top + 999); row++) {
      // A collapsed group inside the selection is not part of it: its records are not on screen.
      const record = layout.isVisible(row) ? windows.recordAt(row) : undefined;
      if (record) ids.push(record.id);
    }
    onSelectedRecordsChange(ids);
  }, [range, layout, windows.tick, onSelectedRecordsChange]);

  const scrollToCell = useCallback(
    (cell: Cell) => {
      const element = scrollRef.current;
      if (!element) return;
      const realTop = layout.indexOf(cell.row) * ROW_HEIGHT;
      if (realTop < realScroll || realTop + ROW_HEIGHT > realScroll + bodyHeight) {
        const wantedReal = realTop < realScroll ? realTop : realTop + ROW_HEIGHT - bodyHeight;
        element.scrollTop =
          scaled && realHeight > bodyHeight
            ? (wantedReal * (virtualHeight - bodyHeight)) / (realHeight - bodyHeight)
            : wantedReal;
      }
      const column = cell.col > 0 ? columns[cell.col - 1] : undefined;
      if (column) {
        if (column.left < element.scrollLeft + frozenWidth) element.scrollLeft = column.left - frozenWidth;
        else if (column.left + column.width > element.scrollLeft + element.clientWidth)
          element.scrollLeft = column.left + column.width - element.clientWidth;
      }
    },
    [layout, realScroll, bodyHeight, scaled, realHeight, virtualHeight, columns, frozenWidth],
  );

  const moveTo = (cell: Cell, extend = false) => {
    const wanted = Math.max(0, Math.min(Math.max(0, total - 1), cell.row));
    // Records of a collapsed group are passed over in the direction of the move.
    const row = layout.nearestVisible(wanted, wanted < (active?.row ?? 0) ? -1 : 1);
    if (row === null) return;
    const next = { row, col: Math.max(0, Math.min(fields.length - 1, cell.col)) };
    if (extend) setAnchor((current) => current ?? active);
    else setAnchor(null);
    setActive(next);
    scrollToCell(next);
  };

  // After "Add record": show and select the last row now, and again once the new total arrives (whichever comes
  // last is the new record).
  const pendingReveal = useRef(false);
  const reveal = useCallback((rows: number) => {
    const element = scrollRef.current;
    if (!element || rows === 0) return;
    element.scrollTop = element.scrollHeight;
    setAnchor(null);
    setActive({ row: rows - 1, col: 0 });
    element.focus({ preventScroll: true });
  }, []);
  const totalRef = useRef(total);
  totalRef.current = total;
  useEffect(() => {
    if (revealLastRow === 0) return;
    pendingReveal.current = true;
    reveal(totalRef.current);
    const timer = setTimeout(() => {
      pendingReveal.current = false;
    }, 3000);
    return () => clearTimeout(timer);
  }, [revealLastRow, reveal]);
  useEffect(() => {
    if (!pendingReveal.current) return;
    pendingReveal.current = false;
    reveal(total);
  }, [total, reveal]);

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });

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
        setAnchor(null);
        setActive({ row: cell.row, col: cell.col });
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    const page = Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT) - 1);
    const jumps: Record<string, Cell> = {
      PageDown: { row: active.row + page, col: active.col },
      PageUp: { row: active.row - page, col: active.col },
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
      setAnchor(null);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      clearRange();
    } else if (event.key.length === 1 && !mod && !event.altKey) {
      event.preventDefault();
      startEditing(active, event.key);
    }
  };

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
    setAnchor({ row: range.top, col: range.left });
    setActive({ row: bottom, col: right });
  };

  const clickCell = (cell: Cell, shift: boolean) => {
    if (editing) {
      // A refused value is still waiting in its editor: go back to it rather than leave it behind.
      if (editing.error) scrollRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (shift && active) {
      setAnchor((current) => current ?? active);
      setActive(cell);
    } else {
      setAnchor(null);
      setActive(cell);
    }
  };

  const inRange = (row: number, col: number) =>
    range !== null && row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;

  const renderCell = (
    field: Field,
    col: number,
    row: number,
    record: TableRecord | undefined,
    style: React.CSSProperties,
    frozen: boolean,
  ) => {
    const isActive = active?.row === row && active.col === col;
    const isEditing = editing?.row === row && editing.col === col;
    const edited = isEditing ? (record?.id === editing.record.id ? record : editing.record) : undefined;
    return (
      <div
        key={field.id}
        role="gridcell"
        aria-colindex={col + 2}
        aria-selected={inRange(row, col)}
        data-row={row}
        data-col={col}
        className={cn(
          'flex items-center border-r border-b px-2 text-sm',
          frozen ? 'relative bg-background' : 'absolute top-0 h-full',
          // Opaque, so columns scrolled under the frozen one do not show through a selected row.
          inRange(row, col) && !isActive && 'bg-[color-mix(in_srgb,var(--primary-soft)_60%,var(--background))]',
          isActive && 'z-[5] outline-2 outline-primary -outline-offset-2',
          isEditing && 'overflow-visible p-0',
          !isEditing && 'overflow-hidden',
        )}
        style={style}
        onMouseDown={(event) => {
          // A right click inside the selection keeps it for the context menu; elsewhere it selects that cell.
          if (event.button === 2 && !inRange(row, col)) clickCell({ row, col }, false);
          if (event.button !== 0) return;
          clickCell({ row, col }, event.shiftKey);
          // One click on the box itself toggles it, as in Airtable; elsewhere in the cell it selects.
          if (field.type === 'checkbox' && !event.shiftKey && (event.target as Element).closest('[data-checkbox]')) {
            startEditing({ row, col });
          }
        }}
        onDoubleClick={() => {
          if (field.type !== 'checkbox') startEditing({ row, col });
        }}
      >
        {edited ? (
          <CellEditor
            field={field}
            value={edited.values[field.id]}
            initialText={editing?.initialText}
            names={edited.names}
            error={editing?.error}
            onCommit={commitEdit}
            onCancel={cancelEdit}
          />
        ) : record ? (
          <CellView field={field} value={record.values[field.id]} names={record.names} />
        ) : (
          <span className="h-3 w-2/3 animate-pulse rounded bg-muted" aria-hidden="true" />
        )}
      </div>
    );
  };

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
              setAnchor({ row, col: 0 });
              setActive({ row, col: fields.length - 1 });
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
      onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, left: event.currentTarget.scrollLeft })}
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
