import type { NodeIssue } from '@flowmind/shared/flow-steps';
import type { ExecutionDetail, ExecutionStep, Flow, FlowGraph, FlowNode } from '@flowmind/shared/flows';
import { Pin } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { readJson, writeJson } from '../../../lib/storage';
import { usePins } from '../test-data/test-data-api';
import { DataTab } from './data-tab';
import { DocsTab } from './docs-tab';
import { ExpressionScopeProvider, useExpressionScope } from './expression-context';
import { expressionSample } from './expression-sample';
import { NodePanelHeader } from './node-panel-header';
import { SettingsTab } from './settings-tab';

export type NodePanelProps = {
  flowId: string;
  accountId: string;
  node: FlowNode;
  graph: FlowGraph;
  readOnly?: boolean;
  /** The problems of this node (validateNode), shown under their fields. */
  issues: NodeIssue[];
  /** This node's step in the execution shown (its last run), for the Data tab. */
  step?: ExecutionStep | null;
  /** The execution shown, for expression suggestions and previews. */
  execution?: ExecutionDetail | null;
  /** For the webhook URL and the email address of the triggers. */
  flow?: Flow;
  /**
   * Fill the parent instead of being the side panel itself: for a container that already gives the
   * width and the phone sheet (the editor's SidePanel). No resize handle then.
   */
  fill?: boolean;
  onChange(node: FlowNode): void;
  onTestStep?(): void;
  onClose(): void;
};

type Tab = 'settings' | 'data' | 'docs';
const TABS: { value: Tab; label: string }[] = [
  { value: 'settings', label: 'Settings' },
  { value: 'data', label: 'Data' },
  { value: 'docs', label: 'Docs' },
];

const WIDTH_KEY = 'flowmind.nodePanelWidth';
const MIN_WIDTH = 360;
const MAX_WIDTH = 760;
const DEFAULT_WIDTH = 440;

const clampWidth = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));

/**
 * A step's settings beside the canvas: its form, the data it took and gave in the execution shown, and
 * its docs. A resizable side panel on wide screens, a full-screen sheet on phones.
 */
export function NodePanel(props: NodePanelProps) {
  const { node, graph, execution, flowId } = props;
  // Recomputed per run and node, not per keystroke: suggestions read a snapshot of the last run.
  const sample = useMemo(() => expressionSample(graph, execution, node.id), [graph, execution, node.id]);
  return (
    <ExpressionScopeProvider
      sample={sample}
      flowId={flowId}
      nodeId={node.id}
      executionId={execution?.id}
      executionStatus={execution?.status}
      readOnly={Boolean(props.readOnly)}
    >
      <PanelFrame {...props} />
    </ExpressionScopeProvider>
  );
}

function PanelFrame({
  flowId,
  accountId,
  node,
  graph,
  readOnly,
  issues,
  step,
  execution,
  flow,
  fill = false,
  onChange,
  onTestStep,
  onClose,
}: NodePanelProps) {
  const [tab, setTab] = useState<Tab>('settings');
  const [width, setWidth] = useState(() =>
    typeof window === 'undefined'
      ? DEFAULT_WIDTH
      : clampWidth(readJson<number>(localStorage, WIDTH_KEY) ?? DEFAULT_WIDTH),
  );
  const tabsId = useId();
  const scope = useExpressionScope();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ settings: null, data: null, docs: null });
  const nodeIssues = issues.filter((issue) => issue.nodeId === node.id);
  const pinned = usePins(flowId).pins.has(node.id) && !readOnly;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  }

  function insertPath(path: string) {
    const target = scope.insertTarget();
    setTab('settings');
    // The settings panel is shown again before the box takes the text and the focus.
    if (target) requestAnimationFrame(() => target.insertPath(path));
  }

  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.value;
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <aside
      aria-label={`Step settings: ${node.name}`}
      onKeyDown={onKeyDown}
      style={{ '--node-panel-width': `${width}px` } as React.CSSProperties}
      className={
        fill
          ? 'flex h-full min-h-0 w-full flex-col bg-background'
          : 'fixed inset-0 z-40 flex flex-col bg-background md:relative md:inset-auto md:z-auto md:h-full md:w-[var(--node-panel-width)] md:max-w-[70vw] md:shrink-0 md:border-l'
      }
    >
      {!fill && <ResizeHandle width={width} onResize={setWidth} />}
      <NodePanelHeader
        node={node}
        graph={graph}
        readOnly={readOnly}
        onChange={onChange}
        onTestStep={onTestStep}
        onClose={onClose}
      />
      <div role="tablist" aria-label="Step panel" className="flex gap-1 border-b px-4">
        {TABS.map((item, index) => (
          <button
            key={item.value}
            ref={(element) => {
              tabRefs.current[item.value] = element;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${item.value}-tab`}
            aria-controls={`${tabsId}-${item.value}`}
            aria-selected={tab === item.value}
            tabIndex={tab === item.value ? 0 : -1}
            onClick={() => setTab(item.value)}
            onKeyDown={(event) => onTabKey(event, index)}
            className={cn(
              '-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-2 font-medium text-[13px] transition-colors',
              tab === item.value
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
            {item.value === 'settings' && nodeIssues.length > 0 && (
              <span className="rounded-full bg-destructive-soft px-1.5 text-[11px] text-destructive">
                {nodeIssues.length}
              </span>
            )}
            {item.value === 'data' && pinned && (
              <Pin className="size-3 text-primary" aria-label="Pinned output" data-testid="data-tab-pin" />
            )}
            {item.value === 'data' && step && (
              <span
                className={cn(
                  'size-1.5 rounded-full',
                  step.status === 'succeeded'
                    ? 'bg-success'
                    : step.status === 'failed'
                      ? 'bg-destructive'
                      : 'bg-primary',
                )}
                title={step.status}
              />
            )}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {/* Panels stay mounted while hidden, so a field keeps its place and can take an insert from Data. */}
        <div
          role="tabpanel"
          id={`${tabsId}-settings`}
          aria-labelledby={`${tabsId}-settings-tab`}
          hidden={tab !== 'settings'}
        >
          <SettingsTab
            node={node}
            flow={flow}
            flowId={flowId}
            accountId={accountId}
            issues={nodeIssues}
            readOnly={readOnly}
            onChange={onChange}
          />
        </div>
        <div role="tabpanel" id={`${tabsId}-data`} aria-labelledby={`${tabsId}-data-tab`} hidden={tab !== 'data'}>
          <DataTab
            flowId={flowId}
            readOnly={readOnly}
            node={node}
            step={step}
            executionId={execution?.id ?? null}
            runs={execution?.nodes?.find((summary) => summary.nodeId === node.id)?.runs ?? 0}
            onInsertPath={insertPath}
          />
        </div>
        <div role="tabpanel" id={`${tabsId}-docs`} aria-labelledby={`${tabsId}-docs-tab`} hidden={tab !== 'docs'}>
          {tab === 'docs' && <DocsTab node={node} />}
        </div>
      </div>
    </aside>
  );
}

/** Dragging the panel's left edge (or arrow keys on it) changes its width, remembered on this browser. */
function ResizeHandle({ width, onResize }: { width: number; onResize(width: number): void }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const latest = useRef(width);
  latest.current = width;
  const set = (next: number) => {
    const clamped = clampWidth(next);
    onResize(clamped);
    writeJson(localStorage, WIDTH_KEY, clamped);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a vertical splitter has no native element
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the step panel"
      aria-valuenow={width}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      className="absolute inset-y-0 -left-1 z-10 hidden w-2 cursor-col-resize touch-none outline-none hover:bg-primary/20 focus-visible:bg-primary/30 md:block"
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = { x: event.clientX, width: latest.current };
      }}
      onPointerMove={(event) => {
        if (!start.current) return;
        onResize(clampWidth(start.current.width + (start.current.x - event.clientX)));
      }}
      onPointerUp={() => {
        start.current = null;
        writeJson(localStorage, WIDTH_KEY, latest.current);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') set(width + 20);
        else if (event.key === 'ArrowRight') set(width - 20);
        else return;
        event.preventDefault();
      }}
    />
  );
}
