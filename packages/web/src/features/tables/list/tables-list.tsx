import type { Table } from '@flowmind/shared/tables';
import { Copy, Pencil, Table2 } from 'lucide-react';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/relative-time';
import { ListItemIcon } from '../../lists/list-item-icon';
import { ListSkeleton } from '../../lists/list-skeleton';
import { RowActionsMenu } from '../../lists/row-actions-menu';
import { TrashRow } from '../../lists/trash-row';

export type TableRowActions = {
  rename: (table: Table) => void;
  duplicate: (table: Table) => void;
  trash: (table: Table) => void;
  restore: (table: Table) => void;
  removeForever: (table: Table) => void;
};

const recordCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'record' : 'records'}`;

export function TablesListSkeleton() {
  return <ListSkeleton label="Loading tables" rowClassName="h-16 rounded-xl" />;
}

/** The account's tables as rows: a link to open each and a menu of what can be done with it. */
export function TablesList({
  tables,
  inTrash,
  actions,
}: {
  tables: Table[];
  inTrash: boolean;
  actions: TableRowActions;
}) {
  return (
    <ul className="divide-y overflow-hidden rounded-xl border bg-background">
      {tables.map((table) =>
        inTrash ? (
          <TrashRow
            key={table.id}
            icon={Table2}
            name={table.name}
            detail={<TableDetail table={table} inTrash />}
            onRestore={() => actions.restore(table)}
            onRemoveForever={() => actions.removeForever(table)}
            className="hover:bg-surface"
          />
        ) : (
          <TableRow key={table.id} table={table} actions={actions} />
        ),
      )}
    </ul>
  );
}

function TableRow({ table, actions }: { table: Table; actions: TableRowActions }) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 hover:bg-surface sm:px-4">
      <ListItemIcon icon={Table2} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/tables/${table.id}`}
          className="block truncate font-medium text-sm after:absolute hover:underline focus-visible:underline"
        >
          {table.name}
        </Link>
        <p className="truncate text-muted-foreground text-xs">
          <TableDetail table={table} inTrash={false} />
        </p>
      </div>
      <RowActionsMenu
        name={table.name}
        actions={[
          { label: 'Rename', icon: Pencil, onSelect: () => actions.rename(table) },
          { label: 'Duplicate', icon: Copy, onSelect: () => actions.duplicate(table) },
        ]}
        onTrash={() => actions.trash(table)}
      />
    </li>
  );
}

/** The line under a table's name: its size, and when it was deleted (in the trash) or last edited. */
function TableDetail({ table, inTrash }: { table: Table; inTrash: boolean }) {
  return (
    <>
      {recordCount(table.recordCount)} ·{' '}
      {inTrash && table.deletedAt
        ? `deleted ${relativeTime(table.deletedAt)}`
        : `edited ${relativeTime(table.updatedAt)}`}
    </>
  );
}
