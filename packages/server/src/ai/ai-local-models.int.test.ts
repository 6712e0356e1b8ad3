import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import {
  businessAccountWithMember,
  signUpVerified,
  startTestServer,
  TEST_SECRET,
  type TestServer,
} from '../test/test-server';
import { accountAiModels } from './ai-models';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

const KEY = 'sk-local-9d2e4b7a1c';

// A local model server on loopback, its port opened the way FLOWMIND_AI_LOCAL_PORTS opens 11434
// and 1234; nothing else private is allowed on this server.
let model: OpenAiServer;
let modelPort: number;
/** Another loopback service, standing for the app's own API or a database. */
let otherPort: number;
let server: TestServer;
let owner: Member;

beforeAll(async () => {
  model = await startOpenAiServer({ apiKey: KEY, models: ['llama3.2'], reply: () => 'OK' });
  modelPort = Number(new URL(model.baseUrl).port);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  otherPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  server = await startTestServer({
    FLOWMIND_AI_LOCAL_PORTS: String(modelPort),
    OPENAI_BASE_URL: '',
    OPENAI_API_KEY: '',
  });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
});
afterAll(async () => {
  await server.close();
  await model.close();
});

const accountOf = (member: Member) => member.user.personalAccountId as string;
const localUrl = (port: number, host = '127.0.0.1') => `http://${host}:${port}/v1`;
const provider = (member: Member, baseUrl: string) => ({
  accountId: accountOf(member),
  kind: 'openai-compatible',
  name: 'Ollama',
  baseUrl,
  apiKey: KEY,
  models: ['llama3.2'],
});
const refusedLocal = (port: number, host = '127.0.0.1') =>
  `Local model servers are allowed on port ${modelPort} only. The server's operator can allow ${host}:${port} with FLOWMIND_HTTP_ALLOW_HOSTS=${host}:${port}.`;

describe('AI providers on this machine (FLOWMIND_AI_LOCAL_PORTS)', () => {
  it('saves a provider on loopback at an allowed port, and it answers', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const created = await owner.client.post('/api/ai/providers', provider(owner, localUrl(modelPort, host)));
      expect(created.status, created.text).toBe(201);
      const tested = await owner.client.post(`/api/ai/providers/${created.body.id}/test`, {
        accountId: accountOf(owner),
      });
      expect(tested.body).toEqual({ ok: true, message: 'llama3.2 answered: OK' });
      expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

      const models = accountAiModels({ db: server.db, secret: TEST_SECRET, localPorts: [modelPort] });
      const resolved = await models.resolve(accountOf(owner));
      const answer = await generateText({ model: resolved!.model, prompt: 'Hi', maxRetries: 0 });
      expect(answer.text).toBe('OK');
      await owner.client.delete(`/api/ai/providers/${created.body.id}`);
    }
  });

  it('refuses to save one on another loopback port, naming the field and the allowed ports', async () => {
    const count = model.requests.length;
    for (const host of ['127.0.0.1', 'localhost']) {
      const res = await owner.client.post('/api/ai/providers', provider(owner, localUrl(otherPort, host)));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'baseUrl', message: refusedLocal(otherPort, host) });
    }
    const ipv6 = await owner.client.post('/api/ai/providers', provider(owner, 'http://[::1]:5432/v1'));
    expect(ipv6.body.error).toMatchObject({ field: 'baseUrl', message: refusedLocal(5432, '[::1]') });
    expect((await owner.client.get(`/api/ai/models?accountId=${accountOf(owner)}`)).body.providers).toEqual([]);
    expect(model.requests.length).toBe(count);
  });

  it('opens loopback only: other private addresses on the same port stay refused', async () => {
    for (const baseUrl of [
      localUrl(modelPort, '10.0.0.7'),
      localUrl(modelPort, '0.0.0.0'),
      localUrl(modelPort, '[fd00::2]'),
    ]) {
      const res = await owner.client.post('/api/ai/providers', provider(owner, baseUrl));
      expect(res.status, baseUrl).toBe(400);
      const hostPort = new URL(baseUrl).host;
      expect(res.body.error).toEqual({
        code: 'bad_request',
        field: 'baseUrl',
        message: `${hostPort} is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=${hostPort}.`,
      });
    }
  });

  it('refuses to move a saved provider to a refused endpoint, and keeps the old one', async () => {
    const created = await owner.client.post('/api/ai/providers', provider(owner, localUrl(modelPort)));
    const moved = await owner.client.patch(`/api/ai/providers/${created.body.id}`, { baseUrl: localUrl(otherPort) });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ field: 'baseUrl', message: refusedLocal(otherPort) });
    const listed = await owner.client.get(`/api/ai/models?accountId=${accountOf(owner)}`);
    expect(listed.body.providers[0].baseUrl).toBe(localUrl(modelPort));
    await owner.client.delete(`/api/ai/providers/${created.body.id}`);
  });

  it('tries a provider before it is saved: the answer, or the refusal at baseUrl', async () => {
    const draft = { accountId: accountOf(owner), kind: 'openai-compatible', model: 'llama3.2' };
    const works = await owner.client.post('/api/ai/providers/test', {
      ...draft,
      baseUrl: localUrl(modelPort),
      apiKey: KEY,
    });
    expect(works.status, works.text).toBe(200);
    expect(works.body).toEqual({ ok: true, message: 'llama3.2 answered: OK' });

    const badKey = await owner.client.post('/api/ai/providers/test', {
      ...draft,
      baseUrl: localUrl(modelPort),
      apiKey: 'sk-wrong',
    });
    expect(badKey.body.ok).toBe(false);
    expect(badKey.body.message).toMatch(/refused the API key \(401\)/);

    const count = model.requests.length;
    const refused = await owner.client.post('/api/ai/providers/test', { ...draft, baseUrl: localUrl(otherPort) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ field: 'baseUrl', message: refusedLocal(otherPort) });
    expect(model.requests.length).toBe(count);

    const noModel = await owner.client.post('/api/ai/providers/test', {
      ...draft,
      model: ' ',
      baseUrl: localUrl(modelPort),
    });
    expect(noModel.status).toBe(400);
    expect(noModel.body.error.field).toBe('model');
  });

  it("while editing, tries the new endpoint with the provider's saved key; only managers of its account may", async () => {
    const created = await owner.client.post('/api/ai/providers', provider(owner, localUrl(modelPort, 'localhost')));
    const edit = {
      accountId: accountOf(owner),
      kind: 'openai-compatible',
      model: 'llama3.2',
      providerId: created.body.id,
      baseUrl: localUrl(modelPort),
    };
    expect((await owner.client.post('/api/ai/providers/test', edit)).body).toEqual({
      ok: true,
      message: 'llama3.2 answered: OK',
    });
    expect(model.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const withoutKey = await owner.client.post('/api/ai/providers/test', { ...edit, apiKey: null });
    expect(withoutKey.body.message).toMatch(/refused the API key \(401\)/);

    const { accountId: businessId, colleague } = await businessAccountWithMember(server, owner, {
      name: 'Local Co',
      handle: 'local-co',
      member: { name: 'Kai', email: 'kai@example.com' },
    });
    const asMember = await colleague.client.post('/api/ai/providers/test', { ...edit, accountId: businessId });
    expect(asMember.status).toBe(403);
    // Another account's provider lends no key: it is not found from here.
    const elsewhere = await owner.client.post('/api/ai/providers/test', { ...edit, accountId: businessId });
    expect(elsewhere.status).toBe(404);
    const stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
    const foreign = await stranger.client.post('/api/ai/providers/test', { ...edit, accountId: accountOf(stranger) });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(KEY);
    await owner.client.delete(`/api/ai/providers/${created.body.id}`);
  });

  it('a provider saved before the ports changed is still refused when called', async () => {
    const created = await owner.client.post('/api/ai/providers', provider(owner, localUrl(modelPort)));
    const count = model.requests.length;
    const closed = accountAiModels({ db: server.db, secret: TEST_SECRET, localPorts: [11434, 1234] });
    const resolved = await closed.resolve(accountOf(owner));
    await expect(generateText({ model: resolved!.model, prompt: 'Hi', maxRetries: 0 })).rejects.toThrow(
      `Refused to connect to 127.0.0.1: local model servers are allowed on ports 11434 and 1234 only. The server's operator can allow this one with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${modelPort}.`,
    );
    const none = accountAiModels({ db: server.db, secret: TEST_SECRET });
    await expect(
      generateText({ model: (await none.resolve(accountOf(owner)))!.model, prompt: 'Hi', maxRetries: 0 }),
    ).rejects.toThrow(`Refused to connect to 127.0.0.1: it is a private address.`);
    expect(model.requests.length).toBe(count);
    await owner.client.delete(`/api/ai/providers/${created.body.id}`);
  });

  it("does not open those ports to flows' HTTP steps", async () => {
    const graph = {
      nodes: [
        { id: 't', type: 'trigger.manual', name: 'Start', params: {}, position: { x: 0, y: 0 } },
        {
          id: 'get',
          type: 'http.request',
          name: 'Local model',
          params: { url: `${localUrl(modelPort)}/models` },
          position: { x: 300, y: 0 },
        },
      ],
      edges: [{ id: 'e0', source: 't', target: 'get', sourceHandle: 'main', targetHandle: 'main' }],
    };
    const flow = await owner.client.post('/api/flows', { accountId: accountOf(owner), name: 'Probe', graph });
    expect(flow.status, flow.text).toBe(201);
    expect((await owner.client.post(`/api/flows/${flow.body.id}/publish`, {})).status).toBe(200);
    const run = await owner.client.post(`/api/flows/${flow.body.id}/run`, {});
    expect(run.status, run.text).toBe(201);
    let execution = (await owner.client.get(`/api/executions/${run.body.id}`)).body;
    while (!['succeeded', 'failed', 'cancelled'].includes(execution.status)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      execution = (await owner.client.get(`/api/executions/${run.body.id}`)).body;
    }
    expect(execution.status).toBe('failed');
    expect(execution.steps.find((s: { nodeId: string }) => s.nodeId === 'get').error).toBe(
      `Refused to connect to 127.0.0.1: it is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${modelPort}.`,
    );
  });
});
