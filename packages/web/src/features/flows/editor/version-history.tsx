import type { FlowGraph, FlowVersion } from '@flowmind/shared/flows';
import { Eye, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/relative-time';
import { useFlowVersions } from '../flow-api';
import { diffGraphs } from './graph-ops';
import { SidePanel } from './side-panel';

/** The published versions, newest first; one can be shown on the canvas, compared with the draft and restored. */
export function VersionHistory({
  flowId,
  draft,
  viewingId,
  onView,
  onRestore,
  onClose,
}: {
  flowId: string;
  draft: FlowGraph;
  viewingId: string | null;
  onView: (version: FlowVersion | null) => void;
  onRestore: (version: FlowVersion) => void;
  onClose: () => void;
}) {
  const versions = useFlowVersions(flowId, { enabled: true });
  return (
    <SidePanel label="Version history" title="Version history" onClose={onClose}>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {versions.isPending && <Skeleton className="h-16 w-full" />}
        {versions.error && <p className="text-destructive text-sm">Could not load the versions.</p>}
        {versions.data?.length === 0 && (
          <p className="py-8 text-center text-muted-foreground text-sm">
            Nothing published yet. Publish the flow to keep a version you can come back to.
          </p>
        )}
        <ol className="grid gap-2">
          {versions.data?.map((version) => {
            const viewing = version.id === viewingId;
            return (
              <li
                key={version.id}
                className={cn('rounded-lg border p-3', viewing && 'border-primary bg-primary-soft/40')}
                data-testid="flow-version"
              >
                <div className="flex items-center gap-2">
                  <span className="font-semibold text-sm">v{version.version}</span>
                  <span className="min-w-0 flex-1 truncate text-muted-foreground text-xs">
                    {relativeTime(version.createdAt)}
                    {version.createdBy ? ` · ${version.createdBy.name}` : ''}
                  </span>
                </div>
                {version.message && <p className="mt-1 text-sm">{version.message}</p>}
                <div className="mt-2 flex gap-2">
                  <Button
                    variant={viewing ? 'secondary' : 'outline'}
                    size="sm"
                    onClick={() => onView(viewing ? null : version)}
                  >
                    <Eye /> {viewing ? 'Back to draft' : 'View'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => onRestore(version)}>
                    <RotateCcw /> Restore
                  </Button>
                </div>
                {viewing && <VersionDiff before={version.graph} after={draft} />}
              </li>
            );
          })}
        </ol>
      </div>
    </SidePanel>
  );
}

function VersionDiff({ before, after }: { before: FlowGraph; after: FlowGraph }) {
  const diff = diffGraphs(before, after);
  const none =
    !diff.added.length && !diff.removed.length && !diff.changed.length && !diff.edgesAdded && !diff.edgesRemoved;
  return (
    <div className="mt-3 grid gap-1.5 border-t pt-3 text-xs" data-testid="version-diff">
      <p className="font-medium text-muted-foreground">The draft compared with this version</p>
      {none && <p className="text-muted-foreground">No differences.</p>}
      {diff.added.map((node) => (
        <p key={`a-${node.id}`} className="text-emerald-700 dark:text-emerald-400">
          + {node.name} added
        </p>
      ))}
      {diff.removed.map((node) => (
        <p key={`r-${node.id}`} className="text-destructive">
          − {node.name} removed
        </p>
      ))}
      {diff.changed.map(({ after: node, changes }) => (
        <p key={`c-${node.id}`} className="text-amber-700 dark:text-amber-400">
          ~ {node.name}: {changes.join(', ')}
        </p>
      ))}
      {(diff.edgesAdded > 0 || diff.edgesRemoved > 0) && (
        <p className="text-muted-foreground">
          Connections: {diff.edgesAdded} added, {diff.edgesRemoved} removed
        </p>
      )}
    </div>
  );
}

/** Asks before a version's graph replaces the draft (undo still takes it back while the editor is open). */
export function RestoreVersionDialog({
  version,
  onCancel,
  onConfirm,
}: {
  version: FlowVersion | null;
  onCancel: () => void;
  onConfirm: (version: FlowVersion) => void;
}) {
  return (
    <ConfirmDialog
      open={version !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Restore version ${version?.version ?? ''}?`}
      description="The draft becomes a copy of this version. You can undo it (Ctrl+Z) while the editor is open."
      confirmLabel="Restore into draft"
      tone="default"
      onConfirm={() => version && onConfirm(version)}
    />
  );
}
