import { isTrigger, nodeOutputs, type StepTypeInfo } from '@flowmind/shared/flow-steps';
import type { FlowEdge, FlowGraph, FlowNode, StickyNote } from '@flowmind/shared/flows';

/** Pure edits of a flow graph. Each returns a new graph, so undo can keep the old one. */

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A short random id (8 characters, about 40 bits): plenty for the 300 nodes a flow may hold. */
export function shortId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

export const edgeId = (edge: Pick<FlowEdge, 'source' | 'sourceHandle' | 'target' | 'targetHandle'>) =>
  `${edge.source}:${edge.sourceHandle}-${edge.target}:${edge.targetHandle}`;

/** `base`, or `base 2`, `base 3`… whichever is free (names compare without case, as the server does). */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(Array.from(taken, (name) => name.toLowerCase()));
  const trimmed = base.trim() || 'Step';
  if (!names.has(trimmed.toLowerCase())) return trimmed;
  const stem = trimmed.replace(/\s+\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

export function createNode(info: StepTypeInfo, position: FlowNode['position'], graph: FlowGraph): FlowNode {
  return {
    id: shortId(),
    type: info.type,
    name: uniqueName(
      info.label,
      graph.nodes.map((node) => node.name),
    ),
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    params: {},
    settings: {},
  };
}

/** Adds a node, connected from `from` (a node's output handle) when given. */
export function addNode(graph: FlowGraph, node: FlowNode, from?: { nodeId: string; handle: string } | null): FlowGraph {
  const edges = [...graph.edges];
  const info = node.type;
  if (from && !isTrigger(info) && graph.nodes.some((n) => n.id === from.nodeId)) {
    const target = node.type === 'merge' ? 'a' : 'main';
    const edge = { source: from.nodeId, sourceHandle: from.handle, target: node.id, targetHandle: target };
    edges.push({ id: edgeId(edge), ...edge });
  }
  return { ...graph, nodes: [...graph.nodes, node], edges };
}

/** Puts a new trigger in the old one's place: same position, its connections now leave from the new one. */
export function replaceTrigger(graph: FlowGraph, trigger: FlowNode): FlowGraph {
  const old = graph.nodes.find((node) => isTrigger(node.type));
  if (!old) return addNode(graph, trigger);
  const placed = { ...trigger, position: old.position };
  const others = graph.nodes.filter((node) => node.id !== old.id);
  placed.name = uniqueName(
    trigger.name,
    others.map((node) => node.name),
  );
  const edges = graph.edges.map((edge) => {
    if (edge.source !== old.id) return edge;
    const next = { ...edge, source: placed.id, sourceHandle: 'main' };
    return { ...next, id: edgeId(next) };
  });
  return { ...graph, nodes: [...others, placed], edges: dedupeEdges(edges) };
}

function dedupeEdges(edges: FlowEdge[]): FlowEdge[] {
  const seen = new Set<string>();
  return edges.filter((edge) => {
    if (seen.has(edge.id)) return false;
    seen.add(edge.id);
    return true;
  });
}

export function connect(graph: FlowGraph, link: Omit<FlowEdge, 'id'>): FlowGraph {
  if (link.source === link.target) return graph;
  const edge = { ...link, id: edgeId(link) };
  if (graph.edges.some((existing) => existing.id === edge.id)) return graph;
  return { ...graph, edges: [...graph.edges, edge] };
}

export function removeItems(
  graph: FlowGraph,
  { nodeIds = [], edgeIds = [], stickyIds = [] }: { nodeIds?: string[]; edgeIds?: string[]; stickyIds?: string[] },
): FlowGraph {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  const stickies = new Set(stickyIds);
  return {
    nodes: graph.nodes.filter((node) => !nodes.has(node.id)),
    edges: graph.edges.filter((edge) => !edges.has(edge.id) && !nodes.has(edge.source) && !nodes.has(edge.target)),
    stickies: graph.stickies.filter((sticky) => !stickies.has(sticky.id)),
  };
}

export function updateNode(graph: FlowGraph, node: FlowNode): FlowGraph {
  const before = graph.nodes.find((n) => n.id === node.id);
  if (!before) return graph;
  const nodes = graph.nodes.map((n) => (n.id === node.id ? node : n));
  // A switch that lost a case, or on-error no longer branching, leaves edges from handles that are gone.
  const outputs = new Set(nodeOutputs(node));
  const edges = graph.edges.filter((edge) => edge.source !== node.id || outputs.has(edge.sourceHandle));
  return { ...graph, nodes, edges };
}

/** Rewrites `$node["Old"]` (either quote) to `$node["New"]` in every string inside a value. */
function renameReferences(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') {
    if (!value.includes('$node')) return value;
    return value
      .split(`$node[${JSON.stringify(from)}]`)
      .join(`$node[${JSON.stringify(to)}]`)
      .split(`$node['${from.replace(/'/g, "\\'")}']`)
      .join(`$node[${JSON.stringify(to)}]`);
  }
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, from, to));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameReferences(item, from, to)]));
  return value;
}

/**
 * Renames a step to a name no other step has, and points expressions that read it by name
 * (`$node["Old name"]`) at the new one, so renaming does not break the steps after it.
 */
/**
 * A step's settings form changed the node: its params and settings as given, and a new name
 * through renameNode (unique, and the expressions that read the step follow it).
 */
export function applyNodeEdit(graph: FlowGraph, next: FlowNode): FlowGraph {
  const before = graph.nodes.find((node) => node.id === next.id);
  if (!before) return graph;
  const updated = updateNode(graph, { ...next, name: before.name });
  return next.name === before.name ? updated : renameNode(updated, next.id, next.name);
}

export function renameNode(graph: FlowGraph, nodeId: string, name: string): FlowGraph {
  const trimmed = name.trim().slice(0, 80);
  const before = graph.nodes.find((node) => node.id === nodeId);
  if (!trimmed || !before) return graph;
  const others = graph.nodes.filter((node) => node.id !== nodeId).map((node) => node.name);
  const unique = uniqueName(trimmed, others);
  if (unique === before.name) return graph;
  return {
    ...graph,
    nodes: graph.nodes.map((node) =>
      node.id === nodeId
        ? { ...node, name: unique }
        : { ...node, params: renameReferences(node.params, before.name, unique) as FlowNode['params'] },
    ),
  };
}

export function updateSticky(graph: FlowGraph, sticky: StickyNote): FlowGraph {
  return { ...graph, stickies: graph.stickies.map((s) => (s.id === sticky.id ? sticky : s)) };
}

/** What the clipboard carries: steps, the connections between them, and sticky notes. */
export type GraphFragment = { flowmind: 'flow-fragment'; nodes: FlowNode[]; edges: FlowEdge[]; stickies: StickyNote[] };

export function copyFragment(
  graph: FlowGraph,
  { nodeIds, stickyIds }: { nodeIds: string[]; stickyIds: string[] },
): GraphFragment | null {
  const ids = new Set(nodeIds);
  const stickyIdSet = new Set(stickyIds);
  const nodes = graph.nodes.filter((node) => ids.has(node.id));
  const stickies = graph.stickies.filter((sticky) => stickyIdSet.has(sticky.id));
  if (nodes.length === 0 && stickies.length === 0) return null;
  const edges = graph.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  return { flowmind: 'flow-fragment', nodes, edges, stickies };
}

export function parseFragment(text: string): GraphFragment | null {
  try {
    const value = JSON.parse(text) as Partial<GraphFragment>;
    if (value?.flowmind !== 'flow-fragment' || !Array.isArray(value.nodes)) return null;
    return {
      flowmind: 'flow-fragment',
      nodes: value.nodes,
      edges: Array.isArray(value.edges) ? value.edges : [],
      stickies: Array.isArray(value.stickies) ? value.stickies : [],
    };
  } catch {
    return null;
  }
}

/**
 * Adds a copy of a fragment, shifted by `offset`, with fresh ids and unique names. A pasted trigger is left out
 * when the flow already has one (a flow has exactly one). Returns the new ids so they can be selected.
 */
export function pasteFragment(
  graph: FlowGraph,
  fragment: GraphFragment,
  offset: { x: number; y: number },
): { graph: FlowGraph; nodeIds: string[]; stickyIds: string[] } {
  const hasTrigger = graph.nodes.some((node) => isTrigger(node.type));
  const idMap = new Map<string, string>();
  const names = graph.nodes.map((node) => node.name);
  const nodes: FlowNode[] = [];
  for (const node of fragment.nodes) {
    if (isTrigger(node.type) && (hasTrigger || nodes.some((n) => isTrigger(n.type)))) continue;
    const id = shortId();
    idMap.set(node.id, id);
    const name = uniqueName(node.name, names);
    names.push(name);
    nodes.push({ ...node, id, name, position: { x: node.position.x + offset.x, y: node.position.y + offset.y } });
  }
  const edges = fragment.edges
    .filter((edge) => idMap.has(edge.source) && idMap.has(edge.target))
    .map((edge) => {
      const next = { ...edge, source: idMap.get(edge.source) as string, target: idMap.get(edge.target) as string };
      return { ...next, id: edgeId(next) };
    });
  const stickies = fragment.stickies.map((sticky) => ({
    ...sticky,
    id: shortId(),
    position: { x: sticky.position.x + offset.x, y: sticky.position.y + offset.y },
  }));
  return {
    graph: {
      nodes: [...graph.nodes, ...nodes],
      edges: [...graph.edges, ...edges],
      stickies: [...graph.stickies, ...stickies],
    },
    nodeIds: nodes.map((node) => node.id),
    stickyIds: stickies.map((sticky) => sticky.id),
  };
}

export type GraphDiff = {
  added: FlowNode[];
  removed: FlowNode[];
  changed: Array<{ before: FlowNode; after: FlowNode; changes: string[] }>;
  edgesAdded: number;
  edgesRemoved: number;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed from `before` to `after`, by step: added, removed, and for changed ones which settings moved. */
export function diffGraphs(before: FlowGraph, after: FlowGraph): GraphDiff {
  const beforeById = new Map(before.nodes.map((node) => [node.id, node]));
  const afterById = new Map(after.nodes.map((node) => [node.id, node]));
  const changed: GraphDiff['changed'] = [];
  for (const node of after.nodes) {
    const old = beforeById.get(node.id);
    if (!old) continue;
    const changes: string[] = [];
    if (old.name !== node.name) changes.push(`renamed from “${old.name}”`);
    if (old.type !== node.type) changes.push(`type ${old.type} → ${node.type}`);
    if (Boolean(old.disabled) !== Boolean(node.disabled)) changes.push(node.disabled ? 'disabled' : 'enabled');
    const keys = new Set([...Object.keys(old.params ?? {}), ...Object.keys(node.params ?? {})]);
    for (const key of keys) if (!same(old.params?.[key], node.params?.[key])) changes.push(`${key} changed`);
    if (!same(old.settings, node.settings)) changes.push('settings changed');
    if (changes.length) changed.push({ before: old, after: node, changes });
  }
  const beforeEdges = new Set(before.edges.map(edgeId));
  const afterEdges = new Set(after.edges.map(edgeId));
  return {
    added: after.nodes.filter((node) => !beforeById.has(node.id)),
    removed: before.nodes.filter((node) => !afterById.has(node.id)),
    changed,
    edgesAdded: [...afterEdges].filter((id) => !beforeEdges.has(id)).length,
    edgesRemoved: [...beforeEdges].filter((id) => !afterEdges.has(id)).length,
  };
}

export const emptyGraph = (): FlowGraph => ({ nodes: [], edges: [], stickies: [] });
