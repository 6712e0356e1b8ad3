import { afterAll, beforeAll, expect } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { waitFor } from '../test/wait';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

/*
 * What the engine test files share. `useEngineServer()` starts the file's own test server (HTTP
 * steps may reach localhost, an inbound SMTP port) with two members in beforeAll; `server`,
 * `owner` and `stranger` are live bindings, set once that has run.
 */
export let server: TestServer;
export let owner: Member;
export let stranger: Member;

export function useEngineServer() {
  beforeAll(async () => {
    server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost', SMTP_INBOUND_PORT: '0' });
    owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
    stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  });
  afterAll(() => server.close());
}

export const accountId = () => owner.user.personalAccountId as string;
export type Node = {
  id: string;
  type: string;
  name: string;
  params?: Record<string, unknown>;
  settings?: Record<string, unknown>;
};

export function graph(nodes: Node[], edges: [string, string, string?, string?][]) {
  return {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: edges.map(([source, target, sourceHandle = 'main', targetHandle = 'main'], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle,
      targetHandle,
    })),
  };
}

export async function createFlow(g: ReturnType<typeof graph>, { publish = true } = {}) {
  const res = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Test flow', graph: g });
  expect(res.status, res.text).toBe(201);
  if (publish) {
    const published = await owner.client.post(`/api/flows/${res.body.id}/publish`, {});
    expect(published.status, published.text).toBe(200);
    return published.body;
  }
  return res.body;
}

export const finished = (id: string) =>
  waitFor(
    async () => (await owner.client.get(`/api/executions/${id}`)).body,
    (e) => ['succeeded', 'failed', 'cancelled'].includes(e?.status),
  );

export const stepOf = (execution: { steps: { nodeId: string }[] }, nodeId: string) =>
  execution.steps.find((s) => s.nodeId === nodeId) as
    | {
        status: string;
        output: Record<string, unknown[]>;
        input: Record<string, unknown[]>;
        error: string;
        attempts: number;
        startedAt: string;
        logs: { message: string }[];
      }
    | undefined;
