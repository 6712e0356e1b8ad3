import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXServer, type XServer } from '../../test/x-server';
import { StepError } from '../../user-error';
import { ConnectionRevoked } from '../define-integration';
import { littleText } from '../linkedin/linkedin-client';
import { callX, rateLimitWaitMs } from './x-client';

let x: XServer;
beforeAll(async () => {
  x = await startXServer({ clientId: 'c', clientSecret: 's' });
});
afterAll(async () => {
  await x?.close();
});

const ctx = (token: string, deadline = Date.now() + 10_000) => ({
  connection: { token, apiUrl: x.baseUrl, externalId: '2244994945' },
  signal: AbortSignal.timeout(10_000),
  deadline,
});

describe('how long X asks to wait', () => {
  it('reads Retry-After seconds first, else the epoch second of x-rate-limit-reset', () => {
    const now = 1_700_000_000_000;
    expect(rateLimitWaitMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(rateLimitWaitMs(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 7) }), now)).toBe(7000);
    expect(rateLimitWaitMs(new Headers({ 'x-rate-limit-reset': String(now / 1000 - 7) }), now)).toBe(0);
    expect(rateLimitWaitMs(new Headers(), now)).toBeNull();
  });
});

describe('calling X', () => {
  it('a token X refuses is a revoked connection, not a step error', async () => {
    await expect(callX(ctx('not-a-token'), 'GET', '/2/users/me')).rejects.toBeInstanceOf(ConnectionRevoked);
  });

  it('a path X does not have is its problem in words, with what to do', async () => {
    const token = 'xat_direct';
    x.accessTokens.add(token);
    const failure = await callX<never>(ctx(token), 'GET', '/2/nothing').catch((error: Error) => error);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.message).toBe('X: Not Found (Sorry, that page does not exist) — check the id or username');
  });

  it('does not wait for a window that opens after the deadline', async () => {
    const token = 'xat_limited';
    x.accessTokens.add(token);
    x.rateLimitOnce('/2/users/me', 60);
    const started = Date.now();
    const failure = await callX<never>(ctx(token, Date.now() + 5_000), 'GET', '/2/users/me').catch(
      (error: Error) => error,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(failure.message).toMatch(/^X: Too Many Requests — X asks to wait (60|61) s, longer than this step has left/);
  });
});

describe('LinkedIn’s little text', () => {
  it('escapes the characters that are markup in a post’s commentary', () => {
    expect(littleText('Hi @team (v2) #ship *now* [a]{b}<c>~_|\\')).toBe(
      'Hi \\@team \\(v2\\) \\#ship \\*now\\* \\[a\\]\\{b\\}\\<c\\>\\~\\_\\|\\\\',
    );
    expect(littleText('plain text, no marks.')).toBe('plain text, no marks.');
  });
});
