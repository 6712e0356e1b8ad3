import type { ExecutionDetail, ExecutionStep, FlowGraph } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { expressionSample } from './expression-sample';

const node = (id: string, name: string, type: string) => ({
  id,
  name,
  type,
  position: { x: 0, y: 0 },
  params: {},
  settings: {},
});

const graph: FlowGraph = {
  nodes: [
    node('t', 'Webhook', 'trigger.webhook'),
    node('c', 'Clean up', 'code'),
    node('i', 'Check', 'if'),
    node('h', 'Call API', 'http.request'),
  ],
  edges: [
    { id: 'e1', source: 't', sourceHandle: 'main', target: 'c', targetHandle: 'main' },
    { id: 'e2', source: 'c', sourceHandle: 'main', target: 'i', targetHandle: 'main' },
    { id: 'e3', source: 'i', sourceHandle: 'true', target: 'h', targetHandle: 'main' },
  ],
  stickies: [],
};

function step(nodeId: string, type: string, input: ExecutionStep['input'], output: ExecutionStep['output']) {
  const name = graph.nodes.find((n) => n.id === nodeId)?.name ?? nodeId;
  return {
    id: `s-${nodeId}`,
    nodeId: nodeId,
    nodeName: name,
    nodeType: type,
    runIndex: 0,
    status: 'succeeded' as const,
    input,
    output,
    logs: [],
    error: null,
    attempts: 1,
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:01Z',
    durationMs: 1000,
  };
}

function execution(steps: ExecutionStep[]): ExecutionDetail {
  return {
    id: 'ex1',
    accountId: 'a',
    flowId: 'f',
    flowName: 'Flow',
    version: null,
    status: 'succeeded',
    mode: 'test',
    error: null,
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    resumeAt: null,
    parentExecutionId: null,
    graph,
    trigger: { raw: true },
    steps,
    stepsTotal: steps.length,
    nodes: [],
  };
}

const now = new Date('2026-02-03T04:05:06Z');
const hook = step('t', 'trigger.webhook', {}, { main: [{ body: { email: 'A@x.io' } }, { body: { email: 'b@x.io' } }] });
const code = step('c', 'code', { main: [{ body: { email: 'A@x.io' } }] }, { main: [{ email: 'a@x.io', score: 3 }] });
const check = step(
  'i',
  'if',
  { main: [{ email: 'a@x.io', score: 3 }] },
  { true: [{ email: 'a@x.io', score: 3 }], false: [] },
);

describe('expressionSample', () => {
  it('is empty apart from $now without an execution', () => {
    expect(expressionSample(graph, null, 'c', now)).toEqual({
      $json: {},
      $index: 0,
      $items: [],
      $node: {},
      $trigger: { json: {}, items: [] },
      $execution: { id: '', mode: '' },
      $flow: { id: '', name: '' },
      $now: '2026-02-03T04:05:06.000Z',
    });
  });

  it('takes $json from the step’s own first input item and $node from the steps before it', () => {
    const sample = expressionSample(graph, execution([hook, code, check]), 'c', now);
    expect(sample.$json).toEqual({ body: { email: 'A@x.io' } });
    expect(Object.keys(sample.$node)).toEqual(['Webhook']);
    expect(sample.$node.Webhook?.items).toHaveLength(2);
    expect(sample.$node.Webhook?.json).toEqual({ body: { email: 'A@x.io' } });
    // The server's shape: `$trigger.json` is the first item, as `$node["Webhook"].json` is.
    expect(sample.$trigger.json).toEqual({ body: { email: 'A@x.io' } });
    expect(sample.$trigger.items).toHaveLength(2);
    expect(sample.$items).toEqual([{ body: { email: 'A@x.io' } }]);
    expect(sample.$execution).toEqual({ id: 'ex1', mode: 'test' });
  });

  it('takes $json from the upstream step’s output on the connected handle when the step did not run', () => {
    const sample = expressionSample(graph, execution([hook, code, check]), 'h', now);
    expect(sample.$json).toEqual({ email: 'a@x.io', score: 3 });
    expect(Object.keys(sample.$node)).toEqual(['Webhook', 'Clean up', 'Check']);
    // An if step's items are on its true/false handles: the first handle with items.
    expect(sample.$node.Check?.json).toEqual({ email: 'a@x.io', score: 3 });
  });

  it('gives an empty $json when nothing reached the step, and uses the saved trigger payload without a trigger step', () => {
    const noTrue = step('i', 'if', { main: [{ a: 1 }] }, { true: [], false: [{ a: 1 }] });
    const sample = expressionSample(graph, execution([code, noTrue]), 'h', now);
    expect(sample.$json).toEqual({});
    expect(sample.$trigger).toEqual({ json: { raw: true }, items: [{ raw: true }] });
  });

  it('names $node entries by the step’s current name in the graph', () => {
    const renamed = { ...graph, nodes: graph.nodes.map((n) => (n.id === 't' ? { ...n, name: 'Incoming' } : n)) };
    const sample = expressionSample(renamed, execution([hook, code]), 'i', now);
    expect(Object.keys(sample.$node)).toEqual(['Incoming', 'Clean up']);
  });
});
