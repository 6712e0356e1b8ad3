import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackServer, startSlackServer } from '../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

/** "Used by": the flows of the connection's account whose draft or published graph name it. */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let slack: SlackServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

const accountOf = (member: Member) => member.user.personalAccountId;

async function connect(member: Member) {
  const started = await member.client.post('/api/integrations/slack/connect', { accountId: accountOf(member) });
  expect(started.status, started.text).toBe(200);
  const consent = await fetch(started.body.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const res = await member.client.post('/api/integrations/complete', {
    provider: 'slack',
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.connection.id as string;
}

const graphNaming = (connection: string | null) => ({
  nodes: [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: { method: 'POST' } },
    ...(connection
      ? [
          {
            id: 'slack',
            type: 'slack.sendMessage',
            name: 'Tell the team',
            position: { x: 300, y: 0 },
            params: { connectionId: connection, channel: 'C0GENERAL', text: 'Hello' },
          },
        ]
      : []),
  ],
  edges: connection ? [{ id: 'e1', source: 'hook', target: 'slack', sourceHandle: 'main', targetHandle: 'main' }] : [],
});

async function flowOf(member: Member, name: string, connection: string | null) {
  const created = await member.client.post('/api/flows', {
    accountId: accountOf(member),
    name,
    graph: graphNaming(connection),
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; revision: number };
}

async function usedBy(member: Member, connectionId: string) {
  const res = await member.client.get(`/api/integrations?accountId=${accountOf(member)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.connections.find((c: { id: string }) => c.id === connectionId)?.usedBy;
}

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  server = await startTestServer(slack.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server?.close();
  await slack?.close();
});

describe('what uses a connection', () => {
  it('lists the flows whose draft or published graph name it, in its account only, not those in the trash', async () => {
    const connectionId = await connect(owner);
    expect(await usedBy(owner, connectionId)).toEqual({ flows: [], agents: [] });

    const draft = await flowOf(owner, 'Draft alerts', connectionId);
    await flowOf(owner, 'Unrelated', null);
    // Published with the connection, then the draft dropped it: the published version still runs.
    const published = await flowOf(owner, 'Orders', connectionId);
    const publish = await owner.client.post(`/api/flows/${published.id}/publish`, {});
    expect(publish.status, publish.text).toBe(200);
    const current = await owner.client.get(`/api/flows/${published.id}`);
    const edited = await owner.client.patch(`/api/flows/${published.id}`, {
      graph: graphNaming(null),
      baseRevision: current.body.revision,
    });
    expect(edited.status, edited.text).toBe(200);
    const trashed = await flowOf(owner, 'Old', connectionId);
    expect((await owner.client.delete(`/api/flows/${trashed.id}`)).status).toBe(204);
    // Another account naming this id does not use it: its steps could never reach it.
    await flowOf(stranger, 'Sneaky', connectionId);

    expect(await usedBy(owner, connectionId)).toEqual({
      flows: [
        { id: draft.id, name: 'Draft alerts' },
        { id: published.id, name: 'Orders' },
      ],
      agents: [],
    });

    const renamed = await owner.client.patch(`/api/integrations/connections/${connectionId}`, { name: 'Acme HQ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.usedBy.flows).toHaveLength(2);
  });
});
