import type { Flow } from '@flowmind/shared/flows';
import {
  AlertTriangle,
  Check,
  CloudOff,
  Download,
  FileUp,
  History,
  Keyboard,
  ListChecks,
  Loader2,
  MoreHorizontal,
  Play,
  Power,
  Rocket,
  Settings2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { InlineNameInput } from '../../../components/ui/inline-name-input';
import { LogoMark } from '../../../components/ui/logo';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { useAlertsBelow } from '../../../shell/alerts';
import { flowApi } from '../flow-api';
import type { SaveStatus } from './use-draft-saver';

export type TopBarMenuAction = 'versions' | 'executions' | 'settings' | 'export' | 'import' | 'shortcuts';

/** The editor's bar: back, the flow's name, save state, problems, Run, Publish, on/off and the menu. */
export function EditorTopBar({
  flow,
  saveStatus,
  saveError,
  onReload,
  issueCount,
  onFocusIssue,
  running,
  onRun,
  publishBlockedBy,
  onPublish,
  onMenu,
}: {
  flow: Flow;
  saveStatus: SaveStatus;
  saveError: string | null;
  onReload: () => void;
  issueCount: number;
  onFocusIssue: () => void;
  running: boolean;
  onRun: () => void;
  publishBlockedBy: string | null;
  onPublish: () => void;
  onMenu: (action: TopBarMenuAction) => void;
}) {
  const active = useActiveToggle(flow);
  const header = useRef<HTMLElement>(null);
  useAlertsBelow(header);
  return (
    <header
      ref={header}
      className="flex h-12 shrink-0 items-center gap-1.5 border-b bg-background px-2 sm:gap-2 sm:px-3"
    >
      {/* The bar is crowded with buttons: the word "Flows" waits for a wider screen than other bars'. */}
      <BackLink to="/flows" label="Back to flows" text="Flows" textClassName="hidden md:inline" />
      <span className="hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
      <LogoMark className="hidden size-5 sm:block" />
      <FlowNameInput key={flow.id + flow.name} flow={flow} />
      <SaveState status={saveStatus} error={saveError} onReload={onReload} />
      <PublishState flow={flow} />
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        {issueCount > 0 && (
          <button
            type="button"
            onClick={onFocusIssue}
            title="Show the first problem"
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 font-medium text-destructive text-xs hover:bg-destructive-soft"
          >
            <AlertTriangle className="size-3.5" aria-hidden="true" />
            {issueCount}
            <span className="hidden lg:inline">{issueCount === 1 ? 'issue' : 'issues'}</span>
          </button>
        )}
        <ActiveToggle flow={flow} />
        <Button variant="outline" size="sm" onClick={onRun} pending={running} aria-label="Run flow">
          {!running && <Play />}
          <span className="hidden sm:inline">Run</span>
        </Button>
        <span title={publishBlockedBy ?? undefined}>
          <Button size="sm" onClick={onPublish} disabled={publishBlockedBy !== null} aria-label="Publish">
            <Rocket />
            <span className="hidden sm:inline">Publish</span>
          </Button>
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label="More">
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem
              className="md:hidden"
              disabled={flow.publishedVersion === null || active.pending}
              onSelect={() => void active.toggle()}
            >
              <Power /> {flow.active ? 'Turn off' : 'Turn on'}
              {flow.publishedVersion === null && <span className="ml-auto text-xs">publish first</span>}
            </DropdownMenuItem>
            <DropdownMenuSeparator className="md:hidden" />
            <DropdownMenuItem onSelect={() => onMenu('versions')}>
              <History /> Version history
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onMenu('executions')}>
              <ListChecks /> Executions
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onMenu('settings')}>
              <Settings2 /> Flow settings
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onMenu('export')}>
              <Download /> Export JSON
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onMenu('import')}>
              <FileUp /> Import JSON
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onMenu('shortcuts')}>
              <Keyboard /> Keyboard shortcuts
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}

function SaveState({ status, error, onReload }: { status: SaveStatus; error: string | null; onReload: () => void }) {
  const base = 'inline-flex shrink-0 items-center gap-1 text-xs';
  if (status === 'conflict')
    return (
      <span className={cn(base, 'text-destructive')} role="status" title={error ?? undefined}>
        <AlertTriangle className="size-3.5" aria-hidden="true" />
        <span className="hidden sm:inline">Changed elsewhere</span>
        <Button variant="outline" size="sm" className="h-6 px-2 text-xs" onClick={onReload}>
          Reload
        </Button>
      </span>
    );
  if (status === 'offline')
    return (
      <span className={cn(base, 'text-warning')} role="status" title={error ?? undefined}>
        <CloudOff className="size-3.5" aria-hidden="true" />
        <span className="hidden sm:inline">Offline</span>
      </span>
    );
  if (status === 'error')
    return (
      <span className={cn(base, 'text-destructive')} role="status" title={error ?? undefined}>
        <AlertTriangle className="size-3.5" aria-hidden="true" />
        <span className="hidden sm:inline">Not saved</span>
      </span>
    );
  if (status === 'saving' || status === 'pending')
    return (
      <span className={cn(base, 'text-muted-foreground')} role="status">
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        <span className="hidden sm:inline">Saving…</span>
      </span>
    );
  return (
    <span className={cn(base, 'text-muted-foreground')} role="status">
      <Check className="size-3.5" aria-hidden="true" />
      <span className="hidden sm:inline">Saved</span>
    </span>
  );
}

function PublishState({ flow }: { flow: Flow }) {
  const text =
    flow.publishedVersion === null
      ? 'Never published'
      : flow.hasUnpublishedChanges
        ? 'Unpublished changes'
        : `Published v${flow.publishedVersion}`;
  return (
    <span
      data-testid="publish-state"
      className={cn(
        'hidden shrink-0 rounded-full px-2 py-0.5 font-medium text-[11px] lg:inline',
        flow.publishedVersion !== null && !flow.hasUnpublishedChanges
          ? 'bg-success-soft text-success'
          : 'bg-muted text-muted-foreground',
      )}
      title={flow.publishedVersion !== null ? `Latest published version: v${flow.publishedVersion}` : undefined}
    >
      {text}
    </span>
  );
}

/** Turning the flow on or off (its published triggers listen only while it is on). */
function useActiveToggle(flow: Flow) {
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    setPending(true);
    try {
      await flowApi.setActive({ flowId: flow.id, active: !flow.active });
    } catch (failure) {
      alerts.error(errorMessage(failure, 'Could not change the flow'));
    } finally {
      setPending(false);
    }
  };
  return { pending, toggle };
}

function ActiveToggle({ flow }: { flow: Flow }) {
  const { pending, toggle } = useActiveToggle(flow);
  const unpublished = flow.publishedVersion === null;
  return (
    <label
      className="hidden items-center gap-1.5 text-muted-foreground text-xs md:inline-flex"
      title={
        unpublished
          ? 'Publish the flow before turning it on'
          : flow.active
            ? 'Triggers are listening'
            : 'Triggers are off'
      }
    >
      <button
        type="button"
        role="switch"
        aria-checked={flow.active}
        aria-label="Active"
        disabled={unpublished || pending}
        onClick={() => void toggle()}
        className={cn(
          'relative h-5 w-9 rounded-full transition-colors disabled:opacity-50',
          flow.active ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            flow.active && 'translate-x-4',
          )}
        />
      </button>
      Active
    </label>
  );
}

function FlowNameInput({ flow }: { flow: Flow }) {
  return (
    <InlineNameInput
      name={flow.name}
      label="Flow name"
      failure="Could not rename the flow"
      onRename={(next) => flowApi.rename({ flowId: flow.id, name: next })}
      className="w-28 sm:w-56"
    />
  );
}
