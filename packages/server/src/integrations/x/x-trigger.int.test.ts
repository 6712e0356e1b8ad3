import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughOAuth } from '../../test/integration-connect';
import { pollNow, primed, publishTriggerFlow, runItems, triggerRow } from '../../test/integration-triggers';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';
import { startXServer, type XServer } from '../../test/x-server';

/**
 * The X "New mention" trigger: the connected account's mentions are read (fetch against the local
 * X) after the newest one seen, one run per new post, oldest first, none from before publishing,
 * none twice.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let x: XServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let connectionId: string;

beforeAll(async () => {
  x = await startXServer({ clientId: 'x-client', clientSecret: 'x-secret' });
  server = await startTestServer(x.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  connectionId = (await connectThroughOAuth(owner, 'twitter')).id;
});
afterAll(async () => {
  await server?.close();
  await x?.close();
});

describe('X New mention', () => {
  it('records the cursor first, then starts one run per new mention, oldest first, with the author handle, never twice', async () => {
    const before = x.addMention({ text: '@ada_dev written before publishing' });
    // Polls read mentions only: who the connection is was learnt when it was made.
    const whoAmI = () => x.calls.filter((call) => call.path === '/2/users/me').length;
    const askedWhoBefore = whoAmI();
    const flow = await publishTriggerFlow(owner, 'trigger.twitter.newMention', { connectionId });
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'polling', listening: true });
    const row = await primed(server, flow.id);
    expect(row?.cursor).toEqual({ sinceId: before.id });
    expect(await runItems(server, flow.id)).toEqual([]);

    const first = x.addMention({ text: '@ada_dev first' });
    x.addMention({ text: '@ada_dev second' });
    await pollNow(server, flow.id);
    await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 2,
    );
    const items = await runItems(server, flow.id);
    expect(items.map((item) => item.text)).toEqual(['@ada_dev first', '@ada_dev second']);
    expect(items[0]).toMatchObject({
      id: first.id,
      url: `https://x.com/i/web/status/${first.id}`,
      authorUsername: 'XDevelopers',
      authorName: 'Developers',
      authorId: '2244994945',
    });
    const asked = x.calls.filter((call) => call.path.endsWith('/mentions')).at(-1);
    expect(asked?.path).toBe(`/2/users/${x.me.id}/mentions`);

    await pollNow(server, flow.id);
    expect(await runItems(server, flow.id)).toHaveLength(2);
    expect(whoAmI()).toBe(askedWhoBefore);
  });

  it('does not start another account’s flow', async () => {
    const created = await stranger.client.post('/api/flows', {
      accountId: stranger.user.personalAccountId,
      name: 'Borrowed connection',
      graph: {
        nodes: [
          {
            id: 'trigger',
            type: 'trigger.twitter.newMention',
            name: 'Trigger',
            position: { x: 0, y: 0 },
            params: { connectionId },
          },
        ],
        edges: [],
      },
    });
    expect(created.status, created.text).toBe(201);
    const published = await stranger.client.post(`/api/flows/${created.body.id}/publish`, {});
    expect(published.status).toBe(400);
    expect(published.body.error).toMatchObject({
      field: 'graph.nodes.0.params.connectionId',
      message: 'Trigger: choose a connection of this account for “Connection”',
    });
    expect(await triggerRow(server, created.body.id)).toBeUndefined();
  });

  it('stops with the reason when X refuses the token', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.twitter.newMention', { connectionId });
    await primed(server, flow.id);
    x.revokeAll();
    const row = await pollNow(server, flow.id);
    expect(row?.status).toBe('stopped');
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ status: 'stopped' });
    expect(status.body.message).toContain('Reconnect X');
    expect(status.body.message).not.toMatch(/select|insert|at .*\.ts/i);
  });
});
