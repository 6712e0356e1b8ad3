import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughOAuth, repointConnection } from '../../test/integration-connect';
import { publishTriggerFlow, runItems, triggerRow } from '../../test/integration-triggers';
import { type SlackServer, sendSlackEvent, startSlackServer } from '../../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

/**
 * Slack's Events API at POST /api/integrations/slack/events on a server with SLACK_SIGNING_SECRET:
 * signed requests only, the URL check, one run per message however often Slack retries, and an
 * event of one team starts only flows of accounts whose connection is that team.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

const SIGNING_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';

let slack: SlackServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;
let eventsUrl: string;
let eventNumber = 0;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  server = await startTestServer({ ...slack.env, SLACK_SIGNING_SECRET: SIGNING_SECRET });
  eventsUrl = `${server.baseUrl}/api/integrations/slack/events`;
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = (await connectThroughOAuth(owner, 'slack')).id;
  slack.setTeam('T0OTHER', 'Other Inc');
  strangersConnection = (await connectThroughOAuth(stranger, 'slack')).id;
  slack.setTeam('T0ACME', 'Acme');
});
afterAll(async () => {
  await server?.close();
  await slack?.close();
});

/** An event_callback as Slack sends it for a message in a channel the app is in. */
function messageEvent(
  team: string,
  channel: string,
  text: string,
  { type = 'message', user = 'U0ANN', subtype }: { type?: string; user?: string; subtype?: string } = {},
) {
  eventNumber += 1;
  const ts = `${1_800_000_000 + eventNumber}.000100`;
  return {
    token: 'deprecated-verification-token',
    team_id: team,
    api_app_id: 'A0APP',
    event: { type, channel, user, text, ts, event_ts: ts, channel_type: 'channel', ...(subtype ? { subtype } : {}) },
    type: 'event_callback',
    event_id: `Ev${String(eventNumber).padStart(8, '0')}`,
    event_time: 1_800_000_000 + eventNumber,
    authorizations: [{ team_id: team, user_id: 'U0BOT', is_bot: true }],
  };
}

const send = (payload: unknown, options: { timestamp?: number; retryNum?: number; secret?: string } = {}) =>
  sendSlackEvent(eventsUrl, payload, { signingSecret: options.secret ?? SIGNING_SECRET, ...options });

const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

describe('Slack Events API', () => {
  it('answers the URL check with its challenge', async () => {
    const res = await send({ token: 't', challenge: 'c-3a9f', type: 'url_verification' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: 'c-3a9f' });
  });

  it('refuses a request not signed with the signing secret, unsigned, or older than five minutes (401)', async () => {
    const check = { challenge: 'c', type: 'url_verification' };
    const wrong = await send(check, { secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toBe('The request is not signed by Slack, or is too old');
    const stale = await send(check, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.status).toBe(401);
    const unsigned = await fetch(eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(check),
    });
    expect(unsigned.status).toBe(401);
    // A body changed after signing does not pass either.
    const timestamp = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const signed = JSON.stringify(check);
    const signature = `v0=${createHmac('sha256', SIGNING_SECRET).update(`v0:${timestamp}:${signed}`).digest('hex')}`;
    const tampered = await fetch(eventsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signature,
      },
      body: JSON.stringify({ ...check, challenge: 'other' }),
    });
    expect(tampered.status).toBe(401);
  });

  it('says the trigger listens for events, and never polls the channel', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId: ownersConnection,
      channel: 'C0RANDOM',
    });
    const status = await owner.client.get(`/api/flows/${flow.id}/trigger-status`);
    expect(status.body).toMatchObject({ mode: 'events', listening: true, status: 'listening' });
    expect((await triggerRow(server, flow.id))?.mode).toBe('events');
    await settle();
    expect(slack.calls.filter((call) => call.method === 'conversations.history')).toEqual([]);
  });

  it('starts one run per message at once, however often Slack retries it', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId: ownersConnection,
      channel: 'C0GENERAL',
    });
    const event = messageEvent('T0ACME', 'C0GENERAL', 'Ship it');
    const started = Date.now();
    const res = await send(event);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const items = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    expect(items[0]).toEqual({
      channel: 'C0GENERAL',
      ts: event.event.ts,
      threadTs: null,
      user: 'U0ANN',
      text: 'Ship it',
      team: null,
    });
    for (const retryNum of [1, 2]) expect((await send(event, { retryNum })).status).toBe(200);
    await settle();
    expect(await runItems(server, flow.id)).toHaveLength(1);

    // Edits, the app's own messages and other channels start nothing.
    await send(messageEvent('T0ACME', 'C0GENERAL', 'Edited', { subtype: 'message_changed' }));
    await send(messageEvent('T0ACME', 'C0GENERAL', 'From the app', { user: 'U0BOT' }));
    await send(messageEvent('T0ACME', 'G0SECRET', 'Elsewhere'));
    await send(messageEvent('T0ACME', 'C0GENERAL', 'Next'));
    const after = await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 2,
    );
    await settle();
    expect((await runItems(server, flow.id)).map((item) => item.text)).toEqual(['Ship it', 'Next']);
    expect(after).toHaveLength(2);
  });

  it('with only mentions, takes app_mention events and not the plain message events', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId: ownersConnection,
      channel: 'G0SECRET',
      only: 'mentions',
    });
    await send(messageEvent('T0ACME', 'G0SECRET', 'Hi <@U0BOT>'));
    await send(messageEvent('T0ACME', 'G0SECRET', 'Hi <@U0BOT>, again', { type: 'app_mention' }));
    await waitFor(
      () => runItems(server, flow.id),
      (list) => list.length >= 1,
    );
    await settle();
    expect((await runItems(server, flow.id)).map((item) => item.text)).toEqual(['Hi <@U0BOT>, again']);
  });

  it('an event of a team starts only the flows of accounts whose connection is that team', async () => {
    const ownersFlow = await publishTriggerFlow(owner, 'trigger.slack.newMessage', {
      connectionId: ownersConnection,
      channel: 'C0OTHERS',
    });
    const strangersFlow = await publishTriggerFlow(stranger, 'trigger.slack.newMessage', {
      connectionId: strangersConnection,
      channel: 'C0OTHERS',
    });
    await send(messageEvent('T0OTHER', 'C0OTHERS', 'For Other Inc'));
    await waitFor(
      () => runItems(server, strangersFlow.id),
      (list) => list.length >= 1,
    );
    await send(messageEvent('T0ACME', 'C0OTHERS', 'For Acme'));
    await waitFor(
      () => runItems(server, ownersFlow.id),
      (list) => list.length >= 1,
    );
    // A team no account connected starts nothing.
    await send(messageEvent('T0NOBODY', 'C0OTHERS', 'For nobody'));
    await settle();
    expect((await runItems(server, ownersFlow.id)).map((item) => item.text)).toEqual(['For Acme']);
    expect((await runItems(server, strangersFlow.id)).map((item) => item.text)).toEqual(['For Other Inc']);
  });

  it('a flow naming another account’s connection hears nothing of that connection’s team', async () => {
    // The connection is looked up in the flow's own account only: not found there, nothing listens.
    const flow = await publishTriggerFlow(stranger, 'trigger.slack.newMessage', {
      connectionId: strangersConnection,
      channel: 'C0GENERAL',
    });
    // Publishing refuses another account's connection; one pointed there behind its back is still refused.
    await repointConnection(server, flow.id, strangersConnection, ownersConnection);
    await send(messageEvent('T0ACME', 'C0GENERAL', 'Not for Sam'));
    await settle();
    expect(await runItems(server, flow.id)).toEqual([]);
  });
});
