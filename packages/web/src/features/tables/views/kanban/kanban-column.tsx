import type { Field, SelectOption, TableRecord } from '@flowmind/shared/tables';
import { Plus } from 'lucide-react';
import { type DragEvent, useEffect, useRef } from 'react';
import { errorMessage } from '../../../../lib/api';
import { cn } from '../../../../lib/cn';
import { displayText, selectColorClasses } from '../../fields/field-types';
import { CellView } from '../../grid/cell-view';
import { RECORD_DRAG_TYPE, RecordMoveMenu } from '../../records/record-move-menu';
import { useKanbanColumn } from './use-kanban-board';

export type ColumnInfo = { key: string | null; name: string; color: SelectOption['color'] | null };

/** One column of a board: its count over the whole view, and its cards fetched a page at a time as it scrolls. */
export function KanbanColumn({
  tableId,
  viewId,
  fieldId,
  search,
  column,
  columns,
  count,
  countPending,
  primary,
  cardFields,
  dropTarget,
  onDragOverColumn,
  onDragLeaveColumn,
  onDrop,
  onAdd,
  onOpen,
  onMove,
}: {
  tableId: string;
  viewId: string;
  fieldId: string;
  search: string;
  column: ColumnInfo;
  columns: ColumnInfo[];
  count: number;
  countPending: boolean;
  primary: Field | undefined;
  cardFields: Field[];
  dropTarget: boolean;
  onDragOverColumn: () => void;
  onDragLeaveColumn: () => void;
  onDrop: (event: DragEvent) => void;
  onAdd: () => void;
  onOpen: (record: TableRecord) => void;
  onMove: (record: TableRecord, key: string | null) => void;
}) {
  const data = useKanbanColumn({ tableId, viewId, fieldId, search, columnKey: column.key });
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const { hasMore, loadingMore, loadMore } = data;

  // The next page is asked for when the end of the column comes within a few cards of the screen.
  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loadingMore) void loadMore();
      },
      { root: listRef.current, rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  const pending = data.isPending;
  return (
    <section
      aria-label={`${column.name} column`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(RECORD_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        onDragOverColumn();
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onDragLeaveColumn();
      }}
      onDrop={onDrop}
      className={cn(
        'relative flex min-h-0 w-72 shrink-0 snap-start flex-col rounded-xl border bg-muted/40 transition-colors',
        dropTarget && 'border-primary bg-primary-soft/40',
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        {column.color ? (
          <span className={cn('truncate rounded-full px-2 py-0.5 text-xs', selectColorClasses[column.color])}>
            {column.name}
          </span>
        ) : (
          <span className="truncate text-muted-foreground text-xs">{column.name}</span>
        )}
        <span className="text-muted-foreground text-xs tabular-nums">
          {countPending ? '…' : count.toLocaleString()}
          <span className="sr-only"> {count === 1 ? 'record' : 'records'}</span>
        </span>
        <button
          type="button"
          aria-label={`Add a record to ${column.name}`}
          onClick={onAdd}
          className="ml-auto rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </header>
      <ol ref={listRef} className="grid min-h-16 content-start gap-2 overflow-y-auto px-2 pb-2">
        {pending
          ? [0, 1].map((index) => <li key={index} className="h-16 animate-pulse rounded-lg bg-muted" />)
          : data.records.map((record) => {
              const title = (primary && displayText(primary, record.values[primary.id])) || 'Untitled record';
              return (
                <KanbanCard
                  key={record.id}
                  record={record}
                  title={title}
                  fields={cardFields}
                  moves={columns
                    .filter((other) => other.key !== column.key)
                    .map((other) => ({
                      key: other.key ?? 'none',
                      label: other.name,
                      onSelect: () => onMove(record, other.key),
                    }))}
                  onOpen={() => onOpen(record)}
                />
              );
            })}
        {data.error && (
          <li role="alert" className="rounded-lg bg-destructive-soft px-3 py-2 text-destructive text-xs">
            {errorMessage(data.error)}
          </li>
        )}
        {!pending && !data.error && data.records.length === 0 && (
          <li className="rounded-lg border border-dashed px-3 py-4 text-center text-muted-foreground text-xs">
            No records{search ? ' match' : ''}
          </li>
        )}
        {hasMore && (
          <li ref={endRef} className="py-2 text-center text-muted-foreground text-xs" aria-live="polite">
            {loadingMore ? 'Loading more…' : `${(count - data.records.length).toLocaleString()} more`}
          </li>
        )}
      </ol>
    </section>
  );
}

function KanbanCard({
  record,
  title,
  fields,
  moves,
  onOpen,
}: {
  record: TableRecord;
  title: string;
  fields: Field[];
  moves: Array<{ key: string; label: string; onSelect: () => void }>;
  onOpen: () => void;
}) {
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(RECORD_DRAG_TYPE, record.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      data-record-id={record.id}
      className="group relative cursor-grab rounded-lg border bg-background shadow-xs hover:border-primary/40 active:cursor-grabbing"
    >
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full gap-1.5 rounded-lg p-3 pr-9 text-left focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="truncate font-medium text-sm">{title}</span>
        {fields.map((field) => (
          <span key={field.id} className="grid min-w-0 gap-0.5">
            <span className="text-[11px] text-muted-foreground">{field.name}</span>
            <span className="min-h-4 truncate text-[13px] [&_*]:text-left">
              <CellView field={field} value={record.values[field.id]} />
            </span>
          </span>
        ))}
      </button>
      <RecordMoveMenu
        title={title}
        onOpen={onOpen}
        moves={moves}
        triggerClassName="absolute top-2 right-2 rounded p-1 text-muted-foreground opacity-100 hover:bg-accent hover:text-foreground sm:opacity-0 sm:focus-visible:opacity-100 sm:group-hover:opacity-100 sm:data-[state=open]:opacity-100"
        iconClassName="size-4"
      />
    </li>
  );
}
