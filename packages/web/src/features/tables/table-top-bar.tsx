import type { Table, View } from '@flowmind/shared/tables';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/logo';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { tablesApi } from './tables-api';
import { ViewTabs } from './view-tabs';

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
      <Link
        to="/tables"
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Tables</span>
      </Link>
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
  const [name, setName] = useState(table.name);
  useEffect(() => {
    document.title = `${table.name} | Flowmind`;
  }, [table.name]);
  const save = async () => {
    const next = name.trim();
    if (!next || next === table.name) {
      setName(table.name);
      return;
    }
    try {
      await tablesApi.update({ tableId: table.id, name: next });
    } catch (failure) {
      setName(table.name);
      alerts.error(errorMessage(failure, 'Could not rename the table'));
    }
  };
  return (
    <input
      aria-label="Table name"
      value={name}
      maxLength={120}
      onChange={(event) => setName(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          setName(table.name);
          event.currentTarget.blur();
        }
      }}
      className="h-8 w-40 min-w-0 truncate rounded-md border border-transparent bg-transparent px-2 font-semibold text-sm hover:border-border focus:border-ring focus:outline-none sm:w-64"
    />
  );
}
