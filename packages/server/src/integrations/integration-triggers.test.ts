import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { itemKey, takeAfter } from './notion/database-item';
import { messageItem, newMessage, startsTrigger } from './slack/new-message';
import { slackSignatureOk } from './slack/slack-events.routes';

/** The pure parts of the integration triggers: signatures, which messages start a flow, cursors. */

const SECRET = 'signing-secret';
const sign = (timestamp: string, body: string, secret = SECRET) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;

describe('Slack’s request signature', () => {
  const now = 1_800_000_000_000;
  const ts = String(now / 1000);
  const body = '{"type":"url_verification","challenge":"c"}';

  it('takes the v0 HMAC-SHA256 of v0:timestamp:body with the signing secret', () => {
    expect(slackSignatureOk({ secret: SECRET, timestamp: ts, signature: sign(ts, body), body, now })).toBe(true);
  });

  it('refuses another secret, another body, a missing header and a timestamp over five minutes away', () => {
    expect(slackSignatureOk({ secret: SECRET, timestamp: ts, signature: sign(ts, body, 'x'), body, now })).toBe(false);
    expect(slackSignatureOk({ secret: SECRET, timestamp: ts, signature: sign(ts, body), body: `${body} `, now })).toBe(
      false,
    );
    expect(slackSignatureOk({ secret: SECRET, timestamp: undefined, signature: sign(ts, body), body, now })).toBe(
      false,
    );
    expect(slackSignatureOk({ secret: SECRET, timestamp: ts, signature: undefined, body, now })).toBe(false);
    const old = String(now / 1000 - 301);
    expect(slackSignatureOk({ secret: SECRET, timestamp: old, signature: sign(old, body), body, now })).toBe(false);
    const within = String(now / 1000 - 299);
    expect(slackSignatureOk({ secret: SECRET, timestamp: within, signature: sign(within, body), body, now })).toBe(
      true,
    );
    expect(slackSignatureOk({ secret: SECRET, timestamp: 'abc', signature: sign('abc', body), body, now })).toBe(false);
  });
});

describe('which Slack messages start the trigger', () => {
  it('new messages of people; not edits, deletions, joins or the app’s own', () => {
    const ok = (message: Record<string, string>, only = 'all') =>
      startsTrigger({ ts: '1.1', ...message }, { only, appUserId: 'U0BOT' });
    expect(ok({ user: 'U0ANN', text: 'hi' })).toBe(true);
    expect(ok({ user: 'U0ANN', subtype: 'thread_broadcast' })).toBe(true);
    expect(ok({ user: 'U0ANN', subtype: 'message_changed' })).toBe(false);
    expect(ok({ user: 'U0ANN', subtype: 'channel_join' })).toBe(false);
    expect(ok({ user: 'U0BOT', text: 'posted by the app' })).toBe(false);
    expect(ok({ user: 'U0ANN', text: 'no mention' }, 'mentions')).toBe(false);
    expect(ok({ user: 'U0ANN', text: 'hi <@U0BOT>' }, 'mentions')).toBe(true);
  });

  it('keys a message by channel and ts, so a poll and an event of it are one run', () => {
    expect(messageItem('C1', { ts: '5.000100', user: 'U0ANN', text: 'hi', thread_ts: '4.0' })).toEqual({
      key: 'C1:5.000100',
      item: { channel: 'C1', ts: '5.000100', threadTs: '4.0', user: 'U0ANN', text: 'hi', team: null },
    });
  });

  it('an event is taken by the setting of its kind: message events for every message, app_mention for mentions', () => {
    const envelope = (type: string, channel = 'C1') => ({
      event: { type, channel, user: 'U0ANN', text: 'hi <@U0BOT>', ts: '7.1' },
      authorizations: [{ user_id: 'U0BOT' }],
    });
    const event = newMessage.event;
    if (!event) throw new Error('the Slack trigger takes events');
    expect(event({ channel: 'C1', only: 'all' }, envelope('message'))?.key).toBe('C1:7.1');
    expect(event({ channel: 'C1', only: 'all' }, envelope('app_mention'))).toBeNull();
    expect(event({ channel: 'C1', only: 'mentions' }, envelope('app_mention'))?.key).toBe('C1:7.1');
    expect(event({ channel: 'C1', only: 'mentions' }, envelope('message'))).toBeNull();
    expect(event({ channel: 'C2', only: 'all' }, envelope('message'))).toBeNull();
  });
});

describe('the Notion trigger’s cursor', () => {
  const row = (id: string, created: string, edited = created) => ({
    id,
    created_time: created,
    last_edited_time: edited,
  });
  const T1 = '2026-05-01T10:00:00.000Z';
  const T2 = '2026-05-01T10:01:00.000Z';
  const T3 = '2026-05-01T10:02:00.000Z';

  it('takes what is after the cursor, oldest first, and remembers the items at its time', () => {
    const { taken, cursor } = takeAfter(
      [row('b', T2), row('a', T1), row('c', T3)],
      { since: T1, keys: ['a'] },
      {
        on: 'new',
        limit: 100,
      },
    );
    expect(taken.map((r) => r.id)).toEqual(['b', 'c']);
    expect(cursor).toEqual({ since: T3, keys: ['c'] });
  });

  it('an item in the same instant as the cursor is taken once, not lost and not twice', () => {
    const first = takeAfter([row('a', T1)], { since: null, keys: [] }, { on: 'new', limit: 100 });
    expect(first.cursor).toEqual({ since: T1, keys: ['a'] });
    const second = takeAfter([row('a', T1), row('b', T1)], first.cursor, { on: 'new', limit: 100 });
    expect(second.taken.map((r) => r.id)).toEqual(['b']);
    expect(second.cursor).toEqual({ since: T1, keys: ['a', 'b'] });
    expect(takeAfter([row('a', T1), row('b', T1)], second.cursor, { on: 'new', limit: 100 }).taken).toEqual([]);
  });

  it('caps a poll at its limit, the rest waiting for the next', () => {
    const rows = [row('a', T1), row('b', T2), row('c', T3)];
    const first = takeAfter(rows, { since: null, keys: [] }, { on: 'new', limit: 2 });
    expect(first.taken.map((r) => r.id)).toEqual(['a', 'b']);
    expect(takeAfter(rows, first.cursor, { on: 'new', limit: 2 }).taken.map((r) => r.id)).toEqual(['c']);
  });

  it('changed: keyed by item and edit time, so each change is one run', () => {
    expect(itemKey(row('a', T1, T2), 'changed')).toBe(`a@${T2}`);
    expect(itemKey(row('a', T1, T2), 'new')).toBe('a');
    const { taken } = takeAfter(
      [row('a', T1, T3), row('b', T2)],
      { since: T2, keys: [] },
      {
        on: 'changed',
        limit: 100,
      },
    );
    expect(taken.map((r) => r.id)).toEqual(['b', 'a']);
  });
});
