import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionSteps } from '../../test/action-steps';
import { type GoogleServer, startGoogleServer } from '../../test/google-server';
import { integrationChatTools } from '../integration-tools';

/**
 * The Google Calendar actions as flow steps, over fetch against a local server speaking Calendar
 * API v3: rate limits, Google's errors in words, a token Google no longer takes.
 */

let google: GoogleServer;
const token = 'ya29.test-token';
const { run, reconnects } = actionSteps({
  provider: 'google',
  connectionId: 'icn_cal',
  connection: () => ({ token, apiUrl: google.env.GOOGLE_CALENDAR_API_URL, externalId: 'google-sub-1' }),
  reconnectMessage: 'Reconnect Google Calendar (ada.lovelace@example.com) in Integrations',
});

beforeAll(async () => {
  google = await startGoogleServer({ clientId: 'c', clientSecret: 's' });
});
afterAll(() => google?.close());
beforeEach(() => {
  google.accessTokens.add(token);
  reconnects.length = 0;
});

describe('Google Calendar steps', () => {
  it('backs off on a 429 without Retry-After (1 s), then succeeds', async () => {
    google.rateLimitOnce('POST /freeBusy', { status: 429 });
    const started = Date.now();
    const { items, logs } = await run('freeBusy', { timeMin: '2026-01-01', timeMax: '2026-01-02' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(items).toEqual([{ calendarId: 'primary', busy: [], errors: [] }]);
    expect(logs.map((log) => log.message)).toContain('Google Calendar is rate limiting: waiting 1 s');
  });

  it('fails at once when Google asks to wait past the step’s timeout, saying what to change', async () => {
    google.rateLimitOnce('POST /freeBusy', { status: 403, retryAfter: 120 });
    await expect(
      run('freeBusy', { timeMin: '2026-01-01', timeMax: '2026-01-02' }, { settings: { timeoutMs: 5000 } }),
    ).rejects.toThrow(
      'Google Calendar: rate limited — Google asks to wait 120 s, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.',
    );
  });

  it('creates each item’s event once: a retry of the same attempt gives back the events the first made', async () => {
    const before = google.events.length;
    const items = [{ summary: 'Standup' }, { summary: 'Review' }];
    const params = { summary: '{{ $json.summary }}', start: '2026-03-02T09:00:00Z' };
    const first = await run('createEvent', params, { items });
    expect(first.items.map((item) => item.summary)).toEqual(['Standup', 'Review']);
    expect(new Set(first.items.map((item) => item.id)).size).toBe(2);
    expect(google.events.length).toBe(before + 2);
    // The same execution, step and run again (its first answers lost): Google says 409, the events are read back.
    const again = await run('createEvent', params, { items });
    expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    expect(google.events.length).toBe(before + 2);
    expect(again.logs.map((log) => log.message)).toContain(
      `Event ${first.items[0]?.id} was created by an earlier attempt of this step`,
    );
  });

  it('marks the connection when Google no longer accepts the token', async () => {
    google.accessTokens.delete(token);
    await expect(run('listEvents', {})).rejects.toThrow(
      'Reconnect Google Calendar (ada.lovelace@example.com) in Integrations',
    );
    expect(reconnects).toEqual(['icn_cal']);
  });

  it('names the field when the input is wrong, before calling Google', async () => {
    const before = google.calls.length;
    await expect(run('createEvent', { summary: 'x', start: 'next monday' })).rejects.toThrow(
      'Start: Give a day such as 2026-05-01 or a date-time such as 2026-05-01T10:00:00+02:00',
    );
    expect(google.calls.length).toBe(before);
  });

  it('gives Google’s own message for a time range it refuses', async () => {
    const event = google.addEvent({
      summary: 'Planning',
      start: { dateTime: '2026-03-01T10:00:00Z' },
      end: { dateTime: '2026-03-01T11:00:00Z' },
    });
    // Only the start moves, past the end Google keeps.
    await expect(run('updateEvent', { eventId: event.id, start: '2026-03-01T12:00:00Z' })).rejects.toThrow(
      'Google Calendar: The specified time range is empty. (timeRangeEmpty) — the end must come after the start',
    );
  });
});

describe('Google Calendar as the assistant’s tools', () => {
  it('asks for approval before the writing actions only', () => {
    const tools = integrationChatTools();
    expect(
      Object.fromEntries(
        Object.entries(tools)
          .filter(([name]) => name.startsWith('google_'))
          .map(([name, tool]) => [name, tool.needsApproval]),
      ),
    ).toEqual({
      google_list_events: false,
      google_create_event: true,
      google_update_event: true,
      google_delete_event: true,
      google_free_busy: false,
    });
  });
});
