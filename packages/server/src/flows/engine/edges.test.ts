import { FlowGraph } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { deliver, hasWork, newDeliveries, nextTask, type Task } from './edges';
import { indexGraph } from './graph';

type Edge = [source: string, target: string, sourceHandle?: string, targetHandle?: string];

/** A graph from (id, type) pairs and edges; positions and names do not matter here. */
function graph(nodes: [string, string][], edges: Edge[]) {
  return indexGraph(
    FlowGraph.parse({
      nodes: nodes.map(([id, type]) => ({ id, type, name: id, position: { x: 0, y: 0 } })),
      edges: edges.map(([source, target, sourceHandle, targetHandle], i) => ({
        id: `e${i}`,
        source,
        target,
        sourceHandle,
        targetHandle,
      })),
    }),
  );
}

const node = (g: ReturnType<typeof graph>, id: string) => {
  const found = g.nodes.get(id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};
const summary = (task: Task | undefined) => task && { node: task.node.id, inputs: task.inputs };
function drain(g: ReturnType<typeof graph>, deliveries: ReturnType<typeof newDeliveries>) {
  const tasks = [];
  while (hasWork(deliveries)) tasks.push(summary(nextTask(g, deliveries)));
  return tasks;
}

describe('deliver', () => {
  it('sends each output handle along its own edges, to each target once', () => {
    const g = graph(
      [
        ['t', 'trigger.manual'],
        ['check', 'if'],
        ['yes', 'set'],
        ['no', 'set'],
        ['also-yes', 'set'],
      ],
      [
        ['check', 'yes', 'true'],
        ['check', 'no', 'false'],
        ['check', 'also-yes', 'true'],
      ],
    );
    const deliveries = newDeliveries();
    deliver(g, deliveries, node(g, 'check'), { true: [{ a: 1 }], false: [{ a: 2 }] });
    expect(drain(g, deliveries)).toEqual([
      { node: 'yes', inputs: { main: [{ a: 1 }] } },
      { node: 'also-yes', inputs: { main: [{ a: 1 }] } },
      { node: 'no', inputs: { main: [{ a: 2 }] } },
    ]);
  });

  it('sends nothing from an empty handle, and nothing into a trigger', () => {
    const g = graph(
      [
        ['t', 'trigger.manual'],
        ['check', 'if'],
        ['no', 'set'],
      ],
      [
        ['check', 'no', 'false'],
        ['check', 't', 'true'],
      ],
    );
    const deliveries = newDeliveries();
    deliver(g, deliveries, node(g, 'check'), { true: [{ a: 1 }], false: [] });
    expect(hasWork(deliveries)).toBe(false);
    expect(nextTask(g, deliveries)).toBeUndefined();
  });

  it('holds a merge until each connected input has items, joining what arrives twice on one input', () => {
    const g = graph(
      [
        ['t', 'trigger.manual'],
        ['left', 'set'],
        ['right', 'set'],
        ['join', 'merge'],
      ],
      [
        ['left', 'join', 'main', 'a'],
        ['right', 'join', 'main', 'b'],
      ],
    );
    const deliveries = newDeliveries();
    deliver(g, deliveries, node(g, 'left'), { main: [{ n: 1 }] });
    deliver(g, deliveries, node(g, 'left'), { main: [{ n: 2 }] });
    expect(deliveries.ready).toEqual([]);
    deliver(g, deliveries, node(g, 'right'), { main: [{ n: 3 }] });
    expect(drain(g, deliveries)).toEqual([{ node: 'join', inputs: { a: [{ n: 1 }, { n: 2 }], b: [{ n: 3 }] } }]);
  });

  it('runs a merge with one connected input on every delivery, under that input', () => {
    const g = graph(
      [
        ['t', 'trigger.manual'],
        ['left', 'set'],
        ['join', 'merge'],
      ],
      [['left', 'join', 'main', 'b']],
    );
    const deliveries = newDeliveries();
    deliver(g, deliveries, node(g, 'left'), { main: [{ n: 1 }] });
    deliver(g, deliveries, node(g, 'left'), { main: [{ n: 2 }] });
    expect(drain(g, deliveries)).toEqual([
      { node: 'join', inputs: { b: [{ n: 1 }] } },
      { node: 'join', inputs: { b: [{ n: 2 }] } },
    ]);
  });
});

describe('nextTask', () => {
  it('runs ready nodes first; then, as nothing else can arrive, the waiting merge first in the graph', () => {
    const g = graph(
      [
        ['t', 'trigger.manual'],
        ['source', 'set'],
        ['first', 'merge'],
        ['second', 'merge'],
        ['after', 'set'],
      ],
      [
        // The second merge in the graph is reached first.
        ['source', 'second', 'main', 'a'],
        ['t', 'second', 'main', 'b'],
        ['source', 'first', 'main', 'b'],
        ['t', 'first', 'main', 'a'],
        ['source', 'after'],
      ],
    );
    const deliveries = newDeliveries();
    deliver(g, deliveries, node(g, 'source'), { main: [{ n: 1 }] });
    expect(drain(g, deliveries)).toEqual([
      { node: 'after', inputs: { main: [{ n: 1 }] } },
      { node: 'first', inputs: { b: [{ n: 1 }] } },
      { node: 'second', inputs: { a: [{ n: 1 }] } },
    ]);
  });
});
