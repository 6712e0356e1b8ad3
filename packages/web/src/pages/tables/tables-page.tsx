import type { Table } from '@flowmind/shared/tables';
import { TableName } from '@flowmind/shared/tables';
import { FileUp, Plus, Table2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionToasts } from '../../components/ui/action-toasts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { NameDialog } from '../../components/ui/name-dialog';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { DeleteForeverDialog } from '../../features/lists/delete-forever-dialog';
import { ListSearch } from '../../features/lists/list-search';
import { ListStates } from '../../features/lists/list-states';
import { useTrashableList } from '../../features/lists/use-trashable-list';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { CsvImportDialog } from '../../features/tables/csv/csv-import-dialog';
import { TablesList, TablesListSkeleton } from '../../features/tables/list/tables-list';
import { tablesApi } from '../../features/tables/tables-api';
import { useRefreshTables, useTables, useTrashedTables } from '../../features/tables/use-tables';
import { cn } from '../../lib/cn';
import { alerts } from '../../shell/alert-store';

const tableMatches = (table: Table, needle: string) => table.name.toLowerCase().includes(needle);

type Dialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'rename'; table: Table }
  | { kind: 'duplicate'; table: Table }
  | { kind: 'forever'; table: Table }
  | null;

export function TablesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  usePageHeader({
    title: 'Tables',
    description: 'Keep your data in tables',
    buttonText: 'New table',
    buttonAction: () => setDialog({ kind: 'create' }),
  });
  const navigate = useNavigate();
  const { account, isLoading: accountLoading } = useActiveAccount();
  const accountId = account?.id ?? null;
  const [inTrash, setInTrash] = useState(false);
  const [withRecords, setWithRecords] = useState(false);
  const tables = useTables(accountId);
  const trashed = useTrashedTables(accountId, { enabled: inTrash });
  const refresh = useRefreshTables(accountId);
  const list = useTrashableList({
    live: tables,
    trashed,
    inTrash,
    accountLoading,
    matches: tableMatches,
    refresh,
    api: tablesApi,
  });

  const actions = {
    rename: (table: Table) => setDialog({ kind: 'rename', table }),
    duplicate: (table: Table) => {
      setWithRecords(false);
      setDialog({ kind: 'duplicate', table });
    },
    trash: list.moveToTrash,
    restore: list.restore,
    removeForever: (table: Table) => setDialog({ kind: 'forever', table }),
  };

  return (
    <div className="grid max-w-4xl gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ListSearch list={list} label="Search tables" className="min-w-48 flex-1" />
        <fieldset className="flex rounded-md border bg-background p-0.5" aria-label="Show">
          {[
            { label: 'Tables', value: false, icon: Table2 },
            { label: 'Trash', value: true, icon: Trash2 },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={inTrash === option.value}
              onClick={() => setInTrash(option.value)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded px-3 text-[13px]',
                inTrash === option.value ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              <option.icon className="size-3.5" aria-hidden="true" />
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>

      <ListStates
        list={list}
        noun="tables"
        inTrash={inTrash}
        skeleton={<TablesListSkeleton />}
        trashDescription="Tables you delete wait here until you restore them."
        empty={
          <EmptyState
            icon={Table2}
            title="Create your first table"
            description="Tables hold typed records — customers, orders, tasks — that you edit like a spreadsheet and your flows and agents can read and write."
          >
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus aria-hidden="true" />
              New table
            </Button>
            <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Button>
          </EmptyState>
        }
      >
        <TablesList tables={list.visible} inTrash={inTrash} actions={actions} />
      </ListStates>

      <NameDialog
        schema={TableName}
        open={dialog?.kind === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="New table"
        placeholder="e.g. Customers"
        submitLabel="Create table"
        extra={
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => setDialog({ kind: 'import' })}
          >
            <FileUp aria-hidden="true" />
            Import a CSV file instead
          </Button>
        }
        onSubmit={async (name) => {
          if (!accountId) throw new Error('No account is selected');
          const table = await tablesApi.create({ accountId, name });
          refresh();
          navigate(`/tables/${table.id}`);
        }}
      />
      <NameDialog
        schema={TableName}
        open={dialog?.kind === 'rename'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Rename table"
        submitLabel="Save"
        initialName={dialog?.kind === 'rename' ? dialog.table.name : ''}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await tablesApi.update({ tableId: dialog.table.id, name });
          refresh();
        }}
      />
      <NameDialog
        schema={TableName}
        open={dialog?.kind === 'duplicate'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Duplicate table"
        submitLabel="Duplicate"
        initialName={dialog?.kind === 'duplicate' ? `${dialog.table.name} copy` : ''}
        extra={
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={withRecords}
              onChange={(event) => setWithRecords(event.target.checked)}
            />
            Copy the records too (otherwise only the fields and views)
          </label>
        }
        onSubmit={async (name) => {
          if (dialog?.kind !== 'duplicate') return;
          await tablesApi.duplicate({ tableId: dialog.table.id, name, withRecords });
          alerts.success(`"${name}" created`);
          refresh();
        }}
      />
      <DeleteForeverDialog
        item={dialog?.kind === 'forever' ? dialog.table : null}
        describe={(table) => `"${table.name}" and all its records will be deleted. This cannot be undone.`}
        onClose={() => setDialog(null)}
        onDelete={list.removeForever}
      />
      {accountId && (
        <CsvImportDialog
          open={dialog?.kind === 'import'}
          onOpenChange={(open) => {
            if (!open) setDialog(null);
            refresh();
          }}
          target={{ kind: 'new', accountId }}
          onOpenTable={(tableId) => navigate(`/tables/${tableId}`)}
        />
      )}
      <ActionToasts />
    </div>
  );
}
