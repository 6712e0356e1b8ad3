import type { FocusSession, FocusSettings } from '@flowmind/shared/focus';
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { focusSessions, focusSettings } from '../db/schema-focus';
import { notes } from '../db/schema-notes';

export type FocusSessionRow = typeof focusSessions.$inferSelect;
type Owner = { accountId: string; userId: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toFocusSession(row: FocusSessionRow, noteTitle: string | null): FocusSession {
  return {
    id: row.id,
    kind: row.kind as FocusSession['kind'],
    noteId: row.noteId,
    noteTitle,
    taskIndex: row.taskIndex,
    taskText: row.taskText,
    plannedSeconds: row.plannedSeconds,
    startedAt: row.startedAt.toISOString(),
    pausedAt: iso(row.pausedAt),
    pausedSeconds: row.pausedSeconds,
    endedAt: iso(row.endedAt),
    focusedSeconds: row.focusedSeconds,
    outcome: row.outcome as FocusSession['outcome'],
  };
}

/** Every query is the caller's own rows in one account: another user's or account's session is not there. */
export function focusRepository(db: Db) {
  const mine = ({ accountId, userId }: Owner) =>
    and(eq(focusSessions.accountId, accountId), eq(focusSessions.userId, userId));

  const withTitle = () =>
    db
      .select({ session: focusSessions, noteTitle: notes.title })
      .from(focusSessions)
      .leftJoin(notes, and(eq(notes.id, focusSessions.noteId), eq(notes.accountId, focusSessions.accountId)));

  const present = (rows: { session: FocusSessionRow; noteTitle: string | null }[]) =>
    rows.map((r) => toFocusSession(r.session, r.noteTitle));

  return {
    async settings(userId: string): Promise<FocusSettings | null> {
      const [row] = await db.select().from(focusSettings).where(eq(focusSettings.userId, userId));
      if (!row) return null;
      const { focusMinutes, shortBreakMinutes, longBreakMinutes, longBreakEvery } = row;
      return { focusMinutes, shortBreakMinutes, longBreakMinutes, longBreakEvery };
    },

    async saveSettings(userId: string, settings: FocusSettings) {
      await db
        .insert(focusSettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({ target: focusSettings.userId, set: { ...settings, updatedAt: new Date() } });
    },

    async noteInAccount(accountId: string, noteId: string) {
      const [row] = await db
        .select({ id: notes.id })
        .from(notes)
        .where(and(eq(notes.id, noteId), eq(notes.accountId, accountId), isNull(notes.deletedAt)));
      return Boolean(row);
    },

    async get(owner: Owner, sessionId: string): Promise<FocusSession | null> {
      const rows = await withTitle().where(and(mine(owner), eq(focusSessions.id, sessionId)));
      return present(rows)[0] ?? null;
    },

    async open(owner: Owner): Promise<FocusSession | null> {
      const rows = await withTitle().where(and(mine(owner), isNull(focusSessions.endedAt)));
      return present(rows)[0] ?? null;
    },

    async insert(row: typeof focusSessions.$inferInsert) {
      await db.insert(focusSessions).values(row);
    },

    /** Writes only while the session is still open, so a stale end or pause cannot change a finished one. */
    async updateOpen(owner: Owner, sessionId: string, set: Partial<FocusSessionRow>) {
      const rows = await db
        .update(focusSessions)
        .set(set)
        .where(and(mine(owner), eq(focusSessions.id, sessionId), isNull(focusSessions.endedAt)))
        .returning({ id: focusSessions.id });
      return rows.length > 0;
    },

    /** Completed focus periods since the last long break (within the last day, so a new day starts a cycle). */
    async completedInCycle(owner: Owner, now: Date) {
      const since = new Date(now.getTime() - 24 * 3600 * 1000);
      const [lastLong] = await db
        .select({ endedAt: focusSessions.endedAt })
        .from(focusSessions)
        .where(
          and(
            mine(owner),
            eq(focusSessions.kind, 'long_break'),
            isNotNull(focusSessions.endedAt),
            gte(focusSessions.startedAt, since),
          ),
        )
        .orderBy(desc(focusSessions.startedAt))
        .limit(1);
      const from = lastLong?.endedAt && lastLong.endedAt > since ? lastLong.endedAt : since;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(focusSessions)
        .where(
          and(
            mine(owner),
            eq(focusSessions.kind, 'focus'),
            eq(focusSessions.outcome, 'completed'),
            gte(focusSessions.endedAt, from),
          ),
        );
      return row?.n ?? 0;
    },

    /** Ended sessions, newest first; the cursor is the last one's start time and id. */
    async log(owner: Owner, { cursor, limit }: { cursor?: { startedAt: Date; id: string }; limit: number }) {
      const rows = await withTitle()
        .where(
          and(
            mine(owner),
            isNotNull(focusSessions.endedAt),
            cursor
              ? or(
                  lt(focusSessions.startedAt, cursor.startedAt),
                  and(eq(focusSessions.startedAt, cursor.startedAt), lt(focusSessions.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(focusSessions.startedAt), desc(focusSessions.id))
        .limit(limit + 1);
      return present(rows);
    },

    /** Focused seconds per calendar day (in `timeZone`) of focus periods started on or after `fromDate`. */
    async secondsPerDay(owner: Owner, { fromDate, timeZone }: { fromDate: string; timeZone: string }) {
      const day = sql<string>`to_char((${focusSessions.startedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
      return (
        db
          .select({ date: day, seconds: sql<number>`sum(${focusSessions.focusedSeconds})::int` })
          .from(focusSessions)
          .where(
            and(
              mine(owner),
              eq(focusSessions.kind, 'focus'),
              isNotNull(focusSessions.endedAt),
              gte(focusSessions.startedAt, sql`(${fromDate}::timestamp at time zone ${timeZone})`),
            ),
          )
          // By position: the time zone is a parameter, so a repeated expression would not match the selected one.
          .groupBy(sql`1`)
      );
    },
  };
}

export type FocusRepository = ReturnType<typeof focusRepository>;
