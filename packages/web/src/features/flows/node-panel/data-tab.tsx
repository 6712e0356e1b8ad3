import { nodeOutputs, stepType } from '@flowmind/shared/flow-steps';
import type { ExecutionStep, FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import { Database } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatPath } from './completions';
import { ItemsTable, JsonView, SchemaView } from './item-views';

type View = 'table' | 'json' | 'schema';
const VIEWS: { value: View; label: string }[] = [
  { value: 'schema', label: 'Schema' },
  { value: 'table', label: 'Table' },
  { value: 'json', label: 'JSON' },
];

const STATUS_TONES = {
  succeeded: 'success',
  failed: 'danger',
  running: 'primary',
  waiting: 'primary',
  cancelled: 'neutral',
} as const;

/** What the step took and gave in the execution shown, its attempts, time, error and logs. */
export function DataTab({
  node,
  step,
  onInsertPath,
}: {
  node: FlowNode;
  step?: ExecutionStep | null;
  onInsertPath(path: string): void;
}) {
  const [view, setView] = useState<View>('schema');
  if (!step)
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <div className="mb-3 flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
          <Database className="size-5" aria-hidden="true" />
        </div>
        <p className="font-medium text-sm">No data yet</p>
        <p className="mt-1 max-w-64 text-muted-foreground text-sm">Run the flow or test this step to see its data.</p>
      </div>
    );
  const inputHandles = stepType(node.type)?.inputs ?? ['main'];
  const outputHandles = unique([...nodeOutputs(node), ...Object.keys(step.output ?? {})]);
  return (
    <div className="grid gap-4 p-4">
      <StepSummary step={step} />
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-[13px]">View</span>
        <Segmented<View> label="Data view" options={VIEWS} value={view} onChange={setView} />
      </div>
      {inputHandles.length > 0 && (
        <HandleData
          title="Input"
          handles={unique([...inputHandles, ...Object.keys(step.input)])}
          data={step.input}
          view={view}
          root="$json"
          onInsertPath={onInsertPath}
        />
      )}
      <HandleData
        title="Output"
        handles={outputHandles}
        data={step.output ?? {}}
        view={view}
        root={`${formatPath('$node', [node.name])}.json`}
        empty={step.status === 'running' || step.status === 'waiting' ? 'Not finished yet.' : 'No output.'}
      />
      {step.logs.length > 0 && <Logs logs={step.logs} />}
    </div>
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function StepSummary({ step }: { step: ExecutionStep }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 text-[13px]">
        <Badge tone={STATUS_TONES[step.status]}>{step.status}</Badge>
        {step.duration_ms !== null && <span className="text-muted-foreground">{formatDuration(step.duration_ms)}</span>}
        <span className="text-muted-foreground">
          {step.attempts} {step.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        {step.run_index > 0 && <span className="text-muted-foreground">run {step.run_index + 1}</span>}
      </div>
      {step.error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-[13px] text-destructive"
        >
          {step.error}
        </p>
      )}
    </div>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function HandleData({
  title,
  handles,
  data,
  view,
  root,
  empty = 'No items.',
  onInsertPath,
}: {
  title: string;
  handles: string[];
  data: Record<string, Item[]>;
  view: View;
  root: string;
  empty?: string;
  onInsertPath?: (path: string) => void;
}) {
  const firstWithItems = handles.find((handle) => (data[handle]?.length ?? 0) > 0) ?? handles[0] ?? 'main';
  const [chosen, setChosen] = useState<string | null>(null);
  const handle = chosen && handles.includes(chosen) ? chosen : firstWithItems;
  const items = data[handle] ?? [];
  return (
    <section aria-label={title} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-sm">
          {title}{' '}
          <span className="font-normal text-muted-foreground">
            · {items.length} {items.length === 1 ? 'item' : 'items'}
          </span>
        </h3>
        {handles.length > 1 && (
          <Segmented
            label={`${title} branch`}
            options={handles.map((value) => ({ value, label: `${value} (${data[value]?.length ?? 0})` }))}
            value={handle}
            onChange={setChosen}
          />
        )}
      </div>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-muted-foreground text-sm">{empty}</p>
      ) : view === 'table' ? (
        <ItemsTable items={items} />
      ) : view === 'json' ? (
        <JsonView value={items} />
      ) : (
        <SchemaView items={items} root={root} onInsert={onInsertPath} />
      )}
    </section>
  );
}

function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <fieldset className="flex flex-wrap rounded-md bg-muted p-0.5">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded px-2 py-0.5 font-medium text-[12px] transition-colors',
            option.value === value
              ? 'bg-background text-foreground shadow-xs'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

const LOG_COLORS: Record<StepLog['level'], string> = {
  log: 'text-foreground',
  info: 'text-primary',
  warn: 'text-warning',
  error: 'text-destructive',
};

function Logs({ logs }: { logs: StepLog[] }) {
  return (
    <section aria-label="Logs" className="grid gap-2">
      <h3 className="font-semibold text-sm">Logs</h3>
      <ol className="max-h-64 overflow-auto rounded-md border bg-surface py-1 font-mono text-[12px]">
        {logs.map((log, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: log lines are in order and never move
          <li key={index} className="flex gap-2 px-2 py-0.5">
            <time className="shrink-0 text-muted-foreground" dateTime={log.at}>
              {new Date(log.at).toLocaleTimeString()}
            </time>
            <span className={cn('w-10 shrink-0 uppercase', LOG_COLORS[log.level])}>{log.level}</span>
            <span className={cn('min-w-0 whitespace-pre-wrap break-words', LOG_COLORS[log.level])}>{log.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
