import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAndFinish, connectThroughOAuth } from '../../test/integration-connect';
import { type SlackServer, startSlackServer } from '../../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';

/**
 * Executions, not callers: 20 runs of a published flow on two server processes (each with its own
 * worker) find the connection's access token expiring. Exactly one refresh reaches Slack's token
 * endpoint, and every run posts with the token it gave.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let slack: SlackServer;
let first: TestServer;
let second: TestServer;
let owner: Member;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  first = await startTestServer(slack.env);
  second = await startTestServer(slack.env, { shareWith: first });
  owner = await signUpVerified(first, { name: 'Ada', email: 'ada@example.com' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await slack?.close();
});

describe('an expired token under concurrent executions', () => {
  it('is refreshed once across two processes, and all 20 runs post with the new token', async () => {
    // Granted with a minute left: within the refresh margin, so every run finds it due.
    slack.setExpiresIn(60);
    const connection = await connectThroughOAuth(owner, 'slack');
    slack.setExpiresIn(43_200);
    const graph = {
      nodes: [
        { id: 'hook', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: { method: 'POST' } },
        {
          id: 'slack',
          type: 'slack.sendMessage',
          name: 'Tell the team',
          position: { x: 300, y: 0 },
          params: { connectionId: connection.id, channel: 'C0GENERAL', text: 'Order {{ $json.body.order }}' },
        },
      ],
      edges: [{ id: 'e1', source: 'hook', target: 'slack', sourceHandle: 'main', targetHandle: 'main' }],
    };
    const created = await owner.client.post('/api/flows', {
      accountId: owner.user.personalAccountId,
      name: 'Orders',
      graph,
    });
    expect(created.status, created.text).toBe(201);
    const flow = (await owner.client.post(`/api/flows/${created.body.id}/publish`, {})).body as { webhookId: string };
    const refreshesBefore = slack.tokenRequests.filter((r) => r.form.grant_type === 'refresh_token').length;
    const messagesBefore = slack.messages.length;

    const executions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callAndFinish(i % 2 ? second : first, owner, flow, { order: `A-${i}` })),
    );

    expect(executions.map((e) => e.status)).toEqual(Array(20).fill('succeeded'));
    const refreshes = slack.tokenRequests.filter((r) => r.form.grant_type === 'refresh_token');
    expect(refreshes.length - refreshesBefore).toBe(1);
    const posted = slack.messages.slice(messagesBefore);
    expect(posted.map((m) => m.text).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Order A-${i}`).sort());
    // One token for all: the one the single refresh gave, still valid at Slack.
    expect(new Set(posted.map((m) => m.token)).size).toBe(1);
    expect(slack.accessTokens.has(posted[0]?.token ?? '')).toBe(true);
  });
});
