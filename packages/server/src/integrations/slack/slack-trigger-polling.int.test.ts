import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followEventSupport } from '../../flows/triggers/integration-triggers';
import { connectThroughOAuth } from '../../test/integration-connect';
import {
  draftTriggerFlow,
  pollNow,
  primed,
  publishTriggerFlow,
  runItems,
  triggerRow,
} from '../../test/integration-triggers';
import { type SlackServer, startSlackServer } from '../../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

/**
 * The Slack "New message" trigger on a server without SLACK_SIGNING_SECRET: it reads the channel
 * through conversations.history (the official client against the local Slack server), one run
 * per new message, none for what was there before publishing, none twice.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let slack: SlackServer;
let server: TestServer;
let owner: Member;
let connectionId: string;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  server = await startTestServer(slack.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  connectionId = (await connectThroughOAuth(owner, 'slack')).id;
});
afterAll(async () => {
  await server?.close();
  await slack?.close();
});

const texts = (items: Record<string, unknown>[]) => items.map((item) => item.text);

describe('Slack New message, polling', () => {
  it('says it polls, sends nothing from before publishing, then one run per new message, oldest first', async () => {
    slack.postAs('C0GENERAL', 'U0ANN', 'Before publishing');
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0GENERAL' });
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({ mode: 'polling', listening: true, status: 'listening', message: null });
    await primed(server, flow.id);

    slack.postAs('C0GENERAL', 'U0ANN', 'First');
    slack.postAs('C0RANDOM', 'U0ANN', 'Another channel');
    slack.postAs('C0GENERAL', 'U0BOT', 'The app’s own message');
    slack.postAs('C0GENERAL', 'U0BOB', 'Second');
    await pollNow(server, flow.id);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 2,
    );
    expect(texts(items)).toEqual(['First', 'Second']);
    expect(items[0]).toMatchObject({ channel: 'C0GENERAL', user: 'U0ANN', threadTs: null });
    expect(String(items[0]?.ts)).toMatch(/^\d+\.\d+$/);

    // Another poll with nothing new starts nothing, and does not send the same messages again.
    await pollNow(server, flow.id);
    expect(texts(await runItems(server, flow.id))).toEqual(['First', 'Second']);
    slack.postAs('C0GENERAL', 'U0ANN', 'Third');
    await pollNow(server, flow.id);
    await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 3,
    );
    expect(texts(await runItems(server, flow.id))).toEqual(['First', 'Second', 'Third']);
    // It read the history with the connection's token.
    const history = slack.calls.filter((call) => call.method === 'conversations.history');
    expect(history.length).toBeGreaterThan(0);
    expect(slack.accessTokens.has(history.at(-1)?.token ?? '')).toBe(true);
  });

  it('only mentions of the app, when asked', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId,
      channel: 'G0SECRET',
      only: 'mentions',
    });
    await primed(server, flow.id);
    slack.postAs('G0SECRET', 'U0ANN', 'No mention here');
    slack.postAs('G0SECRET', 'U0ANN', 'Hey <@U0BOT>, file this');
    await pollNow(server, flow.id);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    await pollNow(server, flow.id);
    expect(texts(await runItems(server, flow.id))).toEqual(['Hey <@U0BOT>, file this']);
    expect(items).toHaveLength(1);
  });

  it('stops with the reason when Slack revoked the token, and listens again once reconnected', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0GENERAL' });
    await primed(server, flow.id);
    slack.setTokenError('token_revoked');
    try {
      const row = await pollNow(server, flow.id);
      expect(row?.status).toBe('stopped');
    } finally {
      slack.setTokenError(null);
    }
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'polling', status: 'stopped' });
    expect(status.body.message).toContain('Reconnect Slack (Acme) in Integrations');
    // Stopped, it is not polled again (no loop of failing calls).
    const calls = slack.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(slack.calls.length).toBe(calls);
    expect((await triggerRow(server, flow.id))?.status).toBe('stopped');

    await connectThroughOAuth(owner, 'slack');
    await waitFor(
      () => triggerRow(server, flow.id),
      (row) => row?.status === 'listening',
    );
    slack.postAs('C0GENERAL', 'U0ANN', 'After reconnecting');
    await pollNow(server, flow.id);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    expect(texts(items)).toEqual(['After reconnecting']);
  });

  it('publishing again with the same settings keeps its place: nothing missed, nothing twice', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0RANDOM' });
    const { cursor } = await primed(server, flow.id).then((row) => ({ cursor: row?.cursor }));
    slack.postAs('C0RANDOM', 'U0ANN', 'While publishing again');
    const again = await owner.client.post(`/api/flows/${flow.id}/publish`, {});
    expect(again.status, again.text).toBe(200);
    expect((await triggerRow(server, flow.id))?.cursor).toEqual(cursor);
    await pollNow(server, flow.id);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    await pollNow(server, flow.id);
    expect(texts(items)).toEqual(['While publishing again']);
    expect(texts(await runItems(server, flow.id))).toEqual(['While publishing again']);
  });

  it('follows the server when it starts: to events once a signing secret is set, back to polling without, afresh', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0GENERAL' });
    await primed(server, flow.id);
    expect(await followEventSupport(server.db, { eventsReady: () => true })).toBeGreaterThanOrEqual(1);
    expect(await triggerRow(server, flow.id)).toMatchObject({ mode: 'events', cursor: null });
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'events', listening: true });
    // Already where it should be: nothing moves.
    expect(await followEventSupport(server.db, { eventsReady: () => true })).toBe(0);
    // Back to polling: the first poll records where the channel is, so what came meanwhile starts nothing.
    slack.postAs('C0GENERAL', 'U0ANN', 'While the server was restarting');
    expect(await followEventSupport(server.db, { eventsReady: () => false })).toBeGreaterThanOrEqual(1);
    const row = await primed(server, flow.id);
    expect(row).toMatchObject({ mode: 'poll' });
    expect(row?.cursor).not.toBeNull();
    slack.postAs('C0GENERAL', 'U0ANN', 'After the restart');
    await pollNow(server, flow.id);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    expect(texts(items)).toEqual(['After the restart']);
  });

  it('turned off, it stops listening; unpublished flows have no trigger row', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0GENERAL' });
    expect(await triggerRow(server, flow.id)).toBeDefined();
    const off = await owner.client.patch(`/api/flows/${flow.id}`, { active: false });
    expect(off.status, off.text).toBe(200);
    expect(await triggerRow(server, flow.id)).toBeUndefined();
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'polling', listening: false, status: null });
  });

  it('listening for a test event in the editor pins the first new message, not what was there before', async () => {
    slack.postAs('C0RANDOM', 'U0ANN', 'Already there');
    const created = await draftTriggerFlow(owner, 'trigger.slack.newMessage', { connectionId, channel: 'C0RANDOM' });
    const listening = owner.client.post(`/api/flows/${created.id}/test-listen`, { nodeId: 'trigger' });
    // Once the listen has read where the channel is, a new message is the test event.
    await waitFor(
      async () => slack.calls.filter((call) => call.method === 'conversations.history').length,
      (count) => count > 0,
    );
    const before = slack.calls.length;
    await waitFor(
      async () => slack.calls.length,
      (count) => count > before,
    );
    slack.postAs('C0RANDOM', 'U0BOB', 'Testing, testing');
    const result = await listening;
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ received: true, pin: { nodeId: 'trigger', source: 'test_event' } });
    expect(result.body.pin.output.main[0]).toMatchObject({ text: 'Testing, testing', channel: 'C0RANDOM' });
    // A draft listening starts no run and leaves no trigger row.
    expect(await runItems(server, created.id)).toEqual([]);
    expect(await triggerRow(server, created.id)).toBeUndefined();
  });

  it('a test listen without a connection is refused at once, in words', async () => {
    const created = await draftTriggerFlow(owner, 'trigger.slack.newMessage', {});
    const res = await owner.client.post(`/api/flows/${created.id}/test-listen`, { nodeId: 'trigger' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      received: false,
      reason: 'failed',
      message: 'Choose a Slack connection for the trigger first',
    });
  });

  it('a draft naming another account’s connection cannot listen through it', async () => {
    const stranger = await signUpVerified(server, { name: 'Eve', email: 'eve-listen@example.com' });
    const theirs = (await connectThroughOAuth(stranger, 'slack')).id;
    const created = await draftTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId: theirs,
      channel: 'C0GENERAL',
    });
    const calls = slack.calls.length;
    const res = await owner.client.post(`/api/flows/${created.id}/test-listen`, { nodeId: 'trigger' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: false, reason: 'failed', message: 'Connection not found' });
    // Slack was never asked with the other account's token.
    expect(slack.calls.length).toBe(calls);
  });
});
