import { isTrigger } from '@flowmind/shared/flow-steps';
import type { FlowNode, Item } from '@flowmind/shared/flows';
import type { GraphIndex } from './graph';

/** Items per handle: a step's outputs, or what arrived on a node's inputs. */
export type Outputs = Record<string, Item[]>;

/** A node to run with the items on its inputs. */
export type Task = { node: FlowNode; inputs: Outputs };

/**
 * Where a walk's items are between steps: tasks ready to run, first in first out, and nodes with
 * several connected inputs (a merge) holding what has arrived until each input has items.
 */
export type Deliveries = { ready: Task[]; waiting: Map<string, Outputs> };

type Edges = Pick<GraphIndex, 'nodes' | 'order' | 'outgoing' | 'connectedInputs'>;

export function newDeliveries(): Deliveries {
  return { ready: [], waiting: new Map() };
}

/**
 * Sends a step's output along its edges. An empty handle sends nothing, and nothing enters a
 * trigger. A node with one connected input runs once per delivery; one with several waits until
 * all of them have items (items arriving twice on one input are joined).
 */
export function deliver(graph: Edges, deliveries: Deliveries, from: FlowNode, output: Outputs): void {
  for (const handle of Object.keys(output)) {
    const items = output[handle] as Item[];
    if (items.length === 0) continue;
    for (const edge of graph.outgoing(from.id)) {
      if (edge.sourceHandle !== handle) continue;
      const target = graph.nodes.get(edge.target);
      if (!target || isTrigger(target.type)) continue;
      const inputs = graph.connectedInputs(target);
      if (inputs.length > 1) {
        const pending = deliveries.waiting.get(target.id) ?? {};
        pending[edge.targetHandle] = [...(pending[edge.targetHandle] ?? []), ...items];
        deliveries.waiting.set(target.id, pending);
        if (inputs.every((input) => pending[input])) {
          deliveries.waiting.delete(target.id);
          deliveries.ready.push({ node: target, inputs: pending });
        }
      } else {
        deliveries.ready.push({ node: target, inputs: { [edge.targetHandle]: items } });
      }
    }
  }
}

export function hasWork(deliveries: Deliveries): boolean {
  return deliveries.ready.length > 0 || deliveries.waiting.size > 0;
}

/**
 * The next node to run: the oldest ready one; with none ready nothing else can arrive, so the
 * waiting node first in the graph runs with the inputs it has (a merge whose other branch sent
 * nothing). Undefined when the walk is done.
 */
export function nextTask(graph: Edges, deliveries: Deliveries): Task | undefined {
  const ready = deliveries.ready.shift();
  if (ready) return ready;
  let first: string | undefined;
  for (const nodeId of deliveries.waiting.keys())
    if (first === undefined || (graph.order.get(nodeId) ?? 0) < (graph.order.get(first) ?? 0)) first = nodeId;
  if (first === undefined) return undefined;
  const inputs = deliveries.waiting.get(first) as Outputs;
  deliveries.waiting.delete(first);
  return { node: graph.nodes.get(first) as FlowNode, inputs };
}
