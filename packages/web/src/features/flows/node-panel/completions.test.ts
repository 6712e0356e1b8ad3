import type { ExecutionDetail, ExecutionStep, FlowGraph } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { completions, formatPath, openExpression } from './completions';
import { expressionSample } from './expression-sample';

const sample = {
  $json: { email: 'ada@example.com', total: 42, 'first name': 'Ada' },
  $node: { Webhook: { json: { body: { id: 7 } }, items: [{ body: { id: 7 } }] } },
};

describe('completions in the step panel', () => {
  it('finds the open expression', () => {
    expect(openExpression('Hi {{ $json.na')).toBe(' $json.na');
    expect(openExpression('Hi {{ $json.name }} and')).toBeNull();
    expect(openExpression('no braces')).toBeNull();
  });

  it('suggests the fields seen in the last run, replacing what is typed', () => {
    const found = completions(sample, 'Total: {{ $json.to');
    expect(found.map((c) => c.label)).toEqual(['total']);
    expect(found[0]).toMatchObject({ insert: 'total', replace: 2 });
    expect(completions(sample, 'plain text')).toEqual([]);
  });

  it('suggests $trigger as the server has it: `.json` and `.items`, never the payload’s own keys', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 't', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: {}, settings: {} },
        { id: 's', type: 'set', name: 'Set', position: { x: 300, y: 0 }, params: {}, settings: {} },
      ],
      edges: [{ id: 'e', source: 't', sourceHandle: 'main', target: 's', targetHandle: 'main' }],
      stickies: [],
    };
    const hook: ExecutionStep = {
      id: 'st1',
      nodeId: 't',
      nodeName: 'Webhook',
      nodeType: 'trigger.webhook',
      status: 'succeeded',
      input: {},
      output: { main: [{ body: { name: 'Ada' } }] },
    } as unknown as ExecutionStep;
    const execution = {
      id: 'ex',
      flowId: 'f',
      mode: 'test',
      trigger: null,
      steps: [hook],
    } as unknown as ExecutionDetail;
    const scope = expressionSample(graph, execution, 's');
    expect(completions(scope, '{{ $trigger.').map((c) => c.label)).toEqual(['json', 'items']);
    expect(completions(scope, '{{ $trigger.json.').map((c) => c.label)).toEqual(['body']);
    expect(completions(scope, '{{ $json.body.').map((c) => c.label)).toEqual(['name']);
  });

  it('writes paths with dots where it can and brackets elsewhere', () => {
    expect(formatPath('$json', ['address', 'city'])).toBe('$json.address.city');
    expect(formatPath('$json', ['first name', 0])).toBe('$json["first name"][0]');
  });
});
