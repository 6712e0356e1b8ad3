import { isTrigger, type NodeIssue, nodeOutputs, stepType } from '@flowmind/shared/flow-steps';
import type { FlowNode } from '@flowmind/shared/flows';
import { Handle, type Node, type NodeProps, Position, useUpdateNodeInternals } from '@xyflow/react';
import { AlertTriangle, Check, Copy, FlaskConical, Loader2, Pause, Pencil, Plus, Power, Trash2, X } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { PinBadge } from '../test-data/pin-badge';
import { NODE_HEIGHT, NODE_WIDTH } from './auto-layout';
import { useCanvasActions } from './editor-context';
import { formatDuration, itemsLabel, type NodeRun } from './node-runs';
import { GROUP_LABEL, GROUP_TINT, StepIcon } from './step-icon';
import { TriggerInfo } from './trigger-info';

export type StepNodeData = {
  node: FlowNode;
  issues: NodeIssue[];
  run?: NodeRun;
  renaming: boolean;
  /** Output handles with a connection leaving them (the others get a "+"). */
  connected: string[];
  /** Only one node is selected: its toolbar shows. */
  soleSelection: boolean;
};
export type StepFlowNode = Node<StepNodeData, 'step'>;

const HANDLE_GAP = 26;

/** The height a node's card needs for its output handles (a switch with many cases grows). */
export function stepNodeHeight(node: FlowNode): number {
  const handles = Math.max(nodeOutputs(node).length, stepType(node.type)?.inputs.length ?? 1);
  return Math.max(NODE_HEIGHT, handles * HANDLE_GAP + 20);
}

function handleLabel(node: FlowNode, handle: string): string {
  if (handle === 'main') return '';
  const match = /^case-(\d+)$/.exec(handle);
  if (match) {
    const cases = Array.isArray(node.params.cases) ? (node.params.cases as Array<{ name?: string }>) : [];
    return cases[Number(match[1])]?.name?.trim() || `Case ${Number(match[1]) + 1}`;
  }
  return handle;
}

/** The step's kind under its name; when the name already says it, its group instead. */
function subtitle(node: FlowNode): string {
  const info = stepType(node.type);
  if (!info) return node.type;
  if (node.name.toLowerCase() !== info.label.toLowerCase()) return info.label;
  return GROUP_LABEL[info.group]?.replace(/s$/, '') ?? info.group;
}

const RING: Record<string, string> = {
  started: 'ring-2 ring-sky-500 ring-offset-2 ring-offset-background',
  running: 'ring-2 ring-sky-500 ring-offset-2 ring-offset-background',
  succeeded: 'ring-2 ring-emerald-500 ring-offset-2 ring-offset-background',
  failed: 'ring-2 ring-destructive ring-offset-2 ring-offset-background',
  waiting: 'ring-2 ring-amber-500 ring-offset-2 ring-offset-background',
  cancelled: 'ring-2 ring-zinc-400 ring-offset-2 ring-offset-background',
};

const STATUS_ICON = {
  started: <Loader2 className="size-3.5 shrink-0 animate-spin text-sky-600" aria-hidden="true" />,
  running: <Loader2 className="size-3.5 shrink-0 animate-spin text-sky-600" aria-hidden="true" />,
  succeeded: <Check className="size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />,
  failed: <X className="size-3.5 shrink-0 text-destructive" aria-hidden="true" />,
  waiting: <Pause className="size-3.5 shrink-0 text-amber-600" aria-hidden="true" />,
  cancelled: <X className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />,
};

function StepNodeView({ id, data, selected }: NodeProps<StepFlowNode>) {
  const { node, issues, run, renaming, connected, soleSelection } = data;
  const actions = useCanvasActions();
  const info = stepType(node.type);
  const outputs = nodeOutputs(node);
  const inputs = info?.inputs ?? ['main'];
  const trigger = isTrigger(node.type);
  const height = stepNodeHeight(node);
  const updateNodeInternals = useUpdateNodeInternals();
  const handleKey = `${inputs.join()}|${outputs.join()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: handles moved when the list changed
  useEffect(() => updateNodeInternals(id), [id, handleKey, updateNodeInternals]);

  const offset = (index: number, count: number) => height / 2 + (index - (count - 1) / 2) * HANDLE_GAP;

  return (
    <div
      data-testid={`step-${node.name}`}
      style={{ width: NODE_WIDTH, height }}
      className={cn(
        'group/node relative flex items-center gap-3 border bg-background px-3 shadow-sm transition-shadow',
        trigger ? 'rounded-l-[28px] rounded-r-xl' : 'rounded-xl',
        selected ? 'border-primary shadow-md outline-2 outline-primary/30' : 'hover:border-zinc-400',
        node.disabled && 'border-dashed opacity-60',
        run && RING[run.status],
        (run?.status === 'running' || run?.status === 'started') && 'animate-pulse',
      )}
    >
      {soleSelection && !actions.readOnly && <StepToolbar node={node} />}
      <PinBadge nodeId={node.id} />
      {inputs.map((handle, index) => (
        <Handle
          key={handle}
          id={handle}
          type="target"
          position={Position.Left}
          style={{ top: offset(index, inputs.length) }}
          className="!size-3 !border-2 !border-background !bg-zinc-400"
        >
          {inputs.length > 1 && (
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-medium text-[10px] text-muted-foreground uppercase">
              {handle}
            </span>
          )}
        </Handle>
      ))}
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          GROUP_TINT[info?.group ?? 'action'],
          inputs.length > 1 && 'ml-3',
        )}
      >
        <StepIcon type={node.type} className="size-5" />
      </span>
      <div className="min-w-0 flex-1 pr-10">
        {renaming ? (
          <RenameInput node={node} />
        ) : (
          // Two lines before the ellipsis, so names that share a start ("Respond to webhook 2") still differ.
          <p className="line-clamp-2 break-words font-semibold text-[13px] leading-tight" title={node.name}>
            {node.name}
          </p>
        )}
        <p className="truncate text-muted-foreground text-xs">{node.disabled ? 'Disabled' : subtitle(node)}</p>
        {run && (
          <p
            className="mt-0.5 flex items-center gap-1 overflow-hidden whitespace-nowrap text-[11px] text-muted-foreground"
            data-testid="step-run"
          >
            {STATUS_ICON[run.status]}
            <span>{run.status}</span>
            {run.durationMs !== null && run.status !== 'running' && run.status !== 'started' && (
              <span>· {formatDuration(run.durationMs)}</span>
            )}
            {run.runs > 1 && <span>· ×{run.runs}</span>}
          </p>
        )}
      </div>
      {issues.length > 0 && <IssueBadge issues={issues} />}
      {outputs.map((handle, index) => {
        const label = handleLabel(node, handle);
        const count = run?.counts[handle];
        return (
          <Handle
            key={handle}
            id={handle}
            type="source"
            position={Position.Right}
            style={{ top: offset(index, outputs.length) }}
            className={cn(
              '!size-3 !border-2 !border-background',
              handle === 'error' ? '!bg-destructive' : '!bg-zinc-500',
            )}
          >
            {label && (
              <span
                className={cn(
                  'pointer-events-none absolute top-1/2 right-3 max-w-24 -translate-y-1/2 truncate font-medium text-[10px]',
                  handle === 'error' ? 'text-destructive' : 'text-muted-foreground',
                )}
              >
                {label}
              </span>
            )}
            {count !== undefined && (
              <span className="pointer-events-none absolute bottom-1.5 left-3 whitespace-nowrap rounded bg-emerald-50 px-1 font-medium text-[10px] text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
                {itemsLabel(count)}
              </span>
            )}
            {!actions.readOnly && (
              <button
                type="button"
                aria-label={`Add a step after ${node.name}${label ? ` (${label})` : ''}`}
                // The button sits on the handle: pressing it must not start dragging a connection.
                onMouseDown={(event) => event.stopPropagation()}
                onPointerDown={(event) => event.stopPropagation()}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.openPaletteFrom({ nodeId: node.id, handle });
                }}
                className={cn(
                  'nodrag nopan absolute top-1/2 left-5 flex size-5 -translate-y-1/2 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm hover:border-primary hover:text-primary',
                  connected.includes(handle) && 'opacity-0 group-hover/node:opacity-100 focus-visible:opacity-100',
                )}
              >
                <Plus className="size-3" aria-hidden="true" />
              </button>
            )}
          </Handle>
        );
      })}
      {trigger && <TriggerInfo node={node} />}
      {run?.status === 'failed' && run.error && !trigger && (
        <p
          role="alert"
          className="absolute top-full left-0 mt-2 line-clamp-3 w-full rounded-lg border border-destructive/30 bg-destructive-soft px-2 py-1 text-[11px] text-destructive"
          title={run.error}
        >
          {run.error}
        </p>
      )}
    </div>
  );
}

function IssueBadge({ issues }: { issues: NodeIssue[] }) {
  const text = issues.map((issue) => issue.message).join('\n');
  return (
    <span className="group/issue absolute -top-2 -right-2 z-10">
      <span
        role="img"
        aria-label={`${issues.length} issue${issues.length === 1 ? '' : 's'}: ${text}`}
        className="flex size-5 items-center justify-center rounded-full bg-destructive text-destructive-foreground shadow"
      >
        <AlertTriangle className="size-3" aria-hidden="true" />
      </span>
      <span className="pointer-events-none absolute bottom-full left-1/2 mb-1.5 hidden w-max max-w-60 -translate-x-1/2 whitespace-pre-line rounded-md bg-zinc-900 px-2 py-1 text-[11px] text-white shadow-lg group-hover/issue:block">
        {text}
      </span>
    </span>
  );
}

function RenameInput({ node }: { node: FlowNode }) {
  const actions = useCanvasActions();
  const [value, setValue] = useState(node.name);
  const [problem, setProblem] = useState<string | null>(null);
  const finish = (name: string | null) => setProblem(actions.finishRename(node.id, name));
  return (
    <>
      <input
        // biome-ignore lint/a11y/noAutofocus: renaming was asked for (double-click or F2)
        autoFocus
        aria-label="Rename step"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `rename-problem-${node.id}` : undefined}
        value={value}
        maxLength={80}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
        }}
        onBlur={() => finish(value)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') finish(value);
          if (event.key === 'Escape') finish(null);
        }}
        className="nodrag h-6 w-full rounded border border-ring bg-background px-1 font-semibold text-[13px] outline-none aria-invalid:border-destructive"
      />
      {problem && (
        <p
          id={`rename-problem-${node.id}`}
          role="alert"
          className="absolute top-full left-0 z-10 mt-2 w-full rounded-lg border border-destructive/30 bg-destructive-soft px-2 py-1 text-[11px] text-destructive"
        >
          {problem}
        </p>
      )}
    </>
  );
}

/**
 * The step's actions, on its top edge: part of the card, so it scales with the canvas and sits in the gap to the
 * step above rather than over it (a toolbar floating above the card, at a fixed size, covered the step above).
 */
function StepToolbar({ node }: { node: FlowNode }) {
  const actions = useCanvasActions();
  const button =
    'flex size-6 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground';
  return (
    <div
      role="toolbar"
      aria-label={`${node.name} actions`}
      className="nodrag nopan absolute -top-[15px] left-3 z-10 flex items-center gap-0.5 rounded-lg border bg-popover p-0.5 shadow-md"
    >
      <button type="button" className={button} title="Test this step" onClick={() => actions.testStep(node.id)}>
        <FlaskConical className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Test step</span>
      </button>
      <button
        type="button"
        className={button}
        title={node.disabled ? 'Enable' : 'Disable'}
        onClick={() => actions.toggleDisabled(node.id)}
      >
        <Power className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{node.disabled ? 'Enable step' : 'Disable step'}</span>
      </button>
      <button type="button" className={button} title="Rename (F2)" onClick={() => actions.startRename(node.id)}>
        <Pencil className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Rename step</span>
      </button>
      <button type="button" className={button} title="Duplicate (Ctrl+D)" onClick={() => actions.duplicate([node.id])}>
        <Copy className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Duplicate step</span>
      </button>
      <button
        type="button"
        className={cn(button, 'hover:text-destructive')}
        title="Delete (Del)"
        onClick={() => actions.removeNodes([node.id])}
      >
        <Trash2 className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Delete step</span>
      </button>
    </div>
  );
}

export const StepNode = memo(StepNodeView);
