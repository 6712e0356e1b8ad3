import { describe, expect, it } from 'vitest';
import { isTrigger, nodeOutputs, stepType, validateGraph } from './flow-steps';
import { FLOW_TEMPLATES } from './flow-templates';
import { FlowGraph, FlowTemplate } from './flows';

/**
 * A template cannot know the account's tables, so its table pickers start empty and the user picks
 * one (a sticky note says so). That "Table is required" issue is the only one a template may have.
 */
const isEmptyTablePicker = (graph: FlowGraph, issue: { nodeId: string; field?: string }) => {
  const node = graph.nodes.find((n) => n.id === issue.nodeId);
  const field = node && stepType(node.type)?.fields.find((f) => f.key === issue.field);
  return field?.kind === 'table' && !node?.params[field.key];
};

describe('flow templates', () => {
  it('has at least six templates with unique ids', () => {
    expect(FLOW_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(FLOW_TEMPLATES.map((t) => t.id)).size).toBe(FLOW_TEMPLATES.length);
  });

  describe.each(FLOW_TEMPLATES.map((t) => [t.id, t] as const))('%s', (_id, template) => {
    const graph = FlowGraph.parse(template.graph);

    it('parses as a template and a graph without changes', () => {
      expect(FlowTemplate.parse(template)).toBeTruthy();
      expect(graph).toEqual(template.graph);
    });

    it('has no issues but empty table pickers', () => {
      const issues = validateGraph(graph).filter((issue) => !isEmptyTablePicker(graph, issue));
      expect(issues).toEqual([]);
    });

    it('uses only known params of known step types', () => {
      for (const node of graph.nodes) {
        const info = stepType(node.type);
        expect(info, node.type).toBeDefined();
        const keys = new Set(info?.fields.map((f) => f.key));
        for (const key of Object.keys(node.params)) expect(keys, `${node.type}.${key}`).toContain(key);
      }
    });

    it('declares the trigger it starts with', () => {
      const trigger = graph.nodes.find((n) => isTrigger(n.type));
      expect(trigger?.type).toBe(`trigger.${template.triggerType}`);
    });

    it('connects every step, through handles the steps have', () => {
      const byId = new Map(graph.nodes.map((n) => [n.id, n]));
      for (const edge of graph.edges) {
        const source = byId.get(edge.source);
        const target = byId.get(edge.target);
        expect(source && nodeOutputs(source)).toContain(edge.sourceHandle);
        expect(target && stepType(target.type)?.inputs).toContain(edge.targetHandle);
      }
      const reached = new Set(graph.edges.map((e) => e.target));
      for (const node of graph.nodes) if (!isTrigger(node.type)) expect(reached, node.name).toContain(node.id);
    });

    it('lays steps out left to right', () => {
      for (const edge of graph.edges) {
        const source = graph.nodes.find((n) => n.id === edge.source);
        const target = graph.nodes.find((n) => n.id === edge.target);
        expect(target?.position.x ?? 0).toBeGreaterThan(source?.position.x ?? 0);
      }
    });
  });

  it('includes the required scenarios', () => {
    const byId = new Map(FLOW_TEMPLATES.map((t) => [t.id, t.graph]));
    const jobs = byId.get('job-listings-scraper');
    expect(jobs?.nodes.map((n) => n.type)).toEqual(['trigger.schedule', 'scrape', 'table.records']);
    expect(jobs?.nodes[0]?.params.cron).toBe('0 8 * * *');
    const inbox = byId.get('email-inbox-ai-summary');
    expect(inbox?.nodes.map((n) => n.type)).toEqual(['trigger.email', 'ai', 'table.records']);
    expect(inbox?.nodes[1]?.params.outputField).toBe('summary');
    const intake = byId.get('webhook-lead-intake');
    expect(intake?.nodes[0]?.params.respond).toBe('respond_step');
    expect(intake?.edges.find((e) => e.sourceHandle === 'false')?.target).toBe('refused');
    expect(intake?.nodes.find((n) => n.id === 'refused')?.params.status).toBe(400);
  });
});
