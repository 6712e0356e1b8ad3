import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { executionSteps, executions } from '../../db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('execution errors shown by the API', () => {
  it('never quote a failed query, even one saved before errors were cleaned on the way in', async () => {
    const { client, user } = await signUpVerified(server, { name: 'Old', email: 'old@example.com' });
    const accountId = user.personalAccountId;
    const graph = { nodes: [{ id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} }] };
    const flow = await client.post('/api/flows', { accountId, name: 'Old runs', graph: { ...graph, edges: [] } });
    expect(flow.status, flow.text).toBe(201);
    // What a failed shared batch used to save: the statement, with another account's ids and body.
    const leaked =
      'Flowmind could not finish this run: Failed query: with inserted as (insert into executions (id, account_id) ' +
      'select id from jsonb_to_recordset($1::jsonb)) select id from ended\nparams: [{"accountId":"acc_someone_else"}]';
    const id = newId('exe');
    await server.db.insert(executions).values({
      id,
      accountId,
      flowId: flow.body.id,
      status: 'failed',
      mode: 'manual',
      trigger: [{}],
      // Saved before the API spoke camelCase: the step under snake_case keys.
      error: { node_id: 't', node_name: 'Start', message: leaked },
      finishedAt: new Date(),
    });
    await server.db.insert(executionSteps).values({
      id: newId('stp'),
      executionId: id,
      accountId,
      nodeId: 't',
      nodeName: 'Start',
      nodeType: 'trigger.manual',
      runIndex: 0,
      status: 'failed',
      input: {},
      logs: [],
      error: leaked,
      attempts: 1,
      startedAt: new Date(),
    });
    const detail = await client.get(`/api/executions/${id}`);
    const list = await client.get(`/api/executions?flowId=${flow.body.id}`);
    expect([detail.status, list.status]).toEqual([200, 200]);
    expect(detail.body.error.message).toMatch(/^Flowmind could not finish this run: a database error/);
    expect(detail.body.error).toMatchObject({ nodeId: 't', nodeName: 'Start' });
    expect(detail.body.error).not.toHaveProperty('node_id');
    expect(list.body.executions.map((e: { id: string }) => e.id)).toContain(id);
    for (const text of [detail.text, list.text]) {
      expect(text).not.toMatch(/insert into|select |Failed query|params:/i);
      expect(text).not.toContain('acc_someone_else');
    }
  });
});
