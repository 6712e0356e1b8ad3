import { fieldShown, type NodeIssue, type ParamField, paramsWithDefaults, stepType } from '@flowmind/shared/flow-steps';
import type { FlowGraph, FlowNode, NodeSettings } from '@flowmind/shared/flows';

/** The fields of a node's form that apply to its current params (defaults filled in before `showIf`). */
export function visibleFields(node: Pick<FlowNode, 'type' | 'params'>): ParamField[] {
  const info = stepType(node.type);
  if (!info) return [];
  const params = paramsWithDefaults(node);
  return info.fields.filter((field) => fieldShown(field, params));
}

/** The node with one param changed; every other param, known or not, is kept. */
export function withParam(node: FlowNode, key: string, value: unknown): FlowNode {
  return { ...node, params: { ...node.params, [key]: value } };
}

/** The node with settings changed; a setting set to undefined goes back to the type's default. */
export function withSettings(node: FlowNode, change: Partial<NodeSettings>): FlowNode {
  const settings: Record<string, unknown> = { ...node.settings, ...change };
  for (const key of Object.keys(settings)) if (settings[key] === undefined) delete settings[key];
  return { ...node, settings: settings as NodeSettings };
}

/** A node's issues by field key; those about no field (or a field the form does not show) under `general`. */
export function issuesByField(
  issues: readonly NodeIssue[],
  node: Pick<FlowNode, 'id' | 'type' | 'params'>,
): { byField: Map<string, string[]>; general: string[] } {
  const shown = new Set(visibleFields(node).map((field) => field.key));
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const issue of issues) {
    if (issue.nodeId !== node.id && issue.nodeId !== '') continue;
    if (issue.field && shown.has(issue.field))
      byField.set(issue.field, [...(byField.get(issue.field) ?? []), issue.message]);
    else general.push(issue.message);
  }
  return { byField, general };
}

/**
 * What a number box's text stores: nothing when empty, the number when it reads as one, else the text
 * as typed (an expression, or a mistake that validation then names).
 */
export function numberParam(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.includes('{{')) return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/** What a settings box's text stores: a whole number, or undefined (the type's default) when empty or not one. */
export function settingNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The text a param shows in a text box: strings as they are, other values as JSON, nothing as empty. */
export function paramText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);
}

/** A list param's rows; anything that is not a list of objects reads as no rows. */
export function paramRows<T extends object>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((row) => row !== null && typeof row === 'object') as T[]) : [];
}

/** Whether a JSON param's text parses; text with expressions is checked with each `{{ … }}` as a placeholder. */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const probe = text.replace(/\{\{[\s\S]*?\}\}/g, '0');
  try {
    JSON.parse(probe);
    return null;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

/** A new name's problem: empty, too long, or another step's (expressions address steps by name). */
export function nameProblem(name: string, node: FlowNode, graph: FlowGraph): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'A step needs a name';
  if (trimmed.length > 80) return 'At most 80 characters';
  const taken = graph.nodes.some((other) => other.id !== node.id && other.name.toLowerCase() === trimmed.toLowerCase());
  return taken ? `Another step is named "${trimmed}"` : null;
}
