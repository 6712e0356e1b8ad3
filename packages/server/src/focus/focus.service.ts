import { AppError } from '@flowmind/shared/errors';
import {
  DEFAULT_FOCUS_SETTINGS,
  type EndFocusSession,
  elapsedSeconds,
  type FocusLog,
  type FocusLogQuery,
  type FocusSession,
  type FocusSettings,
  type FocusState,
  type FocusStats,
  type FocusStatsQuery,
  plannedSecondsFor,
  type StartFocusSession,
  type UpdateFocusSettings,
} from '@flowmind/shared/focus';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { focusRepository } from './focus.repository';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** The `count` calendar dates ending with `lastDate`, oldest first. */
export function datesUpTo(lastDate: string, count: number): string[] {
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

const encodeCursor = (session: FocusSession) =>
  Buffer.from(JSON.stringify([session.startedAt, session.id])).toString('base64url');

function decodeCursor(cursor: string): { startedAt: Date; id: string } {
  try {
    const [startedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const date = new Date(startedAt);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string') throw new Error('bad cursor');
    return { startedAt: date, id };
  } catch {
    throw new AppError('bad_request', 'Invalid cursor', 'cursor');
  }
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

export function focusService({
  db,
  accounts,
  now = () => new Date(),
}: {
  db: Db;
  accounts: AccountService;
  now?: () => Date;
}) {
  const repo = focusRepository(db);

  async function settingsOf(userId: string): Promise<FocusSettings> {
    return (await repo.settings(userId)) ?? DEFAULT_FOCUS_SETTINGS;
  }

  async function requireSession(owner: { accountId: string; userId: string }, sessionId: string) {
    await accounts.requireMember(owner.accountId, owner.userId);
    const session = await repo.get(owner, sessionId);
    if (!session) throw new AppError('not_found', 'Focus session not found');
    return session;
  }

  /** Ends an open session at `at`: the run time counts up to the plan, paused time does not. */
  async function close(
    owner: { accountId: string; userId: string },
    session: FocusSession,
    outcome: EndFocusSession['outcome'],
    at: Date,
  ) {
    const ran = Math.min(session.plannedSeconds, Math.round(elapsedSeconds(session, at.getTime())));
    const pausedSeconds = session.pausedAt
      ? session.pausedSeconds + Math.round((at.getTime() - Date.parse(session.pausedAt)) / 1000)
      : session.pausedSeconds;
    return repo.updateOpen(owner, session.id, {
      endedAt: at,
      pausedAt: null,
      pausedSeconds,
      focusedSeconds: ran,
      outcome,
    });
  }

  async function reread(owner: { accountId: string; userId: string }, sessionId: string) {
    const session = await repo.get(owner, sessionId);
    if (!session) throw new AppError('not_found', 'Focus session not found');
    return session;
  }

  return {
    getSettings: settingsOf,

    async updateSettings(userId: string, patch: UpdateFocusSettings): Promise<FocusSettings> {
      const settings = { ...(await settingsOf(userId)), ...patch };
      await repo.saveSettings(userId, settings);
      return settings;
    },

    async state({ accountId, userId }: { accountId: string; userId: string }): Promise<FocusState> {
      await accounts.requireMember(accountId, userId);
      const owner = { accountId, userId };
      const [session, completedInCycle, settings] = await Promise.all([
        repo.open(owner),
        repo.completedInCycle(owner, now()),
        settingsOf(userId),
      ]);
      return { session, completedInCycle, settings };
    },

    async start({ userId, input }: { userId: string; input: StartFocusSession }): Promise<FocusSession> {
      const owner = { accountId: input.accountId, userId };
      await accounts.requireMember(owner.accountId, userId);
      if (input.noteId && !(await repo.noteInAccount(owner.accountId, input.noteId)))
        throw new AppError('not_found', 'Note not found');
      const at = now();
      const open = await repo.open(owner);
      if (open) await close(owner, open, 'skipped', at);
      const id = newId('fcs');
      try {
        await repo.insert({
          id,
          accountId: owner.accountId,
          userId,
          kind: input.kind,
          noteId: input.noteId ?? null,
          taskIndex: input.noteId && input.taskIndex !== undefined ? input.taskIndex : null,
          taskText: input.noteId && input.taskText !== undefined ? input.taskText : null,
          plannedSeconds: plannedSecondsFor(input.kind, await settingsOf(userId)),
          startedAt: at,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'Another focus session started at the same time');
        throw error;
      }
      return reread(owner, id);
    },

    async pause({ accountId, userId, sessionId }: { accountId: string; userId: string; sessionId: string }) {
      const owner = { accountId, userId };
      const session = await requireSession(owner, sessionId);
      if (session.endedAt) throw new AppError('conflict', 'This focus session has ended');
      if (!session.pausedAt) await repo.updateOpen(owner, sessionId, { pausedAt: now() });
      return reread(owner, sessionId);
    },

    async resume({ accountId, userId, sessionId }: { accountId: string; userId: string; sessionId: string }) {
      const owner = { accountId, userId };
      const session = await requireSession(owner, sessionId);
      if (session.endedAt) throw new AppError('conflict', 'This focus session has ended');
      if (session.pausedAt) {
        const paused = Math.round((now().getTime() - Date.parse(session.pausedAt)) / 1000);
        await repo.updateOpen(owner, sessionId, { pausedAt: null, pausedSeconds: session.pausedSeconds + paused });
      }
      return reread(owner, sessionId);
    },

    async end({ userId, sessionId, input }: { userId: string; sessionId: string; input: EndFocusSession }) {
      const owner = { accountId: input.accountId, userId };
      const session = await requireSession(owner, sessionId);
      // Ending twice (two tabs, a retry) answers with the session as it ended.
      if (!session.endedAt) await close(owner, session, input.outcome, now());
      return reread(owner, sessionId);
    },

    async log({ userId, query }: { userId: string; query: FocusLogQuery }): Promise<FocusLog> {
      const owner = { accountId: query.accountId, userId };
      await accounts.requireMember(owner.accountId, userId);
      const rows = await repo.log(owner, {
        cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit,
      });
      const sessions = rows.slice(0, query.limit);
      const last = sessions.at(-1);
      return { sessions, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    async stats({ userId, query }: { userId: string; query: FocusStatsQuery }): Promise<FocusStats> {
      const owner = { accountId: query.accountId, userId };
      await accounts.requireMember(owner.accountId, userId);
      const dates = datesUpTo(dateIn(now(), query.timeZone), query.days);
      const rows = await repo.secondsPerDay(owner, { fromDate: dates[0] as string, timeZone: query.timeZone });
      const seconds = new Map(rows.map((r) => [r.date, Number(r.seconds)]));
      const days = dates.map((date) => ({ date, focusedSeconds: seconds.get(date) ?? 0 }));
      return { days, totalSeconds: days.reduce((sum, day) => sum + day.focusedSeconds, 0) };
    },
  };
}

export type FocusService = ReturnType<typeof focusService>;
