import { stepType } from '@flowmind/shared/flow-steps';
import { FlowGraph, type FlowNode } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { autoLayout } from './auto-layout';
import {
  addNode,
  applyNodeEdit,
  connect,
  copyFragment,
  createNode,
  diffGraphs,
  parseFragment,
  pasteFragment,
  removeItems,
  renameNode,
  replaceTrigger,
  shortId,
  uniqueName,
  updateNode,
} from './graph-ops';

const node = (id: string, type: string, name: string, x = 0): FlowNode => ({
  id,
  type,
  name,
  position: { x, y: 0 },
  params: {},
  settings: {},
});

const base = (): FlowGraph => ({
  nodes: [node('t', 'trigger.manual', 'Manual trigger'), node('a', 'if', 'Check', 300), node('b', 'set', 'Keep', 600)],
  edges: [
    { id: 't:main-a:main', source: 't', sourceHandle: 'main', target: 'a', targetHandle: 'main' },
    { id: 'a:true-b:main', source: 'a', sourceHandle: 'true', target: 'b', targetHandle: 'main' },
  ],
  stickies: [],
});

describe('uniqueName', () => {
  it.each([
    ['Set fields', [], 'Set fields'],
    ['Set fields', ['Set fields'], 'Set fields 2'],
    ['Set fields', ['set FIELDS', 'Set fields 2'], 'Set fields 3'],
    ['Set fields 2', ['Set fields 2'], 'Set fields 3'],
    ['  ', [], 'Step'],
  ])('%s among %j → %s', (name, taken, expected) => {
    expect(uniqueName(name, taken)).toBe(expected);
  });
});

describe('graph edits', () => {
  it('gives short ids that a node id accepts', () => {
    const id = shortId();
    expect(id).toMatch(/^[a-z0-9]{8}$/);
    expect(shortId()).not.toBe(id);
  });

  it('adds a step connected from an output, into merge input a', () => {
    const info = stepType('merge');
    if (!info) throw new Error('merge missing');
    const graph = base();
    const merge = createNode(info, { x: 900, y: 0 }, graph);
    const next = addNode(graph, merge, { nodeId: 'b', handle: 'main' });
    expect(next.edges.at(-1)).toMatchObject({ source: 'b', sourceHandle: 'main', target: merge.id, targetHandle: 'a' });
    expect(FlowGraph.safeParse(next).success).toBe(true);
  });

  it('replaces the trigger in place, keeping its connections', () => {
    const info = stepType('trigger.webhook');
    if (!info) throw new Error('webhook missing');
    const graph = base();
    const hook = createNode(info, { x: 50, y: 50 }, graph);
    const next = replaceTrigger(graph, hook);
    expect(next.nodes.filter((n) => n.type.startsWith('trigger.'))).toHaveLength(1);
    expect(next.nodes.find((n) => n.id === hook.id)?.position).toEqual({ x: 0, y: 0 });
    expect(next.edges[0]).toMatchObject({ source: hook.id, target: 'a' });
  });

  it('does not connect a step to itself or twice', () => {
    const graph = base();
    expect(connect(graph, { source: 'a', sourceHandle: 'true', target: 'a', targetHandle: 'main' })).toBe(graph);
    expect(connect(graph, { source: 'a', sourceHandle: 'true', target: 'b', targetHandle: 'main' })).toBe(graph);
    expect(
      connect(graph, { source: 'a', sourceHandle: 'false', target: 'b', targetHandle: 'main' }).edges,
    ).toHaveLength(3);
  });

  it('removes a step with its connections', () => {
    const next = removeItems(base(), { nodeIds: ['a'] });
    expect(next.nodes.map((n) => n.id)).toEqual(['t', 'b']);
    expect(next.edges).toEqual([]);
  });

  it('drops connections from outputs a step no longer has', () => {
    const graph = base();
    const check = graph.nodes[1] as FlowNode;
    const switched = updateNode(graph, { ...check, settings: { onError: 'branch' } });
    expect(switched.edges).toHaveLength(2);
    const sw: FlowGraph = {
      ...graph,
      nodes: [...graph.nodes, { ...node('s', 'switch', 'Route'), params: { cases: [{ name: 'x' }, { name: 'y' }] } }],
      edges: [{ id: 'e', source: 's', sourceHandle: 'case-1', target: 'b', targetHandle: 'main' }],
    };
    const fewer = updateNode(sw, { ...(sw.nodes[3] as FlowNode), params: { cases: [{ name: 'x' }] } });
    expect(fewer.edges).toEqual([]);
  });

  it('points expressions that read a renamed step at its new name', () => {
    const graph = base();
    graph.nodes[2] = {
      ...(graph.nodes[2] as FlowNode),
      params: {
        assignments: [{ name: 'total', value: '{{ $node["Check"].json.total }} and {{ $node[\'Check\'].json.n }}' }],
        other: '{{ $node["Checker"].json }}',
      },
    };
    const next = renameNode(graph, 'a', 'Big order?');
    expect(next.nodes[2]?.params).toEqual({
      assignments: [
        { name: 'total', value: '{{ $node["Big order?"].json.total }} and {{ $node["Big order?"].json.n }}' },
      ],
      other: '{{ $node["Checker"].json }}',
    });
  });

  it('takes a form edit: params as given, and a new name through renaming (unique, expressions follow)', () => {
    const graph = base();
    graph.nodes[2] = { ...(graph.nodes[2] as FlowNode), params: { value: '{{ $node["Check"].json.total }}' } };
    const checked = graph.nodes[1] as FlowNode;
    const renamed = applyNodeEdit(graph, { ...checked, name: 'Big order?', params: { limit: 5 } });
    expect(renamed.nodes[1]).toMatchObject({ name: 'Big order?', params: { limit: 5 } });
    expect(renamed.nodes[2]?.params).toEqual({ value: '{{ $node["Big order?"].json.total }}' });
    expect(applyNodeEdit(graph, { ...checked, id: 'gone' })).toBe(graph);
  });

  it('renames to a unique name and ignores an empty one', () => {
    expect(renameNode(base(), 'b', 'Check').nodes[2]?.name).toBe('Check 2');
    const graph = base();
    expect(renameNode(graph, 'b', '   ')).toBe(graph);
  });
});

describe('copy and paste', () => {
  it('pastes with fresh ids, unique names and the connections inside the copy', () => {
    const graph = base();
    const fragment = copyFragment(graph, { nodeIds: ['a', 'b'], stickyIds: [] });
    if (!fragment) throw new Error('nothing copied');
    expect(fragment.edges).toHaveLength(1);
    const text = JSON.stringify(fragment);
    const parsed = parseFragment(text);
    if (!parsed) throw new Error('not parsed');
    const { graph: next, nodeIds } = pasteFragment(graph, parsed, { x: 10, y: 20 });
    expect(nodeIds).toHaveLength(2);
    expect(next.nodes.map((n) => n.name)).toEqual(['Manual trigger', 'Check', 'Keep', 'Check 2', 'Keep 2']);
    expect(next.edges).toHaveLength(3);
    expect(next.edges[2]).toMatchObject({ source: nodeIds[0], target: nodeIds[1] });
    expect(FlowGraph.safeParse(next).success).toBe(true);
  });

  it('leaves a second trigger out, and ignores text that is not a copy of steps', () => {
    const graph = base();
    const fragment = copyFragment(graph, { nodeIds: ['t'], stickyIds: [] });
    if (!fragment) throw new Error('nothing copied');
    expect(pasteFragment(graph, fragment, { x: 0, y: 0 }).nodeIds).toEqual([]);
    expect(parseFragment('hello')).toBeNull();
    expect(parseFragment('{"nodes":[]}')).toBeNull();
  });
});

describe('diffGraphs', () => {
  it('lists added, removed and changed steps with the params that changed', () => {
    const before = base();
    const after: FlowGraph = {
      ...before,
      nodes: [
        before.nodes[0] as FlowNode,
        { ...(before.nodes[1] as FlowNode), name: 'Big order?', params: { conditions: [] } },
        node('c', 'code', 'Code'),
      ],
      edges: [before.edges[0] as FlowGraph['edges'][number]],
    };
    const diff = diffGraphs(before, after);
    expect(diff.added.map((n) => n.name)).toEqual(['Code']);
    expect(diff.removed.map((n) => n.name)).toEqual(['Keep']);
    expect(diff.changed).toEqual([
      expect.objectContaining({ changes: ['renamed from “Check”', 'conditions changed'] }),
    ]);
    expect(diff.edgesRemoved).toBe(1);
  });
});

describe('autoLayout', () => {
  it('lays a chain out left to right from where it started', () => {
    const graph = base();
    graph.nodes = graph.nodes.map((n, i) => ({ ...n, position: { x: 500 - i * 200, y: i * 300 } }));
    const next = autoLayout(graph);
    const [t, a, b] = next.nodes as [FlowNode, FlowNode, FlowNode];
    expect(t.position.x).toBeLessThan(a.position.x);
    expect(a.position.x).toBeLessThan(b.position.x);
    expect(Math.min(t.position.x, a.position.x, b.position.x)).toBe(100);
  });
});
