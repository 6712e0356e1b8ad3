import { DEFAULT_FOCUS_SETTINGS } from '@flowmind/shared/focus';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusSessions } from '../db/schema-focus';
import { notes } from '../db/schema-notes';
import { businessAccountWithMember, signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { dateIn } from './focus.service';

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Fern', email: 'fern@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(() => server.close());

const accountOf = (member: Member) => member.user.personalAccountId;

async function start(member: Member, body: Record<string, unknown> = {}, accountId = accountOf(member)) {
  const res = await member.client.post('/api/focus/sessions', { accountId, kind: 'focus', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const end = (member: Member, sessionId: string, outcome: string, accountId = accountOf(member)) =>
  member.client.post(`/api/focus/sessions/${sessionId}/end`, { accountId, outcome });

/** Moves a session's start into the past, as if it had been running that long. */
async function backdate(sessionId: string, seconds: number) {
  const [row] = await server.db.select().from(focusSessions).where(eq(focusSessions.id, sessionId));
  if (!row) throw new Error('no session');
  await server.db
    .update(focusSessions)
    .set({ startedAt: new Date(row.startedAt.getTime() - seconds * 1000) })
    .where(eq(focusSessions.id, sessionId));
}

describe('focus settings', () => {
  it('starts with 25/5/15 and a long break every 4, saves changes per user and refuses nonsense', async () => {
    const member = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
    expect((await member.client.get('/api/focus/settings')).body).toEqual(DEFAULT_FOCUS_SETTINGS);
    const saved = await member.client.patch('/api/focus/settings', { focusMinutes: 50, longBreakEvery: 3 });
    expect(saved.body).toEqual({ ...DEFAULT_FOCUS_SETTINGS, focusMinutes: 50, longBreakEvery: 3 });
    expect((await member.client.get('/api/focus/settings')).body.focusMinutes).toBe(50);
    expect((await stranger.client.get('/api/focus/settings')).body).toEqual(DEFAULT_FOCUS_SETTINGS);
    const zero = await member.client.patch('/api/focus/settings', { focusMinutes: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.field).toBe('focusMinutes');
    expect((await server.client().get('/api/focus/settings')).status).toBe(401);

    const session = await start(member);
    expect(session.plannedSeconds).toBe(50 * 60);
  });
});

describe('focus sessions', () => {
  it('runs a period: start, pause, resume, end; the state follows and the log keeps it', async () => {
    const session = await start(owner);
    expect(session).toMatchObject({
      kind: 'focus',
      plannedSeconds: 1500,
      endedAt: null,
      outcome: null,
      pausedAt: null,
    });
    expect(session.id).toMatch(/^fcs_/);

    const state = await owner.client.get(`/api/focus/state?accountId=${accountOf(owner)}`);
    expect(state.body.session.id).toBe(session.id);
    expect(state.body.settings).toEqual(DEFAULT_FOCUS_SETTINGS);

    const paused = await owner.client.post(`/api/focus/sessions/${session.id}/pause`, { accountId: accountOf(owner) });
    expect(paused.body.pausedAt).not.toBeNull();
    const resumed = await owner.client.post(`/api/focus/sessions/${session.id}/resume`, {
      accountId: accountOf(owner),
    });
    expect(resumed.body.pausedAt).toBeNull();

    await backdate(session.id, 600);
    const ended = await end(owner, session.id, 'completed');
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.outcome).toBe('completed');
    expect(ended.body.focusedSeconds).toBeGreaterThanOrEqual(599);
    expect(ended.body.focusedSeconds).toBeLessThanOrEqual(602);
    // A second end (another tab) changes nothing.
    const again = await end(owner, session.id, 'skipped');
    expect(again.body).toEqual(ended.body);
    expect(
      (await owner.client.post(`/api/focus/sessions/${session.id}/pause`, { accountId: accountOf(owner) })).status,
    ).toBe(409);

    const after = await owner.client.get(`/api/focus/state?accountId=${accountOf(owner)}`);
    expect(after.body.session).toBeNull();
    expect(after.body.completedInCycle).toBeGreaterThanOrEqual(1);
    const log = await owner.client.get(`/api/focus/sessions?accountId=${accountOf(owner)}`);
    expect(log.body.sessions[0]).toMatchObject({ id: session.id, outcome: 'completed' });
  });

  it('counts run time up to the plan, leaves paused time out, and skips the open period when another starts', async () => {
    const first = await start(owner, { kind: 'short_break' });
    await backdate(first.id, 3600);
    const second = await start(owner);
    const firstNow = await owner.client.get(`/api/focus/sessions?accountId=${accountOf(owner)}`);
    const ended = firstNow.body.sessions.find((s: { id: string }) => s.id === first.id);
    expect(ended).toMatchObject({ outcome: 'skipped', focusedSeconds: 300 });

    await backdate(second.id, 300);
    await owner.client.post(`/api/focus/sessions/${second.id}/pause`, { accountId: accountOf(owner) });
    await server.db
      .update(focusSessions)
      .set({ pausedAt: new Date(Date.now() - 120_000) })
      .where(eq(focusSessions.id, second.id));
    const done = await end(owner, second.id, 'skipped');
    expect(done.body.focusedSeconds).toBeGreaterThanOrEqual(179);
    expect(done.body.focusedSeconds).toBeLessThanOrEqual(182);
    expect(done.body.pausedSeconds).toBeGreaterThanOrEqual(119);
  });

  it('links a note of the account (and shows its title), refuses another account’s note', async () => {
    const noteId = `note_focus_${Date.now()}`;
    await server.db.insert(notes).values({ id: noteId, accountId: accountOf(owner), title: 'Launch plan' });
    const session = await start(owner, { noteId, taskIndex: 2, taskText: 'Write the announcement' });
    expect(session).toMatchObject({
      noteId,
      noteTitle: 'Launch plan',
      taskIndex: 2,
      taskText: 'Write the announcement',
    });
    await end(owner, session.id, 'completed');

    const foreign = await stranger.client.post('/api/focus/sessions', {
      accountId: accountOf(stranger),
      kind: 'focus',
      noteId,
    });
    expect(foreign.status).toBe(404);
  });

  it('pages the log newest first', async () => {
    const member = await signUpVerified(server, { name: 'Pia', email: 'pia@example.com' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const session = await start(member);
      await backdate(session.id, (10 - i) * 3600);
      await end(member, session.id, 'skipped');
      ids.push(session.id);
    }
    const first = await member.client.get(`/api/focus/sessions?accountId=${accountOf(member)}&limit=2`);
    expect(first.body.sessions.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[3]]);
    const second = await member.client.get(
      `/api/focus/sessions?accountId=${accountOf(member)}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.sessions.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const third = await member.client.get(
      `/api/focus/sessions?accountId=${accountOf(member)}&limit=2&cursor=${second.body.nextCursor}`,
    );
    expect(third.body).toEqual({ sessions: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect((await member.client.get(`/api/focus/sessions?accountId=${accountOf(member)}&cursor=zzz`)).status).toBe(400);
  });

  it('counts completed focus periods since the last long break', async () => {
    const member = await signUpVerified(server, { name: 'Cy', email: 'cy@example.com' });
    const cycle = async () =>
      (await member.client.get(`/api/focus/state?accountId=${accountOf(member)}`)).body.completedInCycle;
    for (let i = 0; i < 4; i += 1) await end(member, (await start(member)).id, 'completed');
    await end(member, (await start(member)).id, 'skipped');
    expect(await cycle()).toBe(4);
    const longBreak = await start(member, { kind: 'long_break' });
    expect(longBreak.plannedSeconds).toBe(15 * 60);
    await end(member, longBreak.id, 'completed');
    expect(await cycle()).toBe(0);
    await end(member, (await start(member)).id, 'completed');
    expect(await cycle()).toBe(1);
  });
});

describe('focus stats', () => {
  it('sums focused minutes per calendar day in the reader’s time zone, days without focus as 0', async () => {
    const member = await signUpVerified(server, { name: 'Tom', email: 'tom@example.com' });
    // 23:30 UTC two days ago: the same evening in UTC, the next morning in Tokyo.
    const today = new Date();
    const instant = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 2, 23, 30));
    const session = await start(member);
    await server.db
      .update(focusSessions)
      .set({
        startedAt: instant,
        endedAt: new Date(instant.getTime() + 1500_000),
        focusedSeconds: 1500,
        outcome: 'completed',
      })
      .where(and(eq(focusSessions.id, session.id)));
    const breakSession = await start(member, { kind: 'short_break' });
    await backdate(breakSession.id, 300);
    await end(member, breakSession.id, 'completed');

    for (const timeZone of ['UTC', 'Asia/Tokyo']) {
      const stats = await member.client.get(
        `/api/focus/stats?accountId=${accountOf(member)}&days=7&timeZone=${encodeURIComponent(timeZone)}`,
      );
      expect(stats.status, stats.text).toBe(200);
      expect(stats.body.days).toHaveLength(7);
      expect(stats.body.days.at(-1).date).toBe(dateIn(new Date(), timeZone));
      const withFocus = stats.body.days.filter((d: { focusedSeconds: number }) => d.focusedSeconds > 0);
      expect(withFocus).toEqual([{ date: dateIn(instant, timeZone), focusedSeconds: 1500 }]);
      expect(stats.body.totalSeconds).toBe(1500);
    }
    expect(dateIn(instant, 'UTC')).not.toBe(dateIn(instant, 'Asia/Tokyo'));
    const bad = await member.client.get(`/api/focus/stats?accountId=${accountOf(member)}&timeZone=Mars/Base`);
    expect(bad.status).toBe(400);
  });
});

describe('focus tenant isolation', () => {
  it('hides another account’s and another member’s sessions', async () => {
    const session = await start(owner);
    const ownerAccount = accountOf(owner);

    // Not a member of the owner's account: every route answers not found.
    expect((await stranger.client.get(`/api/focus/state?accountId=${ownerAccount}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/focus/sessions?accountId=${ownerAccount}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/focus/stats?accountId=${ownerAccount}`)).status).toBe(404);
    expect((await end(stranger, session.id, 'skipped', ownerAccount)).status).toBe(404);
    // Naming their own account does not reach the owner's session either.
    expect((await end(stranger, session.id, 'skipped')).status).toBe(404);
    expect(
      (await stranger.client.post(`/api/focus/sessions/${session.id}/pause`, { accountId: accountOf(stranger) }))
        .status,
    ).toBe(404);
    const strangerState = await stranger.client.get(`/api/focus/state?accountId=${accountOf(stranger)}`);
    expect(strangerState.body.session).toBeNull();

    // A fellow member of a business account sees only their own sessions in it.
    const { accountId: businessId, colleague } = await businessAccountWithMember(server, owner, {
      name: 'Focus Co',
      handle: 'focus-co',
      member: { name: 'Kai', email: 'kai@example.com' },
    });

    const shared = await start(owner, {}, businessId);
    await end(owner, shared.id, 'completed', businessId);
    const colleagueLog = await colleague.client.get(`/api/focus/sessions?accountId=${businessId}`);
    expect(colleagueLog.status).toBe(200);
    expect(colleagueLog.body.sessions).toEqual([]);
    const colleagueStats = await colleague.client.get(`/api/focus/stats?accountId=${businessId}`);
    expect(colleagueStats.body.totalSeconds).toBe(0);
    expect(
      (
        await colleague.client.post(`/api/focus/sessions/${shared.id}/end`, {
          accountId: businessId,
          outcome: 'skipped',
        })
      ).status,
    ).toBe(404);
    const ownerLog = await owner.client.get(`/api/focus/sessions?accountId=${businessId}`);
    expect(ownerLog.body.sessions.map((s: { id: string }) => s.id)).toEqual([shared.id]);
    // The personal account's open session is not the business account's.
    const ownerBusinessState = await owner.client.get(`/api/focus/state?accountId=${businessId}`);
    expect(ownerBusinessState.body.session).toBeNull();
    await end(owner, session.id, 'skipped');
  });
});
