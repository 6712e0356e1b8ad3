/**
 * The step catalogue: every trigger and step type with its description, icon, the fields of its
 * settings form, its inputs and outputs, and its docs. The editor draws forms from it and the
 * server validates against it (`validateNode`), so the two cannot disagree. The entries live by
 * group in `flow-steps/`; the types, the lookups and the validation are here.
 */

import { ACTION_STEPS } from './flow-steps/actions';
import { AI_STEPS } from './flow-steps/ai';
import { DATA_STEPS } from './flow-steps/data';
import { LOGIC_STEPS } from './flow-steps/logic';
import { hasExpression } from './flow-steps/step-fields';
import { TRIGGER_STEPS } from './flow-steps/triggers';
import { fieldSyntaxIssue } from './flow-syntax';
import type { FlowNode, NodeSettings } from './flows';
import { INTEGRATION_STEP_TYPES } from './integrations/catalogue';

export type ParamKind =
  /** One line of text; may hold `{{ expressions }}`. */
  | 'text'
  /** Several lines of text; may hold expressions. */
  | 'textarea'
  | 'number'
  | 'boolean'
  /** One of `options`. */
  | 'select'
  /** JavaScript edited in a code box (code step). */
  | 'code'
  /** JSON text; may hold expressions inside strings. */
  | 'json'
  /** A list of { key, value } pairs (headers, query, form body). Values may hold expressions. */
  | 'keyValue'
  /** A list of { name, value } pairs that set fields on items (set step). */
  | 'assignments'
  /** A list of conditions { left, operator, right } (if step, switch cases, find filters). */
  | 'conditions'
  /** Switch cases: [{ name, conditions }]. */
  | 'cases'
  /** Scrape fields: [{ name, selector, attribute }]. */
  | 'selectors'
  /** A cron expression (5 or 6 parts). */
  | 'cron'
  /** An IANA time zone. */
  | 'timezone'
  /** One of the account's tables. */
  | 'table'
  /** A field of the table chosen in `tableKey`. */
  | 'tableField'
  /** Another flow of the account. */
  | 'flow'
  /** A secret: typed like a password, stored only as a hash (`HASHED_SECRET_PREFIX`), never shown again. */
  | 'secret'
  /** One of the account's connections (Integrations) of the kinds in `providers`: its id. */
  | 'connection'
  /** An id typed, or picked from the list `list` of the connection in param `connectionKey` (Slack channels). */
  | 'connectionOption'
  /** A tool of the MCP server chosen in `connectionKey`, listed live from the server: its name. */
  | 'mcpTool';

/** How a stored secret's hash starts; the editor shows such a value as "saved", never the text. */
export const HASHED_SECRET_PREFIX = 'sha256:';

export type ParamField = {
  key: string;
  label: string;
  kind: ParamKind;
  required?: boolean;
  default?: unknown;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  help?: string;
  min?: number;
  max?: number;
  /** Shown (and validated) only when another param has one of these values. */
  showIf?: { key: string; equals: readonly unknown[] };
  /** For `tableField`: the param holding the table id. */
  tableKey?: string;
  /** For `connection`: the connection kinds it may be (`api_key`, `oauth2`, `slack`…). */
  providers?: string[];
  /** For `connectionOption` and `mcpTool`: the param holding the connection's id. */
  connectionKey?: string;
  /** For `connectionOption`: which of the connection's lists to offer. */
  list?: string;
};

export type StepGroup = 'trigger' | 'action' | 'logic' | 'data' | 'ai';

export type StepTypeInfo = {
  type: string;
  group: StepGroup;
  label: string;
  description: string;
  /** A lucide-react icon name in kebab case. */
  icon: string;
  fields: readonly ParamField[];
  /** Input handles; triggers have none. */
  inputs: readonly string[];
  /** Output handles for a node's params (switch grows one per case). */
  outputs: (params: Record<string, unknown>) => string[];
  /** Markdown shown in the editor's docs tab. */
  docs: string;
  /** Defaults for retries, timeout and on-error. */
  settings?: NodeSettings;
  /**
   * The step's own rules beyond each field's (which `validateNode` checks from `fields`), on its
   * params with defaults filled in. A value holding `{{ … }}` is checked when the step runs.
   */
  validate?: (params: Record<string, unknown>) => ParamIssue[];
};

/** What is wrong with a step's params, and which field (if one) to show it on. */
export type ParamIssue = { field?: string; message: string };

export const CONDITION_OPERATORS = [
  { value: 'equals', label: 'is equal to' },
  { value: 'not_equals', label: 'is not equal to' },
  { value: 'contains', label: 'contains' },
  { value: 'not_contains', label: 'does not contain' },
  { value: 'starts_with', label: 'starts with' },
  { value: 'ends_with', label: 'ends with' },
  { value: 'gt', label: 'is greater than' },
  { value: 'gte', label: 'is greater than or equal to' },
  { value: 'lt', label: 'is less than' },
  { value: 'lte', label: 'is less than or equal to' },
  { value: 'is_empty', label: 'is empty' },
  { value: 'is_not_empty', label: 'is not empty' },
  { value: 'is_true', label: 'is true' },
  { value: 'is_false', label: 'is false' },
  { value: 'matches', label: 'matches regex' },
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]['value'];
export type Condition = { left: unknown; operator: ConditionOperator; right?: unknown };

/** Group by group; the editor's palette orders the groups itself. */
export const STEP_TYPES: readonly StepTypeInfo[] = [
  ...TRIGGER_STEPS,
  ...ACTION_STEPS,
  ...LOGIC_STEPS,
  ...DATA_STEPS,
  ...AI_STEPS,
  // One step per action of each integration (`integrations/catalogue.ts`).
  ...INTEGRATION_STEP_TYPES,
];

const byType = new Map(STEP_TYPES.map((info) => [info.type, info]));

export function stepType(type: string): StepTypeInfo | undefined {
  return byType.get(type);
}

export function isTrigger(type: string): boolean {
  return type.startsWith('trigger.');
}

/** The output handles of a node, with `error` when its on-error setting is `branch`. */
export function nodeOutputs(node: Pick<FlowNode, 'type' | 'params' | 'settings'>): string[] {
  const info = stepType(node.type);
  const outputs = info ? info.outputs(node.params ?? {}) : ['main'];
  const onError = node.settings?.onError ?? info?.settings?.onError;
  return onError === 'branch' ? [...outputs, 'error'] : outputs;
}

/** The settings a node runs with: its own over its type's defaults over the engine's. */
export function effectiveSettings(node: Pick<FlowNode, 'type' | 'settings'>): Required<NodeSettings> {
  const info = stepType(node.type);
  return {
    retries: 0,
    retryDelayMs: 1000,
    timeoutMs: 60_000,
    onError: 'stop',
    ...info?.settings,
    ...stripUndefined(node.settings ?? {}),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type NodeIssue = { nodeId: string; field?: string; message: string };

/** Whether a field applies given the node's params (defaults filled in). */
export function fieldShown(field: ParamField, params: Record<string, unknown>): boolean {
  if (!field.showIf) return true;
  const value = params[field.showIf.key];
  // An empty list means "shown when the other param is filled in".
  if (field.showIf.equals.length === 0) return value !== undefined && value !== null && value !== '';
  return field.showIf.equals.includes(value);
}

/** A node's params with each field's default where none is given. */
export function paramsWithDefaults(node: Pick<FlowNode, 'type' | 'params'>): Record<string, unknown> {
  const info = stepType(node.type);
  const params: Record<string, unknown> = { ...(node.params ?? {}) };
  for (const field of info?.fields ?? []) if (params[field.key] === undefined) params[field.key] = field.default;
  return params;
}

/** The value a param has: given, else its field's default. */
export function paramValue(node: Pick<FlowNode, 'type' | 'params'>, key: string): unknown {
  const given = node.params?.[key];
  if (given !== undefined) return given;
  return stepType(node.type)?.fields.find((f) => f.key === key)?.default;
}

/**
 * What is wrong with a node's settings, in words for its form and the canvas. Expressions are not
 * evaluated here; a value holding `{{ … }}` passes type checks.
 */
export function validateNode(node: FlowNode): NodeIssue[] {
  const info = stepType(node.type);
  if (!info) return [{ nodeId: node.id, message: `Unknown step type "${node.type}"` }];
  const issues: NodeIssue[] = [];
  const params = paramsWithDefaults(node);
  for (const field of info.fields) {
    if (!fieldShown(field, params)) continue;
    const value = params[field.key];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) issues.push({ nodeId: node.id, field: field.key, message: `${field.label} is required` });
      continue;
    }
    const syntax = fieldSyntaxIssue(field, value);
    if (syntax) {
      issues.push({ nodeId: node.id, field: field.key, message: syntax });
      continue;
    }
    if (hasExpression(value)) continue;
    switch (field.kind) {
      case 'number': {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be a number` });
        else if (field.min !== undefined && n < field.min)
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be at least ${field.min}` });
        else if (field.max !== undefined && n > field.max)
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be at most ${field.max}` });
        break;
      }
      case 'select':
        if (field.options && !field.options.some((o) => o.value === value))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label}: choose one of the options` });
        break;
      case 'json':
        if (typeof value === 'string') {
          try {
            JSON.parse(value);
          } catch {
            issues.push({ nodeId: node.id, field: field.key, message: `${field.label} is not valid JSON` });
          }
        }
        break;
      case 'cron':
        if (typeof value !== 'string' || !/^\S+(\s+\S+){4,5}$/.test(value.trim()))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} needs 5 or 6 parts` });
        break;
      default:
        break;
    }
  }
  for (const issue of info.validate?.(params) ?? []) issues.push({ nodeId: node.id, ...issue });
  return issues;
}

/** Every param key that holds a connection's id, in any step type (`connectionId`, `credential`, `connection`). */
export const CONNECTION_PARAM_KEYS: readonly string[] = [
  ...new Set(STEP_TYPES.flatMap((info) => info.fields.filter((f) => f.kind === 'connection').map((f) => f.key))),
];

/** A connection a node names: which node (by index), which param, the id, and the kinds it may be. */
export type ConnectionRef = { index: number; node: FlowNode; field: ParamField; connectionId: string };

/** The connections a graph's nodes name in their shown connection params (expressions left out). */
export function connectionRefs(graph: { nodes: FlowNode[] }): ConnectionRef[] {
  return graph.nodes.flatMap((node, index) => {
    const params = paramsWithDefaults(node);
    return (stepType(node.type)?.fields ?? []).flatMap((field) => {
      const value = params[field.key];
      if (field.kind !== 'connection' || !fieldShown(field, params)) return [];
      if (typeof value !== 'string' || value.trim() === '' || hasExpression(value)) return [];
      return [{ index, node, field, connectionId: value.trim() }];
    });
  });
}

/** Problems of a whole graph: each node's, and a flow without exactly one trigger. */
export function validateGraph(graph: { nodes: FlowNode[] }): NodeIssue[] {
  const issues = graph.nodes.flatMap(validateNode);
  const triggers = graph.nodes.filter((n) => isTrigger(n.type));
  if (triggers.length === 0) issues.push({ nodeId: '', message: 'Add a trigger to start the flow' });
  if (triggers.length > 1)
    for (const t of triggers.slice(1)) issues.push({ nodeId: t.id, message: 'A flow has one trigger' });
  return issues;
}
