import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionSteps } from '../../test/action-steps';
import { type SlackServer, startSlackServer } from '../../test/slack-server';

/**
 * The Slack actions as flow steps, through `@slack/web-api` against a local server speaking
 * Slack's Web API: what arrives there is what Slack would receive.
 */

let slack: SlackServer;
const token = 'xoxb-test-token';
const { run, reconnects } = actionSteps({
  provider: 'slack',
  connectionId: 'icn_acme',
  connection: () => ({ token, apiUrl: slack.env.SLACK_API_URL, externalId: 'T0ACME' }),
  reconnectMessage: 'Reconnect Slack (Acme) in Integrations',
});

beforeAll(async () => {
  slack = await startSlackServer({ clientId: 'c', clientSecret: 's' });
});
afterAll(() => slack?.close());
beforeEach(() => {
  slack.accessTokens.add(token);
  slack.setTokenError(null);
  reconnects.length = 0;
});

/** The connection this test's steps act through: a token the local server handed out. */

describe('Slack: send message', () => {
  it('posts each item’s text to the channel with the connection’s token, and gives channel and ts', async () => {
    const before = slack.messages.length;
    const { items } = await run(
      'sendMessage',
      { channel: 'C0GENERAL', text: 'New order from {{ $json.name }}' },
      { items: [{ name: 'Ann' }, { name: 'Bob' }] },
    );
    const arrived = slack.messages.slice(before);
    expect(arrived.map((m) => [m.channel, m.text, m.token])).toEqual([
      ['C0GENERAL', 'New order from Ann', token],
      ['C0GENERAL', 'New order from Bob', token],
    ]);
    expect(items).toEqual(arrived.map((m) => ({ channel: 'C0GENERAL', ts: m.ts, threadTs: null, text: m.text })));
  });

  it('replies in a thread and sends blocks given as JSON text', async () => {
    const { items: parent } = await run('sendMessage', { channel: 'C0GENERAL', text: 'Parent' });
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Done*' } }];
    await run('sendMessage', {
      channel: 'C0GENERAL',
      text: 'Done',
      threadTs: parent[0]?.ts,
      blocks: JSON.stringify(blocks),
    });
    expect(slack.messages.at(-1)).toMatchObject({ threadTs: parent[0]?.ts, text: 'Done', blocks });
  });

  it('sends a direct message to a person through the channel conversations.open gives', async () => {
    await run('sendMessage', { sendTo: 'user', user: 'U0ANN', text: 'Hi Ann' });
    expect(slack.calls.at(-2)).toMatchObject({ method: 'conversations.open', args: { users: 'U0ANN' } });
    expect(slack.messages.at(-1)).toMatchObject({ channel: 'D0U0ANN', text: 'Hi Ann' });
  });

  it('names the field when the evaluated input is wrong, before calling Slack', async () => {
    const calls = slack.calls.length;
    await expect(run('sendMessage', { channel: 'C0GENERAL', text: '' })).rejects.toThrow('Text: Give a text or blocks');
    await expect(run('sendMessage', { channel: 'C0GENERAL', text: 'x', threadTs: 'yesterday' })).rejects.toThrow(
      'Reply in thread: Give a message timestamp such as 1712345678.123456',
    );
    await expect(run('sendMessage', { channel: 'C0GENERAL', text: 'x', blocks: '{"no":' })).rejects.toThrow(
      'Blocks: Give a JSON array of Block Kit blocks',
    );
    expect(slack.calls.length).toBe(calls);
  });

  it('words Slack’s errors with what to do, never a stack or a status line', async () => {
    await expect(run('sendMessage', { channel: 'C0NOPE', text: 'x' })).rejects.toThrow(
      'Slack: channel_not_found — check the channel, and invite the app to it',
    );
    slack.failOnce('chat.postMessage', 'missing_scope');
    await expect(run('sendMessage', { channel: 'C0GENERAL', text: 'x' })).rejects.toThrow(
      'Slack: missing_scope — reconnect Slack in Integrations to give the app the permission it needs',
    );
  });

  it('a revoked token marks the connection for reconnecting and fails with the reconnect message', async () => {
    slack.setTokenError('token_revoked');
    await expect(run('sendMessage', { channel: 'C0GENERAL', text: 'x' })).rejects.toThrow(
      'Reconnect Slack (Acme) in Integrations',
    );
    expect(reconnects).toEqual(['icn_acme']);
  });
});

describe('Slack rate limits', () => {
  it('waits out a 429’s Retry-After within the step’s timeout and then sends once', async () => {
    const before = slack.messages.length;
    slack.rateLimitOnce('chat.postMessage', 1);
    const started = Date.now();
    const { logs } = await run('sendMessage', { channel: 'C0GENERAL', text: 'After the wait' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(slack.messages.slice(before).map((m) => m.text)).toEqual(['After the wait']);
    expect(logs.map((l) => l.message)).toContain('Slack is rate limiting: waiting 1 s, as it asks');
  });

  it('fails at once when the wait would pass the step’s timeout, leaving it to the retry policy', async () => {
    const before = slack.messages.length;
    slack.rateLimitOnce('chat.postMessage', 30);
    const started = Date.now();
    await expect(
      run('sendMessage', { channel: 'C0GENERAL', text: 'Too late' }, { settings: { timeoutMs: 5000 } }),
    ).rejects.toThrow(
      'Slack: rate limited — Slack asks to wait 30 s, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slack.messages.length).toBe(before);
  });
});

describe('Slack: update message and add reaction', () => {
  it('updates a posted message and reacts to it; the same reaction again is no failure', async () => {
    const { items } = await run('sendMessage', { channel: 'C0GENERAL', text: 'Draft' });
    const ts = items[0]?.ts as string;
    const updated = await run('updateMessage', { channel: 'C0GENERAL', ts, text: 'Final' });
    expect(updated.items).toEqual([{ channel: 'C0GENERAL', ts, text: 'Final' }]);
    expect(slack.messages.find((m) => m.ts === ts)?.text).toBe('Final');

    const reacted = await run('addReaction', { channel: 'C0GENERAL', ts, emoji: ':white_check_mark:' });
    expect(reacted.items).toEqual([{ channel: 'C0GENERAL', ts, emoji: 'white_check_mark' }]);
    await run('addReaction', { channel: 'C0GENERAL', ts, emoji: 'white_check_mark' });
    expect(slack.reactions.filter((r) => r.ts === ts)).toEqual([
      { channel: 'C0GENERAL', ts, name: 'white_check_mark' },
    ]);

    await expect(run('updateMessage', { channel: 'C0GENERAL', ts: '1.000001', text: 'x' })).rejects.toThrow(
      'Slack: message_not_found — check the channel and the message timestamp (ts)',
    );
  });
});

describe('Slack: list channels and users', () => {
  it('gives one item per channel, page after page, without archived ones by default', async () => {
    const { items } = await run('listChannels', { types: 'public_channel,private_channel', limit: 3 });
    expect(items.map((c) => c.name)).toEqual(['general', 'random', 'secret-plans']);
    expect(items[2]).toEqual({
      id: 'G0SECRET',
      name: 'secret-plans',
      isPrivate: true,
      isArchived: false,
      isMember: true,
      memberCount: 2,
      topic: '',
    });
    const all = await run('listChannels', { excludeArchived: false, limit: 2 });
    expect(all.items.map((c) => c.name)).toEqual(['general', 'random']);
  });

  it('gives people, leaving out bots and deactivated ones unless asked', async () => {
    const { items } = await run('listUsers', {});
    expect(items.map((u) => u.id)).toEqual(['U0ANN', 'U0BOB']);
    expect(items[0]).toEqual({
      id: 'U0ANN',
      name: 'ann',
      realName: 'Ann Lee',
      displayName: 'ann',
      email: 'ann@acme.test',
      isBot: false,
      deleted: false,
    });
    const calls = slack.calls.length;
    const paged = await run('listUsers', { limit: 3 });
    expect(paged.items.map((u) => u.id)).toEqual(['U0ANN', 'U0BOB']);
    expect(slack.calls.slice(calls).map((c) => [c.args.limit, c.args.cursor])).toEqual([
      ['3', undefined],
      ['1', '3'],
      ['1', '4'],
    ]);
    const everyone = await run('listUsers', { includeBots: true });
    expect(everyone.items.map((u) => u.id)).toEqual(['U0ANN', 'U0BOB', 'U0GONE', 'U0BOT', 'USLACKBOT']);
  });
});
