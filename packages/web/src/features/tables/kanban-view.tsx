import type { Field, SelectOption, TableRecord, View, ViewConfig } from '@flowmind/shared/tables';
import { Columns3, Plus } from 'lucide-react';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { CellView } from './cell-view';
import { choicesOf, displayText, selectColorClasses } from './field-types';
import { RECORD_DRAG_TYPE, RecordMoveMenu } from './record-move-menu';
import { RecordPanel } from './record-panel';
import { useViewRecords, VIEW_RECORDS_CAP } from './use-view-records';
import { ViewFieldPicker, ViewFieldSwitch } from './view-field-picker';

/** Fields a card shows under its title. */
const CARD_FIELDS = 3;

type Column = { key: string | null; name: string; color: SelectOption['color'] | null; records: TableRecord[] };

/** Records per option of the board's single select, in the options' order, with "No value" last. */
export function kanbanColumns(field: Field, records: TableRecord[]): Column[] {
  const choices = choicesOf(field);
  const columns: Column[] = [
    ...choices.map((choice) => ({ key: choice.id, name: choice.name, color: choice.color, records: [] })),
    { key: null, name: 'No value', color: null, records: [] },
  ];
  const byKey = new Map(columns.map((column) => [column.key, column]));
  for (const record of records) {
    const value = record.values[field.id];
    // A value whose option was deleted shows with the empty ones rather than vanishing.
    (byKey.get(typeof value === 'string' ? value : null) ?? byKey.get(null))?.records.push(record);
  }
  return columns;
}

/** A board of cards in columns by a single-select field; cards move by dragging or by their "Move to" menu. */
export function KanbanView({
  tableId,
  view,
  fields,
  visibleFields,
  search,
  version,
  emptyNotice,
  onUpdateConfig,
  onAddField,
}: {
  tableId: string;
  view: View;
  fields: Field[];
  visibleFields: Field[];
  search: string;
  version: unknown;
  /** Shown above the columns when the board has no cards to show (the search or filters hide them). */
  emptyNotice?: ReactNode;
  onUpdateConfig: (config: Partial<ViewConfig>) => void;
  onAddField: () => void;
}) {
  const groupField = fields.find((field) => field.id === view.config.kanbanFieldId && field.type === 'single_select');
  const candidates = fields.filter((field) => field.type === 'single_select');
  if (!groupField) {
    return (
      <ViewFieldPicker
        icon={Columns3}
        title={view.config.kanbanFieldId ? 'The field of this board is gone' : 'Group cards by which field?'}
        description="Each option of the single select becomes a column. You can change it later above the board."
        missingTitle="Add a single select field first"
        missing="A kanban board groups records by a single select field, and this table has none yet. Add one with an option per column (e.g. To do, Doing, Done)."
        candidates={candidates}
        onPick={(field) => onUpdateConfig({ kanbanFieldId: field.id })}
        onAddField={onAddField}
      />
    );
  }
  return (
    <Board
      tableId={tableId}
      view={view}
      groupField={groupField}
      groupFieldSwitch={
        <ViewFieldSwitch
          label="Grouped by"
          current={groupField}
          candidates={candidates}
          onPick={(field) => onUpdateConfig({ kanbanFieldId: field.id })}
        />
      }
      fields={fields}
      visibleFields={visibleFields}
      search={search}
      version={version}
      emptyNotice={emptyNotice}
    />
  );
}

function Board({
  tableId,
  view,
  groupField,
  groupFieldSwitch,
  fields,
  visibleFields,
  search,
  version,
  emptyNotice,
}: {
  tableId: string;
  view: View;
  groupField: Field;
  groupFieldSwitch: ReactNode;
  fields: Field[];
  visibleFields: Field[];
  search: string;
  version: unknown;
  emptyNotice?: ReactNode;
}) {
  const data = useViewRecords({ tableId, viewId: view.id, search, version });
  const columns = useMemo(() => kanbanColumns(groupField, data.records), [groupField, data.records]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null | undefined>(undefined);
  const primary = fields.find((field) => field.is_primary) ?? fields[0];
  const cardFields = visibleFields
    .filter((field) => !field.is_primary && field.id !== groupField.id)
    .slice(0, CARD_FIELDS);
  const open = data.records.find((record) => record.id === openId) ?? null;

  const move = (record: TableRecord, key: string | null) => {
    if ((record.values[groupField.id] ?? null) === key) return;
    void data.update(record.id, { [groupField.id]: key });
  };
  const addIn = async (key: string | null) => {
    const record = await data.create(key ? { [groupField.id]: key } : {});
    if (record) setOpenId(record.id);
  };
  const drop = (event: DragEvent, key: string | null) => {
    event.preventDefault();
    setDropTarget(undefined);
    const record = data.records.find((item) => item.id === event.dataTransfer.getData(RECORD_DRAG_TYPE));
    if (record) move(record, key);
  };

  if (data.error) {
    return (
      <div
        role="alert"
        className="m-4 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
      >
        {errorMessage(data.error)}
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-2 py-1 sm:px-3">{groupFieldSwitch}</div>
      {data.total > data.records.length && (
        <p className="border-b bg-warning/10 px-4 py-1.5 text-[13px]" role="status">
          Showing the first {VIEW_RECORDS_CAP.toLocaleString()} of {data.total.toLocaleString()} records. Filter or
          search to see the others.
        </p>
      )}
      {!data.isPending && data.total === 0 && emptyNotice}
      <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto p-3 sm:p-4" aria-busy={data.isPending}>
        {columns.map((column) => (
          <section
            key={column.key ?? 'none'}
            aria-label={`${column.name} column`}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(RECORD_DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(column.key);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(undefined);
            }}
            onDrop={(event) => drop(event, column.key)}
            className={cn(
              'flex w-72 shrink-0 snap-start flex-col rounded-xl border bg-muted/40 transition-colors',
              dropTarget === column.key && 'border-primary bg-primary-soft/40',
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
                {data.isPending ? '…' : column.records.length}
                <span className="sr-only"> records</span>
              </span>
              <button
                type="button"
                aria-label={`Add a record to ${column.name}`}
                onClick={() => void addIn(column.key)}
                className="ml-auto rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </header>
            <ol className="grid min-h-16 content-start gap-2 overflow-y-auto px-2 pb-2">
              {data.isPending
                ? [0, 1].map((index) => <li key={index} className="h-16 animate-pulse rounded-lg bg-muted" />)
                : column.records.map((record) => (
                    <KanbanCard
                      key={record.id}
                      record={record}
                      title={(primary && displayText(primary, record.values[primary.id])) || 'Untitled record'}
                      fields={cardFields}
                      columns={columns}
                      currentKey={column.key}
                      onOpen={() => setOpenId(record.id)}
                      onMove={(key) => move(record, key)}
                    />
                  ))}
              {!data.isPending && column.records.length === 0 && (
                <li className="rounded-lg border border-dashed px-3 py-4 text-center text-muted-foreground text-xs">
                  No records{search ? ' match' : ''}
                </li>
              )}
            </ol>
          </section>
        ))}
      </div>
      <RecordPanel
        tableId={tableId}
        record={open}
        fields={fields}
        onClose={() => setOpenId(null)}
        onChange={(change) => data.update(change.id, change.values)}
      />
    </div>
  );
}

function KanbanCard({
  record,
  title,
  fields,
  columns,
  currentKey,
  onOpen,
  onMove,
}: {
  record: TableRecord;
  title: string;
  fields: Field[];
  columns: Column[];
  currentKey: string | null;
  onOpen: () => void;
  onMove: (key: string | null) => void;
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
        moves={columns
          .filter((column) => column.key !== currentKey)
          .map((column) => ({ key: column.key ?? 'none', label: column.name, onSelect: () => onMove(column.key) }))}
        triggerClassName="absolute top-2 right-2 rounded p-1 text-muted-foreground opacity-100 hover:bg-accent hover:text-foreground sm:opacity-0 sm:focus-visible:opacity-100 sm:group-hover:opacity-100 sm:data-[state=open]:opacity-100"
        iconClassName="size-4"
      />
    </li>
  );
}
