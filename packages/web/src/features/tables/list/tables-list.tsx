import type { Table } from '@flowmind/shared/tables';
import { Copy, MoreHorizontal, Pencil, RotateCcw, Table2, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Skeleton } from '../../../components/ui/skeleton';
import { relativeTime } from '../../../lib/relative-time';

export type TableRowActions = {
  rename: (table: Table) => void;
  duplicate: (table: Table) => void;
  trash: (table: Table) => void;
  restore: (table: Table) => void;
  removeForever: (table: Table) => void;
};

const recordCount = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'record' : 'records'}`;

export function TablesListSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading tables">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-16 rounded-xl" />
      ))}
    </div>
  );
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
      {tables.map((table) => (
        <li key={table.id} className="flex items-center gap-3 px-3 py-2.5 hover:bg-surface sm:px-4">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Table2 className="size-4" aria-hidden="true" />
          </div>
          <div className="min-w-0 flex-1">
            {inTrash ? (
              <span className="block truncate font-medium text-sm">{table.name}</span>
            ) : (
              <Link
                to={`/tables/${table.id}`}
                className="block truncate font-medium text-sm after:absolute hover:underline focus-visible:underline"
              >
                {table.name}
              </Link>
            )}
            <p className="truncate text-muted-foreground text-xs">
              {recordCount(table.recordCount)} ·{' '}
              {inTrash && table.deletedAt
                ? `deleted ${relativeTime(table.deletedAt)}`
                : `edited ${relativeTime(table.updatedAt)}`}
            </p>
          </div>
          {inTrash ? (
            <div className="flex gap-1">
              <Button size="sm" variant="outline" onClick={() => actions.restore(table)}>
                <RotateCcw aria-hidden="true" />
                Restore
              </Button>
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={`Delete ${table.name} forever`}
                onClick={() => actions.removeForever(table)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="icon-sm" variant="ghost" aria-label={`Actions for ${table.name}`}>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => actions.rename(table)}>
                  <Pencil aria-hidden="true" />
                  Rename
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => actions.duplicate(table)}>
                  <Copy aria-hidden="true" />
                  Duplicate
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem tone="danger" onSelect={() => actions.trash(table)}>
                  <Trash2 aria-hidden="true" />
                  Move to trash
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </li>
      ))}
    </ul>
  );
}
