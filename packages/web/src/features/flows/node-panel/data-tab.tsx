import { nodeOutputs, stepType } from '@flowmind/shared/flow-steps';
import { PINNED_STEP_LOG } from '@flowmind/shared/flow-test-data';
import type { ExecutionStep, FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Database } from 'lucide-react';
import { useState } from 'react';
import { api, errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { PinBar } from '../test-data/pin-bar';
import { usePins } from '../test-data/test-data-api';
import { formatPath } from './completions';
import { ItemsTable, JsonView, SchemaView } from './item-views';
import { StepSummary } from './step-summary';

type View = 'table' | 'json' | 'schema';
const VIEWS: { value: View; label: string }[] = [
  { value: 'schema', label: 'Schema' },
  { value: 'table', label: 'Table' },
  { value: 'json', label: 'JSON' },
];

/**
 * What the step took and gave in the execution shown, its attempts, time, error and logs. A step
 * that ran more than once (in a loop) shows its last run, and any other run on request.
 */
export function DataTab({
  flowId,
  readOnly,
  node,
  step: lastRun,
  executionId = null,
  runs = 0,
  onInsertPath,
}: {
  flowId: string;
  readOnly?: boolean;
  node: FlowNode;
  step?: ExecutionStep | null;
  executionId?: string | null;
  /** How many times the step ran in the execution. */
  runs?: number;
  onInsertPath(path: string): void;
}) {
  const [view, setView] = useState<View>('schema');
  const [picked, setPicked] = useState<number | null>(null);
  const pinned = usePins(flowId).pins.get(node.id);
  const runIndex = picked !== null && picked < runs ? picked : null;
  const other = useQuery({
    queryKey: ['execution-step', executionId, node.id, runIndex],
    queryFn: ({ signal }) =>
      api<ExecutionStep>(`/api/executions/${executionId}/steps/${encodeURIComponent(node.id)}/${runIndex}`, {
        signal,
      }),
    enabled: Boolean(executionId) && runIndex !== null && runIndex !== lastRun?.runIndex,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const step = runIndex === null || runIndex === lastRun?.runIndex ? lastRun : other.data;
  const shown = runIndex ?? lastRun?.runIndex ?? 0;
  const picker =
    executionId && runs > 1 ? (
      <RunPicker run={shown} runs={runs} onPick={(index) => setPicked(index === lastRun?.runIndex ? null : index)} />
    ) : null;
  if (!step && runIndex !== null && lastRun)
    return (
      <div className="grid gap-4 p-4">
        {picker}
        {other.error ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(other.error, 'Could not load this run')}
          </p>
        ) : (
          <p role="status" className="text-muted-foreground text-sm">
            Loading run {runIndex + 1}…
          </p>
        )}
      </div>
    );
  const pinBar = (
    <PinBar
      flowId={flowId}
      nodeId={node.id}
      pinned={pinned}
      readOnly={readOnly}
      output={step?.status === 'succeeded' ? step.output : null}
    />
  );
  if (!step && pinned)
    return (
      <div className="grid gap-4 p-4">
        {pinBar}
        <HandleData
          title="Output"
          handles={unique([...nodeOutputs(node), ...Object.keys(pinned.output)])}
          data={pinned.output}
          view={view}
          root={`${formatPath('$node', [node.name])}.json`}
        />
      </div>
    );
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
      {picker}
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
          empty={
            step.logs.some((log) => log.message === PINNED_STEP_LOG)
              ? 'None: this run used the pinned output instead of running the step.'
              : undefined
          }
        />
      )}
      {pinBar}
      <HandleData
        title="Output"
        handles={outputHandles}
        data={pinned?.output ?? step.output ?? {}}
        view={view}
        root={`${formatPath('$node', [node.name])}.json`}
        empty={step.status === 'running' || step.status === 'waiting' ? 'Not finished yet.' : 'No output.'}
      />
      {step.logs.length > 0 && <Logs logs={step.logs} />}
    </div>
  );
}

/** Steps through the runs of a step that ran many times: first, previous, a number, next, last. */
function RunPicker({ run, runs, onPick }: { run: number; runs: number; onPick(index: number): void }) {
  const [typed, setTyped] = useState<string | null>(null);
  const go = (index: number) => onPick(Math.min(runs - 1, Math.max(0, index)));
  const button =
    'inline-flex size-7 items-center justify-center rounded-md border text-muted-foreground hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40';
  return (
    <nav aria-label="Runs of this step" className="flex items-center gap-1.5 text-[13px]">
      <span className="mr-auto font-medium">Run</span>
      <button
        type="button"
        className={button}
        aria-label="Previous run"
        disabled={run <= 0}
        onClick={() => go(run - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      <input
        aria-label="Run number"
        inputMode="numeric"
        className="h-7 w-16 rounded-md border bg-background px-2 text-center tabular-nums focus:border-ring focus:outline-none"
        value={typed ?? String(run + 1)}
        onChange={(event) => setTyped(event.target.value.replace(/[^0-9]/g, ''))}
        onBlur={() => {
          if (typed) go(Number(typed) - 1);
          setTyped(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setTyped(null);
            event.currentTarget.blur();
          }
        }}
      />
      <span className="text-muted-foreground tabular-nums">of {runs}</span>
      <button
        type="button"
        className={button}
        aria-label="Next run"
        disabled={run >= runs - 1}
        onClick={() => go(run + 1)}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
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
