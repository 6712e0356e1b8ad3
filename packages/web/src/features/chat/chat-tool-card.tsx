import type { ChatToolPart } from '@flowmind/shared/chat';
import { stepType } from '@flowmind/shared/flow-steps';
import { INTEGRATION_TOOL_LABELS } from '@flowmind/shared/integrations/catalogue';
import { Ban, Check, CircleAlert, Loader2, ShieldQuestion, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** What each tool is called on screen. */
export const TOOL_LABELS: Record<string, string> = {
  search_notes: 'Search notes',
  read_note: 'Read a note',
  create_note: 'Create a note',
  list_tables: 'List tables',
  query_records: 'Read records',
  add_record: 'Add a record',
  list_flows: 'List flows',
  run_flow: 'Run a flow',
  draft_flow: 'Draft a flow',
  ...INTEGRATION_TOOL_LABELS,
};

const STATES: Record<ChatToolPart['state'], { label: string; icon: typeof Check; tone: string }> = {
  'awaiting-approval': {
    label: 'Needs your approval',
    icon: ShieldQuestion,
    tone: 'text-amber-600 dark:text-amber-400',
  },
  running: { label: 'Running', icon: Loader2, tone: 'text-muted-foreground' },
  done: { label: 'Done', icon: Check, tone: 'text-emerald-600 dark:text-emerald-400' },
  error: { label: 'Failed', icon: CircleAlert, tone: 'text-destructive' },
  denied: { label: 'Not approved', icon: Ban, tone: 'text-muted-foreground' },
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A link the tool's result points at (a new note, the table), when it gives one inside the app. */
function resultLink(output: unknown): string | null {
  const url = (output as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url.startsWith('/') ? url : null;
}

/** What a call that makes something will make, in words, to approve at a glance. */
function summary(part: ChatToolPart): string | null {
  const input = (part.input ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (part.toolName === 'create_note') return `A note titled "${text(input.title)}"`;
  if (part.toolName === 'draft_flow') {
    const steps = Array.isArray(input.steps) ? (input.steps as { type?: unknown; name?: unknown }[]) : [];
    const trigger = (input.trigger as { type?: unknown } | undefined)?.type;
    const labelOf = (type: unknown) => stepType(text(type))?.label ?? text(type);
    if (input.templateId) return `A draft flow "${text(input.name)}" from the template ${text(input.templateId)}`;
    const chain = [labelOf(trigger || 'trigger.manual')];
    for (const step of steps) chain.push(text(step.name) || labelOf(step.type));
    return `A draft flow "${text(input.name)}": ${chain.join(' → ')}`;
  }
  return null;
}

/** How a tool call is named to people: its own label (a connection's tool), the catalogue's, or its name. */
export const toolLabel = (part: { toolName: string; label?: string }) =>
  part.label ?? TOOL_LABELS[part.toolName] ?? part.toolName;

/** A tool call in an answer: what it was asked, what it gave, and the approval it waits for. */
export function ChatToolCard({
  part,
  busy,
  onDecide,
}: {
  part: ChatToolPart;
  busy: boolean;
  onDecide: (approved: boolean) => void;
}) {
  const state = STATES[part.state];
  const Icon = state.icon;
  const label = toolLabel(part);
  const link = part.state === 'done' ? resultLink(part.output) : null;
  const said = summary(part);
  return (
    <section
      aria-label={`Tool: ${label}`}
      className={cn(
        'rounded-lg border bg-background text-sm',
        part.state === 'awaiting-approval' && 'border-amber-400/60',
      )}
    >
      <div className="flex items-center gap-2 px-3 py-2">
        <Wrench className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">{label}</span>
        <span className={cn('ml-auto flex items-center gap-1 text-xs', state.tone)}>
          <Icon className={cn('size-3.5', part.state === 'running' && 'animate-spin')} aria-hidden="true" />
          {state.label}
        </span>
      </div>
      {said && <p className="border-t px-3 py-2 text-[13px]">{said}</p>}
      <details className="border-t px-3 py-1.5">
        <summary className="cursor-pointer text-muted-foreground text-xs">Input</summary>
        <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-all text-xs">{json(part.input)}</pre>
      </details>
      {part.state === 'done' && (
        <details className="border-t px-3 py-1.5">
          <summary className="cursor-pointer text-muted-foreground text-xs">Result</summary>
          <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-all text-xs">{json(part.output)}</pre>
        </details>
      )}
      {part.state === 'error' && <p className="border-t px-3 py-2 text-destructive text-xs">{part.error}</p>}
      {link && (
        <div className="border-t px-3 py-2 text-xs">
          <Link to={link} className="font-medium text-primary underline underline-offset-2">
            Open
          </Link>
        </div>
      )}
      {part.state === 'awaiting-approval' && (
        <div className="flex items-center justify-end gap-2 border-t px-3 py-2">
          <span className="mr-auto text-muted-foreground text-xs">This changes your data.</span>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDecide(false)}>
            Deny
          </Button>
          <Button size="sm" disabled={busy} onClick={() => onDecide(true)}>
            Approve
          </Button>
        </div>
      )}
    </section>
  );
}
