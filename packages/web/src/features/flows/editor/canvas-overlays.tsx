import type { StepTypeInfo } from '@flowmind/shared/flow-steps';
import type { FlowVersion } from '@flowmind/shared/flows';
import { ArrowLeft, Plus, Redo2, RotateCcw, StickyNote as StickyIcon, Undo2, Wand2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAlertsBelow } from '../../../shell/alerts';

/** Adding steps and notes, tidying up, undo and redo, over the canvas's top-left corner. */
export function CanvasToolbar({
  onAdd,
  onNote,
  onLayout,
  onUndo,
  onRedo,
  canUndo,
  canRedo,
}: {
  onAdd: () => void;
  onNote: () => void;
  onLayout: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}) {
  const tool =
    'flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-40 disabled:hover:bg-transparent';
  const bar = useRef<HTMLDivElement>(null);
  // On a phone an alert spans the width: it goes below these tools, not over them.
  useAlertsBelow(bar);
  return (
    <div
      ref={bar}
      className="absolute top-3 left-3 z-10 flex items-center gap-0.5 rounded-lg border bg-background p-0.5 shadow-sm"
    >
      <Button size="sm" onClick={onAdd} aria-label="Add step" className="h-8">
        <Plus /> <span className="hidden sm:inline">Add step</span>
      </Button>
      <button type="button" className={tool} onClick={onNote} title="Add a note" aria-label="Add note">
        <StickyIcon className="size-4" aria-hidden="true" />
      </button>
      <button type="button" className={tool} onClick={onLayout} title="Tidy up (Shift+L)" aria-label="Tidy up">
        <Wand2 className="size-4" aria-hidden="true" />
      </button>
      <span className="mx-0.5 h-5 w-px bg-border" aria-hidden="true" />
      <button
        type="button"
        className={tool}
        onClick={onUndo}
        disabled={!canUndo}
        title="Undo (Ctrl+Z)"
        aria-label="Undo"
      >
        <Undo2 className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={tool}
        onClick={onRedo}
        disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
        aria-label="Redo"
      >
        <Redo2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shown instead of the toolbar while a version or an execution is on the canvas. */
export function ReadOnlyBanner({
  mode,
  version,
  onBack,
  onRestore,
  onRerun,
}: {
  mode: 'version' | 'execution';
  version: FlowVersion | null;
  onBack: () => void;
  onRestore: () => void;
  onRerun?: () => void;
}) {
  return (
    <div className="absolute top-3 left-3 z-10 flex max-w-[calc(100%-1.5rem)] flex-wrap items-center gap-2 rounded-lg border bg-background px-2 py-1.5 shadow-sm">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft /> Back to editor
      </Button>
      <span className="text-muted-foreground text-xs">
        {mode === 'version'
          ? `Viewing version ${version?.version ?? ''} (read-only)`
          : 'Viewing an execution (read-only)'}
      </span>
      {mode === 'version' ? (
        <Button variant="outline" size="sm" onClick={onRestore}>
          <RotateCcw /> Restore
        </Button>
      ) : (
        onRerun && (
          <Button variant="outline" size="sm" onClick={onRerun}>
            <RotateCcw /> Re-run
          </Button>
        )
      )}
    </div>
  );
}

/** An empty flow asks for its trigger first. */
export function EmptyFlowPrompt({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-4">
      <div className="pointer-events-auto rounded-xl border bg-background p-6 text-center shadow-sm">
        <p className="font-semibold">Start with a trigger</p>
        <p className="mt-1 max-w-xs text-muted-foreground text-sm">
          A trigger decides when the flow runs: a click, a webhook, a schedule, an email or a table change.
        </p>
        <Button className="mt-4" onClick={onAdd}>
          <Plus /> Add a trigger
        </Button>
      </div>
    </div>
  );
}

/** A second trigger was picked: it can only take the place of the one the flow has. */
export function ReplaceTriggerDialog({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: StepTypeInfo | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Replace the trigger?"
      description={`A flow has one trigger. ${pending?.label ?? 'The new trigger'} takes the place of the current one and keeps its connections.`}
      confirmLabel="Replace trigger"
      tone="default"
      onConfirm={onConfirm}
    />
  );
}
