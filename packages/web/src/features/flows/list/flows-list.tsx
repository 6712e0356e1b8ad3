import type { Flow } from '@flowmind/shared/flows';
import { Copy, Download, ExternalLink, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { relativeTime } from '../../../lib/relative-time';
import { ListItemIcon } from '../../lists/list-item-icon';
import { ListSkeleton } from '../../lists/list-skeleton';
import { RowActionsMenu } from '../../lists/row-actions-menu';
import { TrashRow } from '../../lists/trash-row';
import { ExecutionStatusBadge } from '../executions/execution-status';
import { useNow } from '../executions/use-now';
import { ActiveSwitch } from './active-switch';
import { triggerInfo } from './trigger-icon';

export type FlowRowActions = {
  open: (flow: Flow) => void;
  rename: (flow: Flow) => void;
  duplicate: (flow: Flow) => void;
  exportFile: (flow: Flow) => void;
  trash: (flow: Flow) => void;
  restore: (flow: Flow) => void;
  removeForever: (flow: Flow) => void;
  changed: () => void;
};

/** Column widths shared by the header and the rows (from lg up; below, each row is a card). */
const COLUMNS = {
  trigger: 'lg:w-36 lg:shrink-0',
  lastRun: 'lg:w-44 lg:shrink-0',
  runs: 'lg:w-24 lg:shrink-0',
  version: 'lg:w-24 lg:shrink-0',
  active: 'lg:w-14 lg:shrink-0',
};

export function FlowsListSkeleton() {
  return <ListSkeleton label="Loading flows" rowClassName="h-[4.5rem] rounded-xl lg:h-14" />;
}

/** The account's flows: rows with the columns on a wide screen, cards on a phone. */
export function FlowsList({ flows, inTrash, actions }: { flows: Flow[]; inTrash: boolean; actions: FlowRowActions }) {
  const now = useNow(30_000);
  return (
    <div className="overflow-hidden rounded-xl border bg-background">
      {!inTrash && (
        <div
          aria-hidden="true"
          className="hidden items-center gap-3 border-b bg-surface px-4 py-2 font-medium text-muted-foreground text-xs lg:flex"
        >
          <span className="min-w-0 flex-1 pl-12">Name</span>
          <span className={COLUMNS.trigger}>Trigger</span>
          <span className={COLUMNS.lastRun}>Last run</span>
          <span className={COLUMNS.runs}>Runs</span>
          <span className={COLUMNS.version}>Version</span>
          <span className={COLUMNS.active}>Active</span>
          <span className="w-8" />
        </div>
      )}
      <ul className="divide-y" aria-label={inTrash ? 'Flows in the trash' : 'Flows'}>
        {flows.map((flow) =>
          inTrash ? (
            <TrashRow
              key={flow.id}
              icon={triggerInfo(flow.triggerType).icon}
              name={flow.name}
              detail={
                flow.deletedAt
                  ? `deleted ${relativeTime(flow.deletedAt, now)}`
                  : `edited ${relativeTime(flow.updatedAt, now)}`
              }
              onRestore={() => actions.restore(flow)}
              onRemoveForever={() => actions.removeForever(flow)}
              testId="flow-row"
            />
          ) : (
            <FlowRow key={flow.id} flow={flow} actions={actions} now={now} />
          ),
        )}
      </ul>
    </div>
  );
}

function FlowRow({ flow, actions, now }: { flow: Flow; actions: FlowRowActions; now: number }) {
  const trigger = triggerInfo(flow.triggerType);
  const { total, failed } = flow.executionCounts;
  return (
    <li
      className="relative flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 hover:bg-surface sm:px-4 lg:flex-nowrap lg:py-2.5"
      data-testid="flow-row"
    >
      <div className="order-1 flex min-w-0 flex-1 items-center gap-3">
        <ListItemIcon icon={trigger.icon} />
        <div className="min-w-0">
          {/* The link's overlay makes the whole row open the flow; the switch and menu sit above it. */}
          <Link
            to={`/flows/${flow.id}`}
            className="block truncate font-medium text-sm after:absolute after:inset-0 hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {flow.name}
          </Link>
          <p className="truncate text-muted-foreground text-xs">edited {relativeTime(flow.updatedAt, now)}</p>
        </div>
      </div>

      {/* On a phone these wrap to a second line of the card; from lg up they are the row's columns. */}
      <div className="order-4 flex w-full flex-wrap items-center gap-x-3 gap-y-1.5 pl-12 text-muted-foreground text-xs lg:contents">
        <span className={`inline-flex min-w-0 items-center gap-1.5 lg:order-2 ${COLUMNS.trigger}`}>
          <trigger.icon className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{trigger.label}</span>
        </span>
        <span className={`inline-flex min-w-0 items-center gap-1.5 lg:order-2 ${COLUMNS.lastRun}`}>
          {flow.lastExecution ? (
            <>
              <ExecutionStatusBadge status={flow.lastExecution.status} />
              <span className="truncate">{relativeTime(flow.lastExecution.createdAt, now)}</span>
            </>
          ) : (
            <span>Never run</span>
          )}
        </span>
        <span className={`lg:order-2 ${COLUMNS.runs}`} title={`${total} runs, ${failed} failed`}>
          {total.toLocaleString()} {total === 1 ? 'run' : 'runs'}
          {failed > 0 && <span className="text-destructive"> · {failed.toLocaleString()} failed</span>}
        </span>
        <span className={`lg:order-2 ${COLUMNS.version}`}>
          {flow.publishedVersion !== null ? (
            <Badge tone="primary">
              v{flow.publishedVersion}
              {flow.hasUnpublishedChanges && (
                <>
                  <span aria-hidden="true" title="The draft has changes that are not published">
                    •
                  </span>
                  <span className="sr-only">, with unpublished changes</span>
                </>
              )}
            </Badge>
          ) : (
            <Badge>Draft</Badge>
          )}
        </span>
      </div>
      <span className={`relative z-10 order-2 flex lg:order-3 ${COLUMNS.active}`}>
        <ActiveSwitch flow={flow} onChanged={actions.changed} />
      </span>

      <RowActionsMenu
        name={flow.name}
        className="relative z-10 order-3 lg:order-4"
        actions={[
          { label: 'Open', icon: ExternalLink, onSelect: () => actions.open(flow) },
          { label: 'Rename', icon: Pencil, onSelect: () => actions.rename(flow) },
          { label: 'Duplicate', icon: Copy, onSelect: () => actions.duplicate(flow) },
          { label: 'Export JSON', icon: Download, onSelect: () => actions.exportFile(flow) },
        ]}
        onTrash={() => actions.trash(flow)}
      />
    </li>
  );
}
