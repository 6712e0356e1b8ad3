import { describe, expect, it } from 'vitest';
import { flowFileName, parseFlowFile } from './flow-file';

const good = {
  flowmind: 'flow',
  version: 1,
  name: 'Lead intake',
  graph: {
    nodes: [{ id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 } }],
    edges: [],
  },
};

describe('parseFlowFile', () => {
  it('reads an export and fills defaults', () => {
    const result = parseFlowFile(JSON.stringify(good));
    expect(result).toMatchObject({ ok: true, file: { name: 'Lead intake', description: '' } });
    if (result.ok) expect(result.file.graph.nodes[0]).toMatchObject({ params: {}, settings: {} });
  });

  it.each([
    ['not JSON', 'name,email\nAda,ada@example.com', /not JSON/],
    ['another JSON file', JSON.stringify({ nodes: [] }), /not a Flowmind flow export/],
    ['an array', '[1, 2]', /not a Flowmind flow export/],
    ['a future version', JSON.stringify({ ...good, version: 2 }), /newer or unknown version/],
    ['no name', JSON.stringify({ ...good, name: '' }), /not valid: .*\(at name\)/],
    [
      'two steps with one name',
      JSON.stringify({
        ...good,
        graph: { nodes: [good.graph.nodes[0], { ...good.graph.nodes[0], id: 'u' }], edges: [] },
      }),
      /Two steps are named "Start"/,
    ],
    [
      'a connection to nowhere',
      JSON.stringify({ ...good, graph: { ...good.graph, edges: [{ id: 'e', source: 't', target: 'x' }] } }),
      /missing step/,
    ],
  ])('refuses %s with a clear error', (_name, text, message) => {
    const result = parseFlowFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

it('names export files safely', () => {
  expect(flowFileName('Leads: daily / weekly')).toBe('Leads daily  weekly.flow.json');
  expect(flowFileName('***')).toBe('flow.flow.json');
});
