import type { View } from '@flowmind/shared/table-views';
import { TableName } from '@flowmind/shared/tables';
import { ChevronDown, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { NameDialog } from '../../../components/ui/name-dialog';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { useViewActions } from './use-view-actions';
import { freeViewName, VIEW_TYPES, viewTypeInfo } from './view-types';

type Naming = { kind: 'create'; type: View['type'] } | { kind: 'rename' | 'duplicate'; view: View };

/** The table's views as tabs: switch, and create, rename, duplicate or delete them. */
export function ViewTabs({
  tableId,
  views,
  activeViewId,
  onSelectView,
}: {
  tableId: string;
  views: View[];
  activeViewId: string | undefined;
  onSelectView: (viewId: string) => void;
}) {
  const actions = useViewActions(tableId);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const namingTitle =
    naming?.kind === 'create'
      ? `New ${viewTypeInfo[naming.type].label.toLowerCase()} view`
      : naming?.kind === 'rename'
        ? 'Rename view'
        : 'Duplicate view';
  const initialName =
    naming?.kind === 'create'
      ? freeViewName(viewTypeInfo[naming.type].label, views)
      : naming?.kind === 'duplicate'
        ? freeViewName(`${naming.view.name} copy`, views)
        : (naming?.view.name ?? '');

  const submitName = async (name: string) => {
    if (!naming) return;
    if (naming.kind === 'rename') return actions.rename(naming.view, name);
    const view =
      naming.kind === 'create'
        ? await actions.create({ name, type: naming.type })
        : await actions.duplicate(naming.view, name);
    onSelectView(view.id);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    setDeleteError(null);
    try {
      await actions.remove(deleting);
      if (deleting.id === activeViewId) {
        const next = views.find((view) => view.id !== deleting.id);
        if (next) onSelectView(next.id);
      }
      alerts.success(`View “${deleting.name}” deleted`);
      setDeleting(null);
    } catch (failure) {
      setDeleteError(errorMessage(failure, 'Could not delete the view'));
    } finally {
      setDeletePending(false);
    }
  };

  return (
    <>
      <nav aria-label="Views" className="ml-1 flex min-w-0 items-center gap-0.5 overflow-x-auto sm:ml-2">
        {views.map((view) => {
          const Icon = viewTypeInfo[view.type].icon;
          const active = view.id === activeViewId;
          return (
            <div
              key={view.id}
              className={cn(
                'inline-flex h-8 shrink-0 items-center rounded-md text-[13px]',
                active
                  ? 'bg-primary-soft font-medium text-primary-soft-foreground'
                  : 'text-muted-foreground hover:bg-accent',
              )}
            >
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                onClick={() => onSelectView(view.id)}
                onDoubleClick={() => setNaming({ kind: 'rename', view })}
                className={cn('inline-flex h-8 items-center gap-1.5 rounded-md pl-2.5', active ? 'pr-1' : 'pr-2.5')}
              >
                <Icon className="size-3.5" aria-hidden="true" />
                <span className="max-w-40 truncate">{view.name}</span>
              </button>
              {active && (
                <DropdownMenu>
                  <DropdownMenuTrigger
                    aria-label={`Options for view ${view.name}`}
                    className="mr-1 rounded p-0.5 hover:bg-background/60"
                  >
                    <ChevronDown className="size-3.5" aria-hidden="true" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="start">
                    <DropdownMenuItem onSelect={() => setNaming({ kind: 'rename', view })}>
                      <Pencil aria-hidden="true" /> Rename
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setNaming({ kind: 'duplicate', view })}>
                      <Copy aria-hidden="true" /> Duplicate
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem
                      tone="danger"
                      disabled={views.length === 1}
                      onSelect={() => {
                        setDeleteError(null);
                        setDeleting(view);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      {views.length === 1 ? 'Delete (a table keeps one view)' : 'Delete'}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
            </div>
          );
        })}
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label="Add view"
            className="inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-[13px] text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <Plus className="size-4" aria-hidden="true" />
            <span className="hidden md:inline">Add view</span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>Add a view</DropdownMenuLabel>
            {VIEW_TYPES.map((type) => {
              const { icon: Icon, label, hint } = viewTypeInfo[type];
              return (
                <DropdownMenuItem key={type} onSelect={() => setNaming({ kind: 'create', type })}>
                  <Icon aria-hidden="true" />
                  <span className="grid">
                    <span>{label}</span>
                    <span className="text-muted-foreground text-xs">{hint}</span>
                  </span>
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuContent>
        </DropdownMenu>
      </nav>
      <NameDialog
        schema={TableName}
        key={naming ? JSON.stringify(naming.kind === 'create' ? naming : [naming.kind, naming.view.id]) : 'closed'}
        open={naming !== null}
        onOpenChange={(open) => !open && setNaming(null)}
        title={namingTitle}
        submitLabel={naming?.kind === 'rename' ? 'Rename' : naming?.kind === 'duplicate' ? 'Duplicate' : 'Create view'}
        initialName={initialName}
        onSubmit={submitName}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this view?"
        description={
          deleting
            ? `“${deleting.name}” and its filters, sorts and field settings will be deleted. The records stay in the table.`
            : ''
        }
        confirmLabel="Delete view"
        pending={deletePending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
