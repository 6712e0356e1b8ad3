import type { Field, FieldChangePreview, TableRecord } from '@flowmind/shared/tables';
import { Download, FileUp, Plus, Table2, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ActionToasts, showActionToast } from '../../components/ui/action-toasts';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { today, valueOnDay } from '../../features/tables/calendar-dates';
import { CalendarView } from '../../features/tables/calendar-view';
import { CsvImportDialog } from '../../features/tables/csv-import-dialog';
import { FieldDialog, type FieldDraft } from '../../features/tables/field-dialog';
import { countConditions } from '../../features/tables/filter-draft';
import { FormView } from '../../features/tables/form-view';
import { GroupHeader } from '../../features/tables/group-header';
import { GroupPopover } from '../../features/tables/group-popover';
import { HiddenRecordsNotice } from '../../features/tables/hidden-records-notice';
import { KanbanView } from '../../features/tables/kanban-view';
import { RecordPanel } from '../../features/tables/record-panel';
import { DEFAULT_COLUMN_WIDTH, TableGrid } from '../../features/tables/table-grid';
import { TableTopBar } from '../../features/tables/table-top-bar';
import { tablesApi } from '../../features/tables/tables-api';
import { useGridGroups } from '../../features/tables/use-grid-groups';
import { useRecordWindows } from '../../features/tables/use-record-windows';
import { useRecordWriter } from '../../features/tables/use-record-writer';
import { orderFields, useViewConfig } from '../../features/tables/use-table-editor';
import { useFields, useTable, useTables, useViews } from '../../features/tables/use-tables';
import { FilterPopover, HideFieldsPopover, SearchBox, SortPopover } from '../../features/tables/view-toolbar';
import { ApiError, errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { alerts } from '../../shell/alert-store';

type LossyChange = { field: Field; draft: FieldDraft; preview: FieldChangePreview };

export function TableEditorPage() {
  const tableId = useParams().id as string;
  usePageHeader({ title: 'Table' });
  const table = useTable(tableId);
  if (table.error instanceof ApiError && table.error.status === 404) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-surface p-4">
        <EmptyState
          icon={Table2}
          title="Table not found"
          description="It may have been deleted, or it belongs to an account you are not in."
          className="w-full max-w-lg"
        >
          <ButtonLink to="/tables">Back to Tables</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return <TableEditor key={tableId} tableId={tableId} table={table} />;
}

function TableEditor({ tableId, table }: { tableId: string; table: ReturnType<typeof useTable> }) {
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

  const [fieldDialog, setFieldDialog] = useState<{ field: Field | null } | null>(null);
  const [deletingField, setDeletingField] = useState<Field | null>(null);
  const [lossy, setLossy] = useState<LossyChange | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [revealLastRow, setRevealLastRow] = useState(0);
  const expanded = expandedId ? (windows.findRecord(expandedId) ?? null) : null;

  const applyFieldChange = async (field: Field, draft: FieldDraft, confirmLoss: boolean) => {
    await tablesApi.updateField({
      tableId,
      fieldId: field.id,
      input: { name: draft.name, options: draft.options, confirmLoss },
    });
    windows.refetchVisible();
    if (confirmLoss) {
      showActionToast({
        message: `“${draft.name}” changed type; some values were cleared`,
        onAction: () =>
          void tablesApi
            .undoFieldChange({ tableId, fieldId: field.id })
            .then(() => {
              alerts.success('Field change undone');
              windows.refetchVisible();
            })
            .catch((failure) => alerts.error(errorMessage(failure))),
      });
    }
  };

  const saveField = async (draft: FieldDraft) => {
    const options =
      draft.options.type === 'single_select' || draft.options.type === 'multi_select'
        ? { ...draft.options, choices: draft.options.choices.filter((choice) => choice.name.trim()) }
        : draft.options;
    const clean = { ...draft, options };
    const field = fieldDialog?.field;
    if (!field) {
      await tablesApi.createField({ tableId, input: clean });
      return;
    }
    if (field.type !== options.type) {
      const preview = await tablesApi.previewField({ tableId, fieldId: field.id, options });
      if (preview.lost > 0) {
        setLossy({ field, draft: clean, preview });
        return;
      }
    }
    try {
      await applyFieldChange(field, clean, false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        const preview = await tablesApi.previewField({ tableId, fieldId: field.id, options });
        setLossy({ field, draft: clean, preview });
        return;
      }
      throw failure;
    }
  };

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
    edit: (field: Field) => setFieldDialog({ field }),
    hide: (field: Field) =>
      void viewConfig.update({ hiddenFieldIds: [...(view?.config.hiddenFieldIds ?? []), field.id] }),
    remove: (field: Field) => setDeletingField(field),
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
          onAddField={() => setFieldDialog({ field: null })}
        />
      ) : view?.type === 'calendar' ? (
        <CalendarView
          tableId={tableId}
          view={view}
          fields={orderedFields}
          search={debouncedSearch}
          version={table.data?.version}
          onUpdateConfig={(config) => void viewConfig.update(config)}
          onAddField={() => setFieldDialog({ field: null })}
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
          onAddField={() => setFieldDialog({ field: null })}
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

      <FieldDialog
        open={fieldDialog !== null}
        onOpenChange={(open) => !open && setFieldDialog(null)}
        field={fieldDialog?.field ?? null}
        fields={fields}
        tables={otherTables.filter((item) => item.id !== tableId)}
        onSave={saveField}
      />
      <ConfirmDialog
        open={lossy !== null}
        onOpenChange={(open) => !open && setLossy(null)}
        title="Change the field type?"
        description={
          lossy
            ? `${lossy.preview.lost.toLocaleString()} ${lossy.preview.lost === 1 ? 'value' : 'values'} will be lost; ${lossy.preview.converted.toLocaleString()} will be converted. You can undo right after.`
            : ''
        }
        confirmLabel="Change type"
        onConfirm={() => {
          const change = lossy;
          setLossy(null);
          if (change)
            void applyFieldChange(change.field, change.draft, true).catch((failure) =>
              alerts.error(errorMessage(failure)),
            );
        }}
      />
      <ConfirmDialog
        open={deletingField !== null}
        onOpenChange={(open) => !open && setDeletingField(null)}
        title="Delete field?"
        description={deletingField ? `“${deletingField.name}” and its value in every record will be deleted.` : ''}
        confirmLabel="Delete field"
        onConfirm={() => {
          const field = deletingField;
          setDeletingField(null);
          if (field)
            void tablesApi
              .deleteField({ tableId, fieldId: field.id })
              .then(() => windows.refetchVisible())
              .catch((failure) => alerts.error(errorMessage(failure)));
        }}
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
