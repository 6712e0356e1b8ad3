import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleServer, startGoogleServer } from '../../test/google-server';
import { connectThroughOAuth } from '../../test/integration-connect';
import { pollNow, primed, publishTriggerFlow, runItems, triggerRow } from '../../test/integration-triggers';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

/**
 * The Google Calendar "New or changed event" trigger: the calendar is read with sync tokens (the
 * local server speaks Calendar v3's), one run per new event, per change or cancellation as chosen,
 * none for events from before publishing, none twice, and a refused sync token (410) starts over
 * quietly.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let google: GoogleServer;
let server: TestServer;
let owner: Member;
let connectionId: string;

beforeAll(async () => {
  google = await startGoogleServer({ clientId: 'flowmind.apps.example', clientSecret: 'google-secret' });
  server = await startTestServer(google.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  connectionId = (await connectThroughOAuth(owner, 'google')).id;
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

const when = { start: { dateTime: '2026-12-01T10:00:00Z' }, end: { dateTime: '2026-12-01T11:00:00Z' } };
const runs = async (flowId: string) => (await runItems(server, flowId)).map((item) => `${item.summary}:${item.event}`);
const settled = (flowId: string, count: number) =>
  waitFor(
    () => runItems(server, flowId),
    (list) => list.length >= count,
  );

describe('Google Calendar New or changed event', () => {
  it('starts one run per new event, per change or cancellation as chosen; nothing from before, nothing twice', async () => {
    google.addEvent({ summary: 'Written before', ...when });
    const flows = {
      new: await publishTriggerFlow(owner, 'trigger.google.eventChanged', {
        connectionId,
        calendarId: 'primary',
        on: 'new',
      }),
      changed: await publishTriggerFlow(owner, 'trigger.google.eventChanged', { connectionId, calendarId: 'primary' }),
      cancelled: await publishTriggerFlow(owner, 'trigger.google.eventChanged', {
        connectionId,
        calendarId: 'primary',
        on: 'cancelled',
      }),
    };
    for (const flow of Object.values(flows)) await primed(server, flow.id);

    const standup = google.addEvent({ summary: 'Standup', ...when });
    for (const flow of Object.values(flows)) await pollNow(server, flow.id);
    for (const flow of Object.values(flows)) await settled(flow.id, 1);

    google.changeEvent(standup.id, { location: 'Room 4' });
    for (const flow of Object.values(flows)) await pollNow(server, flow.id);
    await settled(flows.changed.id, 2);
    await settled(flows.cancelled.id, 2);

    google.cancelEvent(standup.id);
    for (const flow of Object.values(flows)) await pollNow(server, flow.id);
    await settled(flows.cancelled.id, 3);
    // Another poll with nothing new starts nothing.
    for (const flow of Object.values(flows)) await pollNow(server, flow.id);

    expect(await runs(flows.new.id)).toEqual(['Standup:created']);
    expect(await runs(flows.changed.id)).toEqual(['Standup:created', 'Standup:changed']);
    expect((await runItems(server, flows.cancelled.id)).map((item) => item.event)).toEqual([
      'created',
      'changed',
      'cancelled',
    ]);
    const [first] = await runItems(server, flows.changed.id);
    expect(first).toMatchObject({ id: standup.id, summary: 'Standup', start: '2026-12-01T10:00:00Z' });
  });

  it('starts over quietly when Google refuses the sync token (410), then goes on as before', async () => {
    const flow = await publishTriggerFlow(owner, 'trigger.google.eventChanged', {
      connectionId,
      calendarId: 'primary',
    });
    await primed(server, flow.id);
    google.addEvent({ summary: 'Before the reset', ...when });
    google.expireSyncTokens();
    const before = (await triggerRow(server, flow.id))?.cursor;
    await pollNow(server, flow.id);
    expect((await triggerRow(server, flow.id))?.cursor).not.toEqual(before);
    // The full sync after a 410 starts no run: the events it reads are not known to be new.
    expect(await runItems(server, flow.id)).toEqual([]);
    google.addEvent({ summary: 'After the reset', ...when });
    await pollNow(server, flow.id);
    await settled(flow.id, 1);
    expect(await runs(flow.id)).toEqual(['After the reset:created']);
  });

  it('never starts a flow of another account from this connection', async () => {
    const stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
    const refused = await stranger.client.post('/api/flows', {
      accountId: stranger.user.personalAccountId,
      name: 'Borrowed',
      graph: {
        nodes: [
          {
            id: 'trigger',
            type: 'trigger.google.eventChanged',
            name: 'Trigger',
            position: { x: 0, y: 0 },
            params: { connectionId, calendarId: 'primary' },
          },
        ],
        edges: [],
      },
    });
    expect(refused.status, refused.text).toBe(201);
    const published = await stranger.client.post(`/api/flows/${refused.body.id}/publish`, {});
    if (published.status === 200) {
      await pollNow(server, refused.body.id);
      google.addEvent({ summary: 'Not for Sam', ...when });
      await pollNow(server, refused.body.id);
      expect(await runItems(server, refused.body.id)).toEqual([]);
    } else expect(published.status).toBe(400);
  });
});
