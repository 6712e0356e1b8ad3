/**
 * A flow drafted from a description (the assistant's `draft_flow` tool): a trigger and a line of
 * steps, each of a catalogue type with the settings the model could fill in. The draft is laid out
 * left to right like the templates; what is still missing is reported per step so the assistant
 * can say what to fill in, and the flow opens in the editor showing the same issues.
 */

import { isTrigger, nodeOutputs, paramsWithDefaults, STEP_TYPES, type StepTypeInfo, validateNode } from './flow-steps';
import { FlowGraph, type FlowNode } from './flows';

export const DRAFT_STEP_LIMIT = 20;
const STEP_GAP = 300;

export type DraftStep = { type: string; name?: string; params?: Record<string, unknown> };
export type FlowDraft = { trigger?: DraftStep; steps?: readonly DraftStep[]; description?: string };
export type DraftIssue = { step: string; message: string };

export const TRIGGER_TYPES = STEP_TYPES.filter((info) => isTrigger(info.type)).map((info) => info.type);
/** Steps a draft may chain after its trigger (replying to a webhook needs a branch the draft cannot make). */
export const DRAFT_STEP_TYPES = STEP_TYPES.filter((info) => !isTrigger(info.type)).map((info) => info.type);

/** The catalogue in a line per type, for the model: type, what it does, and its settings' keys. */
export function describeStepCatalogue(): string {
  const line = (info: StepTypeInfo) =>
    `${info.type} (${info.label}: ${info.description.replace(/\.$/, '')})${
      info.fields.length > 0 ? `; settings: ${info.fields.map((field) => field.key).join(', ')}` : ''
    }`;
  return STEP_TYPES.map(line).join('\n');
}

/** A name not yet taken in the flow (names are unique, case-insensitively). */
function uniqueName(wanted: string, taken: Set<string>): string {
  const base = wanted.trim().slice(0, 76) || 'Step';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The draft as a flow graph, and what its steps still need. Throws on a step type that does not
 * exist or a trigger out of place: the model is told and can try again.
 */
export function draftGraph(draft: FlowDraft): { graph: FlowGraph; issues: DraftIssue[] } {
  const trigger = draft.trigger ?? { type: 'trigger.manual' };
  if (!isTrigger(trigger.type) || !STEP_TYPES.some((info) => info.type === trigger.type))
    throw new Error(`"${trigger.type}" is not a trigger. Triggers: ${TRIGGER_TYPES.join(', ')}`);
  const steps = draft.steps ?? [];
  if (steps.length > DRAFT_STEP_LIMIT) throw new Error(`A draft has at most ${DRAFT_STEP_LIMIT} steps`);
  const taken = new Set<string>();
  const nodes: FlowNode[] = [trigger, ...steps].map((step, index) => {
    const info = STEP_TYPES.find((candidate) => candidate.type === step.type);
    if (!info) throw new Error(`Unknown step type "${step.type}"`);
    if (index > 0 && isTrigger(step.type)) throw new Error('A flow has one trigger, first; the others are steps');
    const node = {
      id: index === 0 ? 'trigger' : `step-${index}`,
      type: step.type,
      name: uniqueName(step.name ?? info.label, taken),
      position: { x: index * STEP_GAP, y: 0 },
      params: {},
      settings: {},
    };
    return { ...node, params: paramsWithDefaults({ type: step.type, params: step.params ?? {} }) };
  });
  // Each step follows the one before, from its first output (an if's "true", a loop's "loop").
  const edges = nodes.slice(1).map((node, index) => {
    const source = nodes[index] as FlowNode;
    const sourceHandle = nodeOutputs(source)[0] ?? 'main';
    return { id: `${source.id}-${sourceHandle}-${node.id}`, source: source.id, sourceHandle, target: node.id };
  });
  const description = draft.description?.trim();
  const graph = FlowGraph.parse({
    nodes,
    edges,
    stickies: description
      ? [{ id: 'about', position: { x: 0, y: -200 }, width: 320, height: 140, text: description.slice(0, 5000) }]
      : [],
  });
  const issues = graph.nodes.flatMap((node) =>
    validateNode(node).map((issue) => ({ step: node.name, message: issue.message })),
  );
  return { graph, issues };
}
