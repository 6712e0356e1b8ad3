import { z } from 'zod';

/**
 * Focus mode contract (REST under /api/focus). A session is one focus or break period of one
 * user in one account; the open one (no `endedAt`) is the running timer, so a reload or another
 * tab picks it up. Times are computed from timestamps, never from counted ticks.
 */

export const FocusKind = z.enum(['focus', 'short_break', 'long_break']);
export type FocusKind = z.infer<typeof FocusKind>;

export const FocusOutcome = z.enum(['completed', 'skipped']);
export type FocusOutcome = z.infer<typeof FocusOutcome>;

export const FOCUS_LIMITS = {
  focusMinutes: { min: 1, max: 180 },
  shortBreakMinutes: { min: 1, max: 60 },
  longBreakMinutes: { min: 1, max: 120 },
  longBreakEvery: { min: 2, max: 12 },
} as const;

export const FocusSettings = z.object({
  focusMinutes: z.number().int().min(FOCUS_LIMITS.focusMinutes.min).max(FOCUS_LIMITS.focusMinutes.max),
  shortBreakMinutes: z.number().int().min(FOCUS_LIMITS.shortBreakMinutes.min).max(FOCUS_LIMITS.shortBreakMinutes.max),
  longBreakMinutes: z.number().int().min(FOCUS_LIMITS.longBreakMinutes.min).max(FOCUS_LIMITS.longBreakMinutes.max),
  /** A long break instead of a short one after this many completed focus periods. */
  longBreakEvery: z.number().int().min(FOCUS_LIMITS.longBreakEvery.min).max(FOCUS_LIMITS.longBreakEvery.max),
});
export type FocusSettings = z.infer<typeof FocusSettings>;

export const DEFAULT_FOCUS_SETTINGS: FocusSettings = {
  focusMinutes: 25,
  shortBreakMinutes: 5,
  longBreakMinutes: 15,
  longBreakEvery: 4,
};

export const UpdateFocusSettings = FocusSettings.partial();
export type UpdateFocusSettings = z.infer<typeof UpdateFocusSettings>;

export const FocusSession = z.object({
  id: z.string(),
  kind: FocusKind,
  noteId: z.string().nullable(),
  /** The note's title now (null once the note is gone or when none was picked). */
  noteTitle: z.string().nullable(),
  /** The task's position among its note's task items, and its text when the session began. */
  taskIndex: z.number().int().nullable(),
  taskText: z.string().nullable(),
  plannedSeconds: z.number().int(),
  startedAt: z.string(),
  /** Set while paused. */
  pausedAt: z.string().nullable(),
  /** Paused time already behind it (not counting a pause in progress). */
  pausedSeconds: z.number().int(),
  endedAt: z.string().nullable(),
  /** Time spent running (not paused), capped at the plan; set when the session ends. */
  focusedSeconds: z.number().int(),
  outcome: FocusOutcome.nullable(),
});
export type FocusSession = z.infer<typeof FocusSession>;

export const FocusState = z.object({
  /** The running (or paused) period, if any. */
  session: FocusSession.nullable(),
  /** Completed focus periods since the last long break: decides which break comes next. */
  completedInCycle: z.number().int(),
  settings: FocusSettings,
});
export type FocusState = z.infer<typeof FocusState>;

export const StartFocusSession = z.object({
  accountId: z.string().min(1).max(64),
  kind: FocusKind,
  noteId: z.string().min(1).max(64).optional(),
  taskIndex: z.number().int().min(0).optional(),
  taskText: z.string().max(10_000).optional(),
});
export type StartFocusSession = z.infer<typeof StartFocusSession>;

/** Pause and resume name the account the session belongs to. */
export const FocusSessionAction = z.object({ accountId: z.string().min(1).max(64) });
export type FocusSessionAction = z.infer<typeof FocusSessionAction>;

export const EndFocusSession = FocusSessionAction.extend({ outcome: FocusOutcome });
export type EndFocusSession = z.infer<typeof EndFocusSession>;

export const FOCUS_LOG_PAGE_SIZE = 20;

export const FocusLogQuery = z.object({
  accountId: z.string().min(1).max(64),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(FOCUS_LOG_PAGE_SIZE),
});
export type FocusLogQuery = z.infer<typeof FocusLogQuery>;

export const FocusLog = z.object({ sessions: z.array(FocusSession), nextCursor: z.string().nullable() });
export type FocusLog = z.infer<typeof FocusLog>;

export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const FocusStatsQuery = z.object({
  accountId: z.string().min(1).max(64),
  days: z.coerce.number().int().min(1).max(90).default(7),
  /** The reader's IANA time zone: a day is their calendar day. */
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').default('UTC'),
});
export type FocusStatsQuery = z.infer<typeof FocusStatsQuery>;

export const FocusDay = z.object({ date: z.string(), focusedSeconds: z.number().int() });
export type FocusDay = z.infer<typeof FocusDay>;
/** One entry per calendar day, oldest first, days without focus included as 0. */
export const FocusStats = z.object({ days: z.array(FocusDay), totalSeconds: z.number().int() });
export type FocusStats = z.infer<typeof FocusStats>;

/** The period that follows one that ended. Breaks are followed by focus. */
export function nextKind({
  ended,
  completedInCycle,
  longBreakEvery,
}: {
  ended: FocusKind;
  /** Completed focus periods since the last long break, counting the one that just ended. */
  completedInCycle: number;
  longBreakEvery: number;
}): FocusKind {
  if (ended !== 'focus') return 'focus';
  return completedInCycle > 0 && completedInCycle % longBreakEvery === 0 ? 'long_break' : 'short_break';
}

export const plannedSecondsFor = (kind: FocusKind, settings: FocusSettings) =>
  60 *
  (kind === 'focus'
    ? settings.focusMinutes
    : kind === 'short_break'
      ? settings.shortBreakMinutes
      : settings.longBreakMinutes);

/** Seconds run so far (paused time left out), from timestamps only. */
export function elapsedSeconds(session: Pick<FocusSession, 'startedAt' | 'pausedAt' | 'pausedSeconds'>, now: number) {
  const until = session.pausedAt ? Date.parse(session.pausedAt) : now;
  return Math.max(0, (until - Date.parse(session.startedAt)) / 1000 - session.pausedSeconds);
}

export const FOCUS_KIND_LABEL: Record<FocusKind, string> = {
  focus: 'Focus',
  short_break: 'Short break',
  long_break: 'Long break',
};

/**
 * Routes (signed in; sessions are the caller's own in an account they belong to; another
 * account's or user's session is a 404):
 * GET   /api/focus/settings                  → FocusSettings (defaults until saved)
 * PATCH /api/focus/settings                  UpdateFocusSettings → FocusSettings
 * GET   /api/focus/state?accountId=          → FocusState
 * POST  /api/focus/sessions                  StartFocusSession → FocusSession (201; ends an open one as skipped)
 * POST  /api/focus/sessions/{id}/pause       FocusSessionAction → FocusSession
 * POST  /api/focus/sessions/{id}/resume      FocusSessionAction → FocusSession
 * POST  /api/focus/sessions/{id}/end         EndFocusSession → FocusSession
 * GET   /api/focus/sessions?accountId=&cursor= → FocusLog (ended sessions, newest first)
 * GET   /api/focus/stats?accountId=&days=&timeZone= → FocusStats
 */
export const FOCUS_API = '/api/focus';
