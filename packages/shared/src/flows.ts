import { z } from 'zod';

/** Nodes, edges and sticky notes a flow may hold. */
export const FLOW_NODE_LIMIT = 300;
export const FLOW_EDGE_LIMIT = 1000;
export const FLOW_STICKY_LIMIT = 100;
/** Executions an account runs at once; the rest wait their turn (queued). */
export const DEFAULT_ACCOUNT_CONCURRENCY = 10;

/** One piece of data travelling between steps. Steps take and give arrays of them. */
export type Item = Record<string, unknown>;

export const OnError = z.enum(['stop', 'continue', 'branch']);
export type OnError = z.infer<typeof OnError>;

/** Each retry may take the step's whole timeout again. */
export const MAX_STEP_RETRIES = 5;
/** The longest a code step may run unless the server's operator sets another cap. */
export const DEFAULT_CODE_TIMEOUT_MAX_MS = 60_000;
/**
 * The server's cap on code steps' timeout, checked when a graph is parsed. The server sets it from
 * FLOWMIND_CODE_TIMEOUT_MAX_MS when it starts; elsewhere it is the default.
 */
export const codeStepLimits = { timeoutMaxMs: DEFAULT_CODE_TIMEOUT_MAX_MS };

/** What happens around a step's run: retries with back-off, a time limit, and what a failure does. */
export const NodeSettings = z.object({
  /** Extra attempts after a failure (0 = none). */
  retries: z.number().int().min(0).max(MAX_STEP_RETRIES).optional(),
  /** Wait before the first retry; each next wait doubles. */
  retryDelayMs: z.number().int().min(0).max(3_600_000).optional(),
  /** The step fails if it takes longer. */
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  /** stop: the execution fails; continue: the step's output is its input plus `error`; branch: items go out on the `error` handle. */
  onError: OnError.optional(),
});
export type NodeSettings = z.infer<typeof NodeSettings>;

export const Position = z.object({ x: z.number().finite(), y: z.number().finite() });

const NodeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, _ and -');

export const FlowNode = z.object({
  id: NodeId,
  /** A step type from the catalogue (`flow-steps.ts`), e.g. `trigger.webhook`, `http.request`. */
  type: z.string().min(1).max(64),
  /** Unique within the flow: expressions refer to steps by name (`$node["Name"]`). */
  name: z.string().trim().min(1).max(80),
  position: Position,
  /** The step's settings as its form edits them; strings may hold `{{ expressions }}`. */
  params: z.record(z.string(), z.unknown()).default({}),
  settings: NodeSettings.default({}),
  /** A disabled step passes its input through untouched. */
  disabled: z.boolean().optional(),
});
export type FlowNode = z.infer<typeof FlowNode>;

export const FlowEdge = z.object({
  id: z.string().min(1).max(140),
  source: NodeId,
  /** The source's output: `main`, `true`/`false` (if), `case-0`… and `fallback` (switch), `loop`/`done` (loop), `error`. */
  sourceHandle: z.string().min(1).max(40).default('main'),
  target: NodeId,
  /** The target's input: `main`, or `a`/`b` for merge. */
  targetHandle: z.string().min(1).max(40).default('main'),
});
export type FlowEdge = z.infer<typeof FlowEdge>;

export const STICKY_COLORS = ['yellow', 'blue', 'green', 'pink', 'gray'] as const;
export const StickyNote = z.object({
  id: z.string().min(1).max(64),
  position: Position,
  width: z.number().min(80).max(2000).default(240),
  height: z.number().min(60).max(2000).default(160),
  text: z.string().max(5000).default(''),
  color: z.enum(STICKY_COLORS).default('yellow'),
});
export type StickyNote = z.infer<typeof StickyNote>;

export const FlowGraph = z
  .object({
    nodes: z.array(FlowNode).max(FLOW_NODE_LIMIT).default([]),
    edges: z.array(FlowEdge).max(FLOW_EDGE_LIMIT).default([]),
    stickies: z.array(StickyNote).max(FLOW_STICKY_LIMIT).default([]),
  })
  .superRefine((graph, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    graph.nodes.forEach((node, i) => {
      if (ids.has(node.id)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'Duplicate step id' });
      const key = node.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: ['nodes', i, 'name'], message: `Two steps are named "${node.name}"` });
      ids.add(node.id);
      names.add(key);
      // Code holds a sandbox worker for as long as it runs; other steps wait on I/O.
      const timeoutMax = codeStepLimits.timeoutMaxMs;
      if (node.type === 'code' && (node.settings.timeoutMs ?? 0) > timeoutMax)
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', i, 'settings', 'timeoutMs'],
          message: `A code step's timeout can be at most ${timeoutMax / 1000} s on this server`,
        });
    });
    graph.edges.forEach((edge, i) => {
      if (!ids.has(edge.source) || !ids.has(edge.target))
        ctx.addIssue({ code: 'custom', path: ['edges', i], message: 'A connection points to a missing step' });
    });
  });
export type FlowGraph = z.infer<typeof FlowGraph>;

/** `integration`: a trigger of a connected service (`trigger.slack.newMessage`…). */
export const TriggerType = z.enum(['manual', 'webhook', 'schedule', 'email', 'table', 'integration']);
export type TriggerType = z.infer<typeof TriggerType>;

/**
 * Which runs of the published flow (from its triggers: webhook, schedule, email, table) are kept
 * once they end: every run, only failed ones (saved in full), or none. Runs started from the editor
 * and sub-flow runs are always kept.
 */
export const SaveExecutions = z.enum(['all', 'failures', 'none'], {
  error: 'saveExecutions must be one of: all, failures, none',
});
export type SaveExecutions = z.infer<typeof SaveExecutions>;

export const Flow = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The draft the editor saves as you go. */
  graph: FlowGraph,
  /** Grows on every draft save; a PATCH with an older `baseRevision` is a 409. */
  revision: z.number(),
  /** The trigger of the draft (manual when none). */
  triggerType: TriggerType,
  /** Published triggers listen only while active. */
  active: z.boolean(),
  publishedVersion: z.number().nullable(),
  publishedAt: z.string().nullable(),
  /** The draft differs from the published version. */
  hasUnpublishedChanges: z.boolean(),
  /** `/api/hooks/{webhookId}` */
  webhookId: z.string(),
  /** Mail to this address starts the flow (email trigger). */
  emailAddress: z.string(),
  lastExecution: z.object({ id: z.string(), status: z.lazy(() => ExecutionStatus), createdAt: z.string() }).nullable(),
  executionCounts: z.object({ total: z.number(), succeeded: z.number(), failed: z.number() }),
  /** Which runs from its triggers are kept (the counts above count kept runs only). */
  saveExecutions: SaveExecutions,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Flow = z.infer<typeof Flow>;

export const FlowName = z.string().trim().min(1, 'Give the flow a name').max(120, 'Use at most 120 characters');

export const CreateFlow = z.object({
  accountId: z.string().min(1),
  name: FlowName.default('Untitled flow'),
  description: z.string().max(2000).optional(),
  /** Start from a template's graph. */
  templateId: z.string().max(64).optional(),
  /** Or from a graph (import). */
  graph: FlowGraph.optional(),
});
export type CreateFlow = z.input<typeof CreateFlow>;

export const UpdateFlow = z.object({
  name: FlowName.optional(),
  description: z.string().max(2000).optional(),
  graph: FlowGraph.optional(),
  /** The revision the graph was edited from; a newer one on the server answers 409. */
  baseRevision: z.number().int().optional(),
  active: z.boolean().optional(),
  /** Which runs from its triggers are kept: all (the default), only failures, or none. */
  saveExecutions: SaveExecutions.optional(),
});
export type UpdateFlow = z.input<typeof UpdateFlow>;

export const PublishFlow = z.object({ message: z.string().max(500).optional() });

export const FlowVersion = z.object({
  id: z.string(),
  flowId: z.string(),
  version: z.number(),
  message: z.string(),
  graph: FlowGraph,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type FlowVersion = z.infer<typeof FlowVersion>;

/** The file a flow exports to and imports from. */
export const FlowExport = z.object({
  flowmind: z.literal('flow'),
  version: z.literal(1),
  name: z.string().min(1).max(120),
  description: z.string().max(2000).default(''),
  graph: FlowGraph,
});
export type FlowExport = z.infer<typeof FlowExport>;

export const ExecutionStatus = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled']);
export type ExecutionStatus = z.infer<typeof ExecutionStatus>;
export const FINISHED_STATUSES: readonly ExecutionStatus[] = ['succeeded', 'failed', 'cancelled'];

export const ExecutionMode = z.enum([
  'manual',
  'test',
  'webhook',
  'schedule',
  'email',
  'table',
  'integration',
  'subflow',
  'rerun',
]);
export type ExecutionMode = z.infer<typeof ExecutionMode>;

export const ExecutionError = z.object({
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  /** In words a user understands: what failed and why. */
  message: z.string(),
});
export type ExecutionError = z.infer<typeof ExecutionError>;

export const Execution = z.object({
  id: z.string(),
  accountId: z.string(),
  flowId: z.string(),
  flowName: z.string(),
  /** null for a test run of the draft. */
  version: z.number().nullable(),
  status: ExecutionStatus,
  mode: ExecutionMode,
  error: ExecutionError.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Set while a wait step holds the execution. */
  resumeAt: z.string().nullable(),
  parentExecutionId: z.string().nullable(),
});
export type Execution = z.infer<typeof Execution>;

/**
 * `started`: a step with effects outside the execution (HTTP, email, tables, AI, sub-flows) is
 * saved as started, with its attempt number, before it acts; found so after a crash, it may have
 * acted already.
 */
export const StepStatus = z.enum(['started', 'running', 'succeeded', 'failed', 'waiting', 'cancelled']);
export type StepStatus = z.infer<typeof StepStatus>;

export const StepLog = z.object({
  level: z.enum(['log', 'info', 'warn', 'error']),
  message: z.string(),
  at: z.string(),
});
export type StepLog = z.infer<typeof StepLog>;

export const ExecutionStep = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  nodeType: z.string(),
  /** The n-th time this step ran in the execution (loops run steps more than once). */
  runIndex: z.number(),
  status: StepStatus,
  /** Items per input handle. */
  input: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /** Items per output handle. */
  output: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).nullable(),
  logs: z.array(StepLog),
  error: z.string().nullable(),
  attempts: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type ExecutionStep = z.infer<typeof ExecutionStep>;

/** Up to this many step runs an execution's detail carries in full; past it, each step's last run. */
export const EXECUTION_DETAIL_STEPS = 200;

/** How one step fared over all its runs in an execution (loops run steps many times). */
export const ExecutionNodeSummary = z.object({
  nodeId: z.string(),
  runs: z.number(),
  /** Items that left on each output handle, summed over the runs. */
  counts: z.record(z.string(), z.number()),
  /** Time spent in the step over all its runs (finished runs only). */
  durationMs: z.number().nullable(),
});
export type ExecutionNodeSummary = z.infer<typeof ExecutionNodeSummary>;

export const ExecutionDetail = Execution.extend({
  /** The graph the execution ran. */
  graph: FlowGraph,
  trigger: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Every step run when there are at most EXECUTION_DETAIL_STEPS of them; otherwise the last run
   * of each step (the others one at a time from /api/executions/{id}/steps/{nodeId}/{runIndex}).
   */
  steps: z.array(ExecutionStep),
  /** How many step runs the execution has in all. */
  stepsTotal: z.number(),
  nodes: z.array(ExecutionNodeSummary),
});
export type ExecutionDetail = z.infer<typeof ExecutionDetail>;

export const ListExecutionsQuery = z.object({
  accountId: z.string().min(1).optional(),
  flowId: z.string().min(1).optional(),
  status: ExecutionStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ListExecutionsQuery = z.input<typeof ListExecutionsQuery>;

export const ExecutionPage = z.object({
  executions: z.array(Execution),
  nextCursor: z.string().nullable(),
});
export type ExecutionPage = z.infer<typeof ExecutionPage>;

/** Run the flow from the editor: the saved draft (or a graph given), with a sample trigger payload. */
export const RunFlow = z.object({
  /** Run the published version instead of the draft. */
  published: z.boolean().optional(),
  /**
   * Items the trigger gives; default: its pinned test data (not for `published`), a manual
   * trigger's sample, the trigger's last run output, else one empty item (webhook and email
   * triggers: a 400 saying to listen for a test call or pin test data).
   */
  trigger: z.array(z.record(z.string(), z.unknown())).max(1000).optional(),
  /** Test one step: run up to and including this step, reusing the last run's data for the steps before it. */
  nodeId: z.string().max(64).optional(),
});
export type RunFlow = z.input<typeof RunFlow>;

export const RerunExecution = z.object({
  /** Run again from this step, keeping the saved results of the steps before it; from the start when absent. */
  fromNodeId: z.string().max(64).optional(),
});

/** Evaluate an expression in the editor against the last run's data. */
export const PreviewExpression = z.object({
  /** A template with `{{ … }}` parts, or plain text. */
  template: z.string().max(10_000),
  /** The step whose input the expression reads (its `$json` is that step's first input item). */
  nodeId: z.string().max(64),
  /** Which input item (default 0). */
  itemIndex: z.number().int().min(0).default(0),
  /** Use this execution's data instead of the latest one. */
  executionId: z.string().max(64).optional(),
});
export const ExpressionPreview = z.object({
  ok: z.boolean(),
  /** The value as JSON (ok) or the error in words (not ok). */
  value: z.unknown().optional(),
  error: z.string().optional(),
  /**
   * The step has no input to evaluate against yet (nothing ran, or not as far as it): not ok, but not an error
   * either, since any template reading `$json` would fail on an empty item.
   */
  noInput: z.boolean().optional(),
});
export type ExpressionPreview = z.infer<typeof ExpressionPreview>;

export const FlowTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  triggerType: TriggerType,
  graph: FlowGraph,
});
export type FlowTemplate = z.infer<typeof FlowTemplate>;
