import type { Field, TableRecord } from '@flowmind/shared/tables';
import { Download, FileUp, Plus, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionToasts } from '../../../components/ui/action-toasts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { alerts } from '../../../shell/alert-store';
import { useActiveAccount } from '../../accounts/use-active-account';
import { CsvImportDialog } from '../csv/csv-import-dialog';
import { FieldChangeDialogs, useFieldChanges } from '../fields/field-changes';
import { GroupHeader } from '../grid/group-header';
import { HiddenRecordsNotice } from '../grid/hidden-records-notice';
import { DEFAULT_COLUMN_WIDTH, TableGrid } from '../grid/table-grid';
import { useGridGroups } from '../grid/use-grid-groups';
import { useRecordWindows } from '../grid/use-record-windows';
import { RecordPanel } from '../records/record-panel';
import { useRecordWriter } from '../records/use-record-writer';
import { useFields, type useTable, useTables, useViews } from '../use-tables';
import { today, valueOnDay } from '../views/calendar/calendar-dates';
import { CalendarView } from '../views/calendar/calendar-view';
import { countConditions } from '../views/filter-draft';
import { FormView } from '../views/form/form-view';
import { GroupPopover } from '../views/group-popover';
import { KanbanView } from '../views/kanban/kanban-view';
import { FilterPopover, HideFieldsPopover, SearchBox, SortPopover } from '../views/view-toolbar';
import { TableTopBar } from './table-top-bar';
import { orderFields, useViewConfig } from './use-table-editor';

export function TableEditor({ tableId, table }: { tableId: string; table: ReturnType<typeof useTable> }) {
  const fieldsQuery = useFields(tableId);
  const viewsQuery = useViews(tableId);
  const { account } = useActiveAccount();
  const otherTables = useTables(account?.id ?? null).data ?? [];
  const [params, setParams] = useSearchParams();
  const views = viewsQuery.data ?? [];
  const viewConfig = useViewConfig(tableId, views.find((item) => item.id === params.get('view')) ?? views[0], () =>
    windows.refetchVisible(),
  );
  const view = viewConfig.view;
  const fields = fieldsQuery.data ?? [];
  const { all: orderedFields, visible: visibleFields } = useMemo(
    () => orderFields(fields, view?.config),
    [fields, view?.config],
  );
  const [resizing, setResizing] = useState<Record<string, number>>({});
  const widthOf = useCallback(
    (field: Field) =>
      resizing[field.id] ?? view?.config.columnWidths[field.id] ?? (field.isPrimary ? 220 : DEFAULT_COLUMN_WIDTH),
    [resizing, view?.config.columnWidths],
  );

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  // The export follows what the grid shows: the view's fields, filter and sort, and the search.
  const exportHref = `/api/tables/${tableId}/export.csv?${new URLSearchParams({
    ...(view ? { viewId: view.id } : {}),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  }).toString()}`;
  const queryKey = JSON.stringify([
    view?.id,
    view?.config.filter,
    view?.config.sorts,
    view?.config.groupByFieldId,
    debouncedSearch,
  ]);
  const windows = useRecordWindows({
    tableId,
    viewId: view?.id,
    search: debouncedSearch,
    queryKey,
    version: table.data?.version,
  });
  const writer = useRecordWriter({ tableId, windows });
  const grouping = useGridGroups({
    tableId,
    view,
    fields,
    search: debouncedSearch,
    version: table.data?.version,
    total: windows.total,
  });
  const groupField = grouping.field;

  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [revealLastRow, setRevealLastRow] = useState(0);
  const fieldChanges = useFieldChanges({ tableId, refetchRecords: () => windows.refetchVisible() });
  const expanded = expandedId ? (windows.findRecord(expandedId) ?? null) : null;

  const addRecord = async () => {
    // On a calendar an undated record would show nowhere: it goes on today, where the calendar shows it.
    const dateField =
      view?.type === 'calendar' ? fields.find((field) => field.id === view.config.calendarFieldId) : null;
    const values = dateField ? { [dateField.id]: valueOnDay(dateField, null, today()) } : {};
    const ids = await writer.addRecords([values]);
    if (ids && dateField) alerts.success(`Record added on today’s date in “${dateField.name}”`);
    if (ids) setRevealLastRow((count) => count + 1);
  };

  const headerActions = {
    edit: (field: Field) => fieldChanges.editField(field),
    hide: (field: Field) =>
      void viewConfig.update({ hiddenFieldIds: [...(view?.config.hiddenFieldIds ?? []), field.id] }),
    remove: (field: Field) => fieldChanges.deleteField(field),
    reorder: (fieldId: string, beforeFieldId: string | null) => {
      const ids = orderedFields
        .filter((field) => !field.isPrimary)
        .map((field) => field.id)
        .filter((id) => id !== fieldId);
      const at = beforeFieldId ? ids.indexOf(beforeFieldId) : 0;
      ids.splice(at === -1 ? ids.length : at, 0, fieldId);
      void viewConfig.update({ fieldOrder: ids });
    },
    resize: (fieldId: string, width: number, done: boolean) => {
      setResizing((current) => ({ ...current, [fieldId]: width }));
      if (done) {
        void viewConfig
          .update({ columnWidths: { ...(view?.config.columnWidths ?? {}), [fieldId]: width } })
          .then(() => setResizing(({ [fieldId]: _, ...rest }) => rest));
      }
    },
  };

  const filtered = countConditions(view?.config.filter ?? null) > 0;
  // Only when the search or the filters are what leave a view empty.
  const hiddenRecordsNotice = (className?: string) =>
    debouncedSearch || filtered ? (
      <HiddenRecordsNotice
        search={debouncedSearch}
        filtered={filtered}
        onClearSearch={() => setSearch('')}
        onClearFilters={() => void viewConfig.update({ filter: null })}
        className={className}
      />
    ) : null;
  const loadError = table.error ?? fieldsQuery.error ?? viewsQuery.error;

  return (
    <div className="flex h-dvh flex-col bg-surface">
      <TableTopBar
        tableId={tableId}
        table={table.data ?? null}
        views={views}
        activeViewId={view?.id}
        onSelectView={(viewId) => setParams({ view: viewId }, { replace: true })}
      />
      {/* A form view builds a form: records, filters and sorts do not apply to it. */}
      <div
        hidden={view?.type === 'form'}
        className="flex shrink-0 flex-wrap items-center gap-1 border-b bg-background px-2 py-1.5 sm:px-3"
      >
        <Button size="sm" onClick={() => void addRecord()} aria-label="Add record">
          <Plus aria-hidden="true" />
          <span className="hidden sm:inline">Add record</span>
        </Button>
        <HideFieldsPopover
          fields={orderedFields}
          hidden={view?.config.hiddenFieldIds ?? []}
          onChange={(hiddenFieldIds) => void viewConfig.update({ hiddenFieldIds })}
        />
        <FilterPopover
          fields={orderedFields}
          filter={view?.config.filter ?? null}
          onChange={(filter) => void viewConfig.update({ filter })}
        />
        <SortPopover
          fields={orderedFields}
          sorts={view?.config.sorts ?? []}
          onChange={(sorts) => void viewConfig.update({ sorts })}
        />
        {view?.type === 'grid' && (
          <GroupPopover
            fields={orderedFields}
            groupByFieldId={view?.config.groupByFieldId ?? null}
            onChange={(groupByFieldId) => void viewConfig.update({ groupByFieldId })}
            onCollapseAll={grouping.collapseAll}
            onExpandAll={grouping.expandAll}
          />
        )}
        {selectedIds.length > 1 && (
          <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" />
            Delete {selectedIds.length} records
          </Button>
        )}
        {selectedIds.length === 1 && (
          <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" />
            <span className="hidden sm:inline">Delete record</span>
            <span className="sr-only sm:hidden">Delete record</span>
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={() => setImporting(true)} title="Import rows from a CSV file">
            <FileUp aria-hidden="true" />
            <span className="hidden sm:inline">Import CSV</span>
            <span className="sr-only sm:hidden">Import CSV</span>
          </Button>
          <a
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            href={exportHref}
            download
            title="Download the records of this view as CSV"
          >
            <Download aria-hidden="true" />
            <span className="hidden sm:inline">Export CSV</span>
            <span className="sr-only sm:hidden">Export CSV</span>
          </a>
          {windows.total !== null && (
            <span className="hidden text-muted-foreground text-xs tabular-nums sm:inline" aria-live="polite">
              {windows.total.toLocaleString()} {windows.total === 1 ? 'record' : 'records'}
            </span>
          )}
          <SearchBox value={search} onChange={setSearch} />
        </div>
      </div>
      {loadError || windows.error || grouping.error ? (
        <div
          role="alert"
          className="m-4 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
        >
          {errorMessage(loadError ?? windows.error ?? grouping.error)}
        </div>
      ) : fieldsQuery.isPending || viewsQuery.isPending ? (
        <div className="grid gap-2 p-4" role="status" aria-busy="true" aria-label="Loading table">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <div key={index} className="h-8 animate-pulse rounded bg-muted" />
          ))}
        </div>
      ) : view?.type === 'kanban' ? (
        <KanbanView
          tableId={tableId}
          view={view}
          fields={orderedFields}
          visibleFields={visibleFields}
          search={debouncedSearch}
          version={table.data?.version}
          emptyNotice={hiddenRecordsNotice('m-3 mb-0 py-6 sm:m-4 sm:mb-0')}
          onUpdateConfig={(config) => void viewConfig.update(config)}
          onAddField={() => fieldChanges.editField(null)}
        />
      ) : view?.type === 'calendar' ? (
        <CalendarView
          tableId={tableId}
          view={view}
          fields={orderedFields}
          search={debouncedSearch}
          version={table.data?.version}
          onUpdateConfig={(config) => void viewConfig.update(config)}
          onAddField={() => fieldChanges.editField(null)}
        />
      ) : view?.type === 'form' ? (
        <FormView
          tableId={tableId}
          view={view}
          fields={fields}
          onUpdateConfig={(config) => void viewConfig.update(config)}
        />
      ) : (
        <TableGrid
          fields={visibleFields}
          widthOf={widthOf}
          windows={windows}
          writer={writer}
          headerActions={headerActions}
          onAddField={() => fieldChanges.editField(null)}
          onAddRecord={() => void addRecord()}
          onExpand={(record: TableRecord) => setExpandedId(record.id)}
          onSelectedRecordsChange={setSelectedIds}
          revealLastRow={revealLastRow}
          emptyNotice={hiddenRecordsNotice()}
          footer={
            view && {
              tableId,
              view,
              search: debouncedSearch,
              version: table.data?.version,
              onChoose: (summaries) => void viewConfig.update({ summaries }),
            }
          }
          groups={
            groupField && grouping.layout
              ? {
                  layout: grouping.layout,
                  renderHeader: (group, collapsed) => (
                    <GroupHeader
                      field={groupField}
                      group={group}
                      collapsed={collapsed}
                      onToggle={() => grouping.toggle(group)}
                    />
                  ),
                }
              : undefined
          }
        />
      )}

      <FieldChangeDialogs
        changes={fieldChanges}
        fields={fields}
        tables={otherTables.filter((item) => item.id !== tableId)}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={selectedIds.length === 1 ? 'Delete this record?' : `Delete ${selectedIds.length} records?`}
        description="You can undo this with Ctrl/Cmd+Z while this page is open."
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirmDelete(false);
          void writer.deleteRecords(selectedIds);
        }}
      />
      <RecordPanel
        tableId={tableId}
        record={expanded}
        fields={orderedFields}
        onClose={() => setExpandedId(null)}
        onChange={(change) => writer.setCells([change])}
      />
      <CsvImportDialog open={importing} onOpenChange={setImporting} target={{ kind: 'existing', tableId, fields }} />
      <ActionToasts />
    </div>
  );
}
