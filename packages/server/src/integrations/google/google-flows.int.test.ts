import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../../db/schema-integrations';
import { type GoogleServer, startGoogleServer } from '../../test/google-server';
import {
  completeOAuth,
  connectThroughOAuth,
  consentAt,
  expectTestActsAs,
  callAndFinish as finished,
  publishWebhookFlow,
  repointConnection,
  startOAuth,
} from '../../test/integration-connect';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../../test/test-server';

/**
 * Google Calendar through the OAuth dance and in published flows: the token comes from the
 * connection of the flow's own account, refreshed when due, and what reaches Google is checked at
 * the local server.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;
type Step = { nodeId: string; output: { main: Record<string, unknown>[] } };

let google: GoogleServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const accountOf = (member: Member) => member.user.personalAccountId;
const connect = (member: Member) => connectThroughOAuth(member, 'google');

beforeAll(async () => {
  google = await startGoogleServer({ clientId: 'flowmind.apps.example', clientSecret: 'google-secret' });
  server = await startTestServer(google.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = (await connect(owner)).id;
  strangersConnection = (await connect(stranger)).id;
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** A published flow: webhook → one Google Calendar step. */
const publishedFlow = (member: Member, type: string, params: Record<string, unknown>) =>
  publishWebhookFlow(member, { id: 'google', type, name: 'Calendar', params });

/** Runs one step in a published flow of the member's account and gives the execution and the step's items. */
async function run(member: Member, type: string, params: Record<string, unknown>, body: unknown = {}) {
  const flow = await publishedFlow(member, type, { connectionId: ownersConnection, ...params });
  const execution = await finished(server, member, flow, body);
  const step = (execution.steps as Step[]).find((s) => s.nodeId === 'google');
  return { execution, items: step?.output?.main ?? [] };
}

describe('connecting Google Calendar', () => {
  it('asks for offline access with consent and PKCE, trades the code, and names the connection by the email', async () => {
    const authorizeUrl = await startOAuth(owner, 'google');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(google.env.GOOGLE_AUTHORIZE_URL);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'flowmind.apps.example',
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'openid email https://www.googleapis.com/auth/calendar',
      redirect_uri: `${TEST_APP_URL}/integrations/callback/google`,
      code_challenge_method: 'S256',
    });
    const back = await consentAt(authorizeUrl);
    const before = google.tokenRequests.length;
    const res = await completeOAuth(owner, 'google', back);
    expect(res.status, res.text).toBe(200);
    // The same Google account again is a reconnect of the one connection.
    expect(res.body.connection).toMatchObject({
      id: ownersConnection,
      provider: 'google',
      name: google.account.email,
      status: 'connected',
    });
    const [request] = google.tokenRequests.slice(before);
    expect(request?.form).toMatchObject({ grant_type: 'authorization_code', code: back.searchParams.get('code') });
    expect(request?.form.code_verifier).toMatch(/^[\w-]{43}$/);

    const list = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(list.body.providers).toContainEqual(
      expect.objectContaining({
        id: 'google',
        label: 'Google Calendar',
        configured: true,
        missing: [],
        redirectUri: `${TEST_APP_URL}/integrations/callback/google`,
      }),
    );
    expect(list.text).not.toMatch(/ya29\.|1\/\//);
  });

  it('refuses a code Google does not know, in words', async () => {
    const back = await consentAt(await startOAuth(owner, 'google'));
    const res = await owner.client.post('/api/integrations/complete', {
      provider: 'google',
      code: 'made-up',
      state: back.searchParams.get('state'),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      field: 'code',
      message: 'Google Calendar did not accept the authorization: it expired or was already used. Connect again.',
    });
  });
});

describe('webhook → Google Calendar', () => {
  it('creates a timed event with guests and a Meet link, with the token of the flow account’s connection', async () => {
    const { execution, items } = await run(
      owner,
      'google.createEvent',
      {
        summary: 'Call with {{ $json.body.name }}',
        start: '{{ $json.body.start }}',
        timeZone: 'Europe/Paris',
        attendees: 'ann@example.com, bob@example.com',
        location: 'Room 4',
        addMeet: true,
        sendUpdates: 'all',
      },
      { name: 'Ann', start: '2026-05-04T10:00' },
    );
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const event = google.events.at(-1);
    expect(event).toMatchObject({
      calendarId: google.account.email,
      summary: 'Call with Ann',
      location: 'Room 4',
      start: { dateTime: '2026-05-04T10:00:00', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-05-04T11:00:00', timeZone: 'Europe/Paris' },
      attendees: [{ email: 'ann@example.com' }, { email: 'bob@example.com' }],
    });
    expect(google.accessTokens.has(event?.token ?? '')).toBe(true);
    expect(google.calls.at(-1)?.query).toMatchObject({ sendUpdates: 'all', conferenceDataVersion: '1' });
    expect(items).toEqual([
      expect.objectContaining({
        id: event?.id,
        summary: 'Call with Ann',
        start: '2026-05-04T10:00:00',
        allDay: false,
        attendees: ['ann@example.com', 'bob@example.com'],
        meetLink: 'https://meet.google.com/abc-defg-hij',
      }),
    ]);
  });

  it('creates an all-day event on the team calendar, ending the next day', async () => {
    const { execution, items } = await run(owner, 'google.createEvent', {
      calendarId: google.teamCalendar,
      summary: 'Offsite',
      start: '2026-06-01',
    });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(google.events.at(-1)).toMatchObject({
      calendarId: google.teamCalendar,
      start: { date: '2026-06-01' },
      end: { date: '2026-06-02' },
    });
    expect(items[0]).toMatchObject({ allDay: true, start: '2026-06-01', end: '2026-06-02', meetLink: null });
  });

  it('says what Google refused and what to do: a calendar it may only read', async () => {
    const { execution } = await run(owner, 'google.createEvent', {
      calendarId: 'en.usa#holiday@group.v.calendar.google.com',
      summary: 'Mine',
      start: '2026-06-01',
    });
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toBe(
      'Google Calendar: You need to have writer access to this calendar. (requiredAccessLevel) — this Google account may not change this calendar: choose one it owns or may edit',
    );
  });

  it('lists the events of a range, repeating ones expanded, ordered by start, with the text asked', async () => {
    google.addEvent({
      summary: 'Standup',
      start: { dateTime: '2026-07-01T09:00:00Z' },
      end: { dateTime: '2026-07-01T09:15:00Z' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
    });
    google.addEvent({
      summary: 'Lunch',
      start: { dateTime: '2026-07-01T12:00:00Z' },
      end: { dateTime: '2026-07-01T13:00:00Z' },
    });
    google.addEvent({
      summary: 'Later',
      start: { dateTime: '2026-08-01T12:00:00Z' },
      end: { dateTime: '2026-08-01T13:00:00Z' },
    });
    const { execution, items } = await run(owner, 'google.listEvents', {
      timeMin: '2026-07-01',
      timeMax: '2026-07-10T00:00:00+00:00',
    });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(items.map((item) => [item.summary, item.start])).toEqual([
      ['Standup', '2026-07-01T09:00:00.000Z'],
      ['Lunch', '2026-07-01T12:00:00Z'],
      ['Standup', '2026-07-02T09:00:00.000Z'],
      ['Standup', '2026-07-03T09:00:00.000Z'],
    ]);
    expect(google.calls.at(-1)?.query).toMatchObject({
      timeMin: '2026-07-01T00:00:00.000Z',
      timeMax: '2026-07-10T00:00:00.000Z',
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    const searched = await run(owner, 'google.listEvents', { query: 'lunch', maxResults: 5 });
    expect(searched.items.map((item) => item.summary)).toEqual(['Lunch']);
  });

  it('patches only the fields given, and says when the event does not exist', async () => {
    const event = google.addEvent({
      summary: 'Review',
      description: 'Quarterly',
      start: { dateTime: '2026-09-01T14:00:00Z' },
      end: { dateTime: '2026-09-01T15:00:00Z' },
    });
    const { execution, items } = await run(owner, 'google.updateEvent', {
      eventId: event.id,
      summary: 'Review (moved)',
      start: '2026-09-02T14:00:00Z',
      end: '2026-09-02T15:30:00Z',
    });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(google.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      body: {
        summary: 'Review (moved)',
        start: { dateTime: '2026-09-02T14:00:00Z' },
        end: { dateTime: '2026-09-02T15:30:00Z' },
      },
    });
    expect(Object.keys(google.calls.at(-1)?.body as object)).toEqual(['summary', 'start', 'end']);
    expect(event).toMatchObject({ summary: 'Review (moved)', description: 'Quarterly' });
    expect(items[0]).toMatchObject({ id: event.id, summary: 'Review (moved)', description: 'Quarterly' });

    const missing = await run(owner, 'google.updateEvent', { eventId: 'nosuchevent', summary: 'x' });
    expect(missing.execution.status).toBe('failed');
    expect(missing.execution.error.message).toBe(
      'Google Calendar: Not Found (notFound) — check the calendar and the event id, and that this Google account can see them',
    );
  });

  it('deletes an event; deleting it again is not an error', async () => {
    const event = google.addEvent({ summary: 'Dentist', start: { date: '2026-10-01' }, end: { date: '2026-10-02' } });
    const first = await run(owner, 'google.deleteEvent', { eventId: event.id });
    expect(first.execution.status, JSON.stringify(first.execution.error)).toBe('succeeded');
    expect(event.status).toBe('cancelled');
    expect(first.items).toEqual([{ calendarId: 'primary', eventId: event.id, deleted: true, alreadyDeleted: false }]);
    const again = await run(owner, 'google.deleteEvent', { eventId: event.id });
    expect(again.items[0]).toMatchObject({ deleted: true, alreadyDeleted: true });
  });

  it('gives the busy intervals of each calendar in the range, and those Google cannot tell', async () => {
    google.addEvent({
      summary: 'Busy',
      start: { dateTime: '2026-11-02T09:00:00Z' },
      end: { dateTime: '2026-11-02T10:00:00Z' },
    });
    google.addEvent({
      calendarId: google.teamCalendar,
      summary: 'Team',
      start: { dateTime: '2026-11-02T16:00:00Z' },
      end: { dateTime: '2026-11-02T19:00:00Z' },
    });
    const { execution, items } = await run(owner, 'google.freeBusy', {
      calendars: `primary, ${google.teamCalendar}, nobody@example.com`,
      timeMin: '2026-11-02T08:00:00Z',
      timeMax: '2026-11-02T18:00:00Z',
    });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(items).toEqual([
      {
        calendarId: 'primary',
        busy: [{ start: '2026-11-02T09:00:00.000Z', end: '2026-11-02T10:00:00.000Z' }],
        errors: [],
      },
      {
        calendarId: google.teamCalendar,
        busy: [{ start: '2026-11-02T16:00:00.000Z', end: '2026-11-02T18:00:00.000Z' }],
        errors: [],
      },
      { calendarId: 'nobody@example.com', busy: [], errors: ['notFound'] },
    ]);
  });

  it('waits out a rate limit Google sends as 403 rateLimitExceeded, then succeeds', async () => {
    google.rateLimitOnce('GET /calendars/primary/events', { status: 403, retryAfter: 1 });
    const before = google.calls.length;
    const { execution } = await run(owner, 'google.listEvents', { maxResults: 1 });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(google.calls.length).toBe(before + 1);
    expect(JSON.stringify(execution.steps)).toContain('Google Calendar is rate limiting: waiting 1 s');
  });

  it('cannot use another account’s connection: the step fails and nothing reaches Google', async () => {
    const flow = await publishedFlow(owner, 'google.createEvent', {
      connectionId: ownersConnection,
      summary: 'Not mine',
      start: '2026-06-01',
    });
    await repointConnection(server, flow.id, ownersConnection, strangersConnection);
    const before = google.calls.length;
    const execution = await finished(server, owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'The Google Calendar connection of this step is not in this account: choose another, or connect Google Calendar in Integrations',
    );
    expect(google.calls.length).toBe(before);
  });
});

describe('tokens of a Google Calendar connection', () => {
  const expireSoon = (connectionId: string) =>
    server.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(integrationConnections.id, connectionId));

  it('refreshes a token about to expire with the refresh token Google gave at connect, and keeps it', async () => {
    await expireSoon(ownersConnection);
    const before = google.tokenRequests.length;
    const { execution } = await run(owner, 'google.listEvents', { maxResults: 1 });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const refreshes = google.tokenRequests.slice(before);
    expect(refreshes.map((request) => request.form.grant_type)).toEqual(['refresh_token']);
    // Google does not rotate it: the one kept works again next time.
    await expireSoon(ownersConnection);
    const token = await server.services.integrations.tokenFor({
      accountId: accountOf(owner),
      connectionId: ownersConnection,
    });
    expect(google.accessTokens.has(token)).toBe(true);
    expect(google.tokenRequests.slice(before).map((request) => request.form.refresh_token)).toEqual([
      refreshes[0]?.form.refresh_token,
      refreshes[0]?.form.refresh_token,
    ]);
  });
});

describe('the calendars picker and losing access', () => {
  const options = (member: Member, connectionId: string) =>
    member.client.get(`/api/integrations/connections/${connectionId}/options/calendars`);

  it('lists the account’s calendars, its own as primary first; not for another account', async () => {
    const res = await options(owner, ownersConnection);
    expect(res.status, res.text).toBe(200);
    expect(res.body.options).toEqual([
      { value: 'primary', label: `${google.account.email} (primary)` },
      { value: 'en.usa#holiday@group.v.calendar.google.com', label: 'Holidays' },
      { value: google.teamCalendar, label: 'Team' },
    ]);
    expect((await options(stranger, ownersConnection)).status).toBe(404);
  });

  it('tests a connection: the account its primary calendar belongs to; not for another account', async () => {
    await expectTestActsAs({ owner, stranger }, ownersConnection, google.account.email);
  });

  it('revokes the grant at Google when disconnected, with its refresh token', async () => {
    const res = await stranger.client.delete(`/api/integrations/connections/${strangersConnection}`);
    expect(res.status, res.text).toBe(204);
    expect(google.revoked).toHaveLength(1);
    expect(google.revoked[0]).toMatch(/^1\/\//);
    expect(google.refreshTokens.has(google.revoked[0] ?? '')).toBe(false);
    // The other account's connection to the same Google account is its own grant, still good.
    expect((await options(owner, ownersConnection)).status).toBe(200);
  });

  it('a refresh Google refuses with invalid_grant marks the connection: Reconnect Google Calendar (…) in Integrations', async () => {
    google.revokeAll();
    await server.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(integrationConnections.id, ownersConnection));
    const { execution } = await run(owner, 'google.listEvents', {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(`Reconnect Google Calendar (${google.account.email}) in Integrations`);
    const [row] = await server.db
      .select({ status: integrationConnections.status })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, ownersConnection));
    expect(row?.status).toBe('needs_reconnect');
    expect((await connect(owner)).id).toBe(ownersConnection);
    const again = await run(owner, 'google.listEvents', { maxResults: 1 });
    expect(again.execution.status, JSON.stringify(again.execution.error)).toBe('succeeded');
  });
});
