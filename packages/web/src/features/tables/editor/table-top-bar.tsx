import type { View } from '@flowmind/shared/table-views';
import type { Table } from '@flowmind/shared/tables';
import { BackLink } from '../../../components/ui/back-link';
import { InlineNameInput } from '../../../components/ui/inline-name-input';
import { LogoMark } from '../../../components/ui/logo';
import { tablesApi } from '../tables-api';
import { ViewTabs } from '../views/view-tabs';

/** The full-screen page's bar: back to the list, the table's name (click to rename) and its views (managed here). */
export function TableTopBar({
  tableId,
  table,
  views,
  activeViewId,
  onSelectView,
}: {
  tableId: string;
  table: Table | null;
  views: View[];
  activeViewId: string | undefined;
  onSelectView: (viewId: string) => void;
}) {
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-3">
      <BackLink to="/tables" label="Back to tables" text="Tables" />
      <span className="h-5 w-px bg-border" aria-hidden="true" />
      <LogoMark className="hidden size-5 sm:block" />
      {table ? (
        <TableNameInput key={table.id + table.name} table={table} />
      ) : (
        <span className="h-5 w-32 animate-pulse rounded bg-muted" />
      )}
      <ViewTabs tableId={tableId} views={views} activeViewId={activeViewId} onSelectView={onSelectView} />
    </header>
  );
}

function TableNameInput({ table }: { table: Table }) {
  return (
    <InlineNameInput
      name={table.name}
      label="Table name"
      failure="Could not rename the table"
      onRename={(next) => tablesApi.update({ tableId: table.id, name: next })}
      className="w-40 sm:w-64"
    />
  );
}
