import type { View, ViewConfig } from '@flowmind/shared/table-views';
import type { Field, RecordValues, TableRecord } from '@flowmind/shared/tables';
import { Columns3 } from 'lucide-react';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { errorMessage } from '../../../../lib/api';
import { choicesOf } from '../../fields/field-types';
import { RECORD_DRAG_TYPE } from '../../records/record-move-menu';
import { RecordPanel } from '../../records/record-panel';
import { ViewFieldPicker, ViewFieldSwitch } from '../view-field-picker';
import { type ColumnInfo, KanbanColumn } from './kanban-column';
import { columnOf, useKanbanBoard } from './use-kanban-board';

/** Fields a card shows under its title. */
const CARD_FIELDS = 3;

/** The board's columns: an option of its single select each, in the options' order, with "No value" last. */
export function kanbanColumns(field: Field): ColumnInfo[] {
  return [
    ...choicesOf(field).map((choice) => ({ key: choice.id, name: choice.name, color: choice.color })),
    { key: null, name: 'No value', color: null },
  ];
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
  const data = useKanbanBoard({ tableId, viewId: view.id, field: groupField, search, version });
  const columns = useMemo(() => kanbanColumns(groupField), [groupField]);
  const [open, setOpen] = useState<TableRecord | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null | undefined>(undefined);
  const primary = fields.find((field) => field.isPrimary) ?? fields[0];
  const cardFields = visibleFields
    .filter((field) => !field.isPrimary && field.id !== groupField.id)
    .slice(0, CARD_FIELDS);

  const move = (record: TableRecord, key: string | null) => {
    if (columnOf(groupField, record.values) === key) return;
    void data.update(record, { [groupField.id]: key });
  };
  const addIn = async (key: string | null) => {
    const record = await data.create(key ? { [groupField.id]: key } : {});
    if (record) setOpen(record);
  };
  const drop = (event: DragEvent, key: string | null) => {
    event.preventDefault();
    setDropTarget(undefined);
    const record = data.findRecord(event.dataTransfer.getData(RECORD_DRAG_TYPE));
    if (record) move(record, key);
  };
  const change = async ({ id, values }: { id: string; values: RecordValues }) => {
    const record = data.findRecord(id) ?? (open?.id === id ? open : undefined);
    if (!record) return false;
    setOpen((current) => (current?.id === id ? { ...current, values: { ...current.values, ...values } } : current));
    return data.update(record, values);
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
      {!data.isPending && data.total === 0 && emptyNotice}
      <div className="relative flex min-h-0 flex-1 gap-3 overflow-x-auto p-3 sm:p-4" aria-busy={data.isPending}>
        {columns.map((column) => (
          <KanbanColumn
            key={column.key ?? 'none'}
            tableId={tableId}
            viewId={view.id}
            fieldId={groupField.id}
            search={search}
            column={column}
            columns={columns}
            count={data.countOf(column.key)}
            countPending={data.isPending}
            primary={primary}
            cardFields={cardFields}
            dropTarget={dropTarget === column.key}
            onDragOverColumn={() => setDropTarget(column.key)}
            onDragLeaveColumn={() => setDropTarget(undefined)}
            onDrop={(event) => drop(event, column.key)}
            onAdd={() => void addIn(column.key)}
            onOpen={setOpen}
            onMove={move}
          />
        ))}
      </div>
      <RecordPanel tableId={tableId} record={open} fields={fields} onClose={() => setOpen(null)} onChange={change} />
    </div>
  );
}
