import { describe, expect, it } from 'vitest';
import { describeStepCatalogue, draftGraph } from './flow-drafts';
import { validateGraph } from './flow-steps';

describe('draftGraph', () => {
  it('chains a trigger and steps left to right, with defaults filled in and the description as a note', () => {
    const { graph, issues } = draftGraph({
      trigger: { type: 'trigger.schedule', params: { mode: 'cron', cron: '0 9 * * 1' } },
      steps: [
        { type: 'http.request', name: 'Fetch weather', params: { url: 'https://example.com/weather' } },
        { type: 'ai', params: { prompt: 'Summarise {{ $json.body }}' } },
        { type: 'ai', params: { prompt: 'Translate it' } },
      ],
      description: 'Every Monday at 9, fetch the weather and summarise it.',
    });
    expect(graph.nodes.map((node) => [node.type, node.name, node.position.x])).toEqual([
      ['trigger.schedule', 'Schedule', 0],
      ['http.request', 'Fetch weather', 300],
      ['ai', 'AI prompt', 600],
      ['ai', 'AI prompt 2', 900],
    ]);
    expect(graph.nodes[1]?.params).toMatchObject({ url: 'https://example.com/weather', method: 'GET' });
    expect(graph.edges.map((edge) => `${edge.source}>${edge.target}`)).toEqual([
      'trigger>step-1',
      'step-1>step-2',
      'step-2>step-3',
    ]);
    expect(graph.stickies[0]?.text).toContain('Every Monday');
    expect(issues).toEqual([]);
    expect(validateGraph(graph)).toEqual([]);
  });

  it('starts from a manual trigger and reports what each step still needs', () => {
    const { graph, issues } = draftGraph({ steps: [{ type: 'http.request' }, { type: 'if' }] });
    expect(graph.nodes[0]).toMatchObject({ type: 'trigger.manual', name: 'Manual trigger' });
    expect(issues).toContainEqual({ step: 'HTTP request', message: 'URL is required' });
    expect(graph.stickies).toEqual([]);
  });

  it('follows a branching step from its first output', () => {
    const { graph } = draftGraph({ steps: [{ type: 'if' }, { type: 'set' }] });
    expect(graph.edges[1]).toMatchObject({ source: 'step-1', sourceHandle: 'true', target: 'step-2' });
  });

  it('refuses unknown types and triggers out of place', () => {
    expect(() => draftGraph({ steps: [{ type: 'teleport' }] })).toThrow('Unknown step type "teleport"');
    expect(() => draftGraph({ trigger: { type: 'http.request' } })).toThrow(/is not a trigger/);
    expect(() => draftGraph({ steps: [{ type: 'trigger.webhook' }] })).toThrow(/one trigger/);
  });

  it('describes every step type for the model', () => {
    const catalogue = describeStepCatalogue();
    expect(catalogue).toContain('trigger.schedule (');
    expect(catalogue).toMatch(/http\.request \(.*\); settings: method, url/);
  });
});
