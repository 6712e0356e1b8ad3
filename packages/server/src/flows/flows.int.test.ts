import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Fern', email: 'fern@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(() => server.close());

const accountId = () => owner.user.personalAccountId as string;

async function newFlow(body: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/flows', { accountId: accountId(), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const webhookGraph = {
  nodes: [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: {} },
    { id: 'set', type: 'set', name: 'Set', position: { x: 300, y: 0 }, params: { assignments: [] } },
  ],
  edges: [{ id: 'e1', source: 'hook', target: 'set' }],
};

describe('flows', () => {
  it('creates a blank flow with a manual trigger, lists, searches, renames, trashes and restores it', async () => {
    const flow = await newFlow({ name: 'Lead intake' });
    expect(flow).toMatchObject({
      name: 'Lead intake',
      triggerType: 'manual',
      active: false,
      publishedVersion: null,
      hasUnpublishedChanges: true,
      revision: 0,
      lastExecution: null,
      executionCounts: { total: 0, succeeded: 0, failed: 0 },
    });
    expect(flow.id).toMatch(/^flw_/);
    expect(flow.graph.nodes).toHaveLength(1);
    expect(flow.emailAddress).toMatch(/^flow-[a-z0-9]+@localhost$/);

    const found = await owner.client.get(`/api/flows?accountId=${accountId()}&search=intake`);
    expect(found.body.map((f: { id: string }) => f.id)).toEqual([flow.id]);
    const none = await owner.client.get(`/api/flows?accountId=${accountId()}&search=nothing-like-it`);
    expect(none.body).toEqual([]);

    const renamed = await owner.client.patch(`/api/flows/${flow.id}`, { name: 'Leads' });
    expect(renamed.body.name).toBe('Leads');

    expect((await owner.client.delete(`/api/flows/${flow.id}`)).status).toBe(204);
    const list = await owner.client.get(`/api/flows?accountId=${accountId()}`);
    expect(list.body.map((f: { id: string }) => f.id)).not.toContain(flow.id);
    const trash = await owner.client.get(`/api/flows?accountId=${accountId()}&trash=true`);
    expect(trash.body.map((f: { id: string }) => f.id)).toContain(flow.id);
    const restored = await owner.client.post(`/api/flows/${flow.id}/restore`);
    expect(restored.body.deletedAt).toBeNull();
    expect((await owner.client.delete(`/api/flows/${flow.id}?permanent=true`)).status).toBe(204);
    expect((await owner.client.get(`/api/flows/${flow.id}`)).status).toBe(404);
  });

  it('saves drafts with a revision and refuses a stale one', async () => {
    const flow = await newFlow();
    const saved = await owner.client.patch(`/api/flows/${flow.id}`, { graph: webhookGraph, baseRevision: 0 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ revision: 1, triggerType: 'webhook' });
    expect(saved.body.graph.edges[0]).toMatchObject({ sourceHandle: 'main', targetHandle: 'main' });
    const stale = await owner.client.patch(`/api/flows/${flow.id}`, { graph: webhookGraph, baseRevision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/changed elsewhere/);
    const bad = await owner.client.patch(`/api/flows/${flow.id}`, {
      graph: { nodes: [...webhookGraph.nodes, { ...webhookGraph.nodes[1], id: 'set2' }], edges: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Two steps are named "Set"/);
  });

  it('publishes immutable versions, lists them, and restores one into the draft', async () => {
    const flow = await newFlow({ graph: webhookGraph });
    expect((await owner.client.patch(`/api/flows/${flow.id}`, { active: true })).status).toBe(409);
    const v1 = await owner.client.post(`/api/flows/${flow.id}/publish`, { message: 'first' });
    expect(v1.status, v1.text).toBe(200);
    expect(v1.body).toMatchObject({ publishedVersion: 1, active: true, hasUnpublishedChanges: false });

    const changed = {
      ...webhookGraph,
      nodes: webhookGraph.nodes.map((n) => (n.id === 'set' ? { ...n, name: 'Set fields' } : n)),
    };
    const draft = await owner.client.patch(`/api/flows/${flow.id}`, { graph: changed });
    expect(draft.body.hasUnpublishedChanges).toBe(true);
    const v2 = await owner.client.post(`/api/flows/${flow.id}/publish`, {});
    expect(v2.body.publishedVersion).toBe(2);

    const versions = await owner.client.get(`/api/flows/${flow.id}/versions`);
    expect(versions.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.body[1]).toMatchObject({ message: 'first', createdBy: { name: 'Fern' } });
    const first = versions.body[1];
    expect(first.graph.nodes[1].name).toBe('Set');

    const restored = await owner.client.post(`/api/flows/${flow.id}/versions/${first.id}/restore`);
    expect(restored.body.graph.nodes[1].name).toBe('Set');
    expect(restored.body).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: true });

    const off = await owner.client.patch(`/api/flows/${flow.id}`, { active: false });
    expect(off.body.active).toBe(false);
  });

  it('refuses to publish a flow with invalid steps, naming the step', async () => {
    const flow = await newFlow({
      graph: {
        nodes: [
          { id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} },
          { id: 'h', type: 'http.request', name: 'Fetch', position: { x: 300, y: 0 }, params: {} },
        ],
        edges: [{ id: 'e', source: 't', target: 'h' }],
      },
    });
    const res = await owner.client.post(`/api/flows/${flow.id}/publish`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Fetch: URL is required');
  });

  it('refuses to publish code or expressions that do not parse, naming the step and the field', async () => {
    const graph = (code: string, text: string) => ({
      nodes: [
        { id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} },
        { id: 'c', type: 'code', name: 'Shape', position: { x: 300, y: 0 }, params: { code } },
        {
          id: 's',
          type: 'set',
          name: 'Greet',
          position: { x: 600, y: 0 },
          params: { assignments: [{ name: 'greeting', value: text }] },
        },
      ],
      edges: [
        { id: 'e1', source: 't', target: 'c' },
        { id: 'e2', source: 'c', target: 's' },
      ],
    });
    const flow = await newFlow({ graph: graph('return items.map((i) => ({ a: i.x ));', 'Hello {{ $json.a }}') });
    const code = await owner.client.post(`/api/flows/${flow.id}/publish`, {});
    expect(code.status).toBe(400);
    expect(code.body.error).toMatchObject({
      code: 'bad_request',
      message: 'Shape: JavaScript: Syntax error on line 1: Unexpected token',
      field: 'graph.nodes.1.params.code',
    });

    await owner.client.patch(`/api/flows/${flow.id}`, { graph: graph('return items;', 'Hello {{ $json.a') });
    const unclosed = await owner.client.post(`/api/flows/${flow.id}/publish`, {});
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.error.message).toBe('Greet: Fields: {{ is not closed with }}');
    expect(unclosed.body.error.field).toBe('graph.nodes.2.params.assignments');

    await owner.client.patch(`/api/flows/${flow.id}`, { graph: graph('return items;', 'Hello {{ $json.a }}') });
    expect((await owner.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(200);
    // Another account cannot learn anything about it, not even that it would publish.
    expect((await stranger.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(404);
  });

  it('duplicates, exports, imports and creates from a template', async () => {
    const flow = await newFlow({ name: 'Original', graph: webhookGraph });
    const copy = await owner.client.post(`/api/flows/${flow.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Original (copy)', publishedVersion: null });
    expect(copy.body.webhookId).not.toBe(flow.webhookId);

    const exported = await owner.client.get(`/api/flows/${flow.id}/export`);
    expect(exported.headers.get('content-disposition')).toContain('Original.flow.json');
    expect(exported.body).toMatchObject({ flowmind: 'flow', version: 1, name: 'Original' });
    const imported = await newFlow({ name: exported.body.name, graph: exported.body.graph });
    expect(imported.graph).toEqual(flow.graph);

    const templates = await owner.client.get('/api/flow-templates');
    expect(templates.body.length).toBeGreaterThan(0);
    const fromTemplate = await newFlow({ templateId: templates.body[0].id, name: templates.body[0].name });
    expect(fromTemplate.triggerType).toBe(templates.body[0].triggerType);
    expect((await owner.client.post('/api/flows', { accountId: accountId(), templateId: 'nope' })).status).toBe(400);
  });

  it('keeps another account’s flows out of reach (404)', async () => {
    const flow = await newFlow({ graph: webhookGraph });
    const them = stranger.client;
    expect((await them.get(`/api/flows/${flow.id}`)).status).toBe(404);
    expect((await them.patch(`/api/flows/${flow.id}`, { name: 'mine' })).status).toBe(404);
    expect((await them.delete(`/api/flows/${flow.id}`)).status).toBe(404);
    expect((await them.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(404);
    expect((await them.post(`/api/flows/${flow.id}/duplicate`)).status).toBe(404);
    expect((await them.get(`/api/flows/${flow.id}/versions`)).status).toBe(404);
    expect((await them.get(`/api/flows/${flow.id}/export`)).status).toBe(404);
    expect((await them.get(`/api/flows?accountId=${accountId()}`)).status).toBe(404);
    expect((await them.post('/api/flows', { accountId: accountId() })).status).toBe(404);
  });
});
