import { isTrigger, stepType } from '@flowmind/shared/flow-steps';
import type { FlowEdge, FlowGraph, FlowNode } from '@flowmind/shared/flows';

const indexes = new WeakMap<FlowGraph, ReturnType<typeof buildIndex>>();

/**
 * Lookups over a graph the runner needs again and again; built once per graph object (a published
 * version's graph is cached and never changed, so a busy flow builds it once).
 */
export function indexGraph(graph: FlowGraph) {
  let index = indexes.get(graph);
  if (!index) {
    index = buildIndex(graph);
    indexes.set(graph, index);
  }
  return index;
}

function buildIndex(graph: FlowGraph) {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const outgoing = new Map<string, FlowEdge[]>();
  const incoming = new Map<string, FlowEdge[]>();
  for (const edge of graph.edges) {
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) continue;
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
    incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge]);
  }
  const trigger = graph.nodes.find((n) => isTrigger(n.type)) ?? null;
  const connectedInputs = new Map<string, string[]>();
  return {
    nodes,
    trigger,
    order: new Map(graph.nodes.map((n, i) => [n.id, i])),
    outgoing: (id: string) => outgoing.get(id) ?? [],
    incoming: (id: string) => incoming.get(id) ?? [],
    /** Inputs of a node that something is connected to (merge waits for these). */
    connectedInputs(node: FlowNode): string[] {
      let inputs = connectedInputs.get(node.id);
      if (!inputs) {
        const connected = new Set((incoming.get(node.id) ?? []).map((e) => e.targetHandle));
        inputs = (stepType(node.type)?.inputs ?? ['main']).filter((i) => connected.has(i));
        connectedInputs.set(node.id, inputs);
      }
      return inputs;
    },
    /** A node and everything reachable from it. */
    downstream(id: string): Set<string> {
      const seen = new Set<string>();
      const stack = [id];
      while (stack.length > 0) {
        const current = stack.pop() as string;
        if (seen.has(current)) continue;
        seen.add(current);
        for (const edge of outgoing.get(current) ?? []) stack.push(edge.target);
      }
      return seen;
    },
  };
}

export type GraphIndex = ReturnType<typeof buildIndex>;
