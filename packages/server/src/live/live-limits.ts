/** Close code for a socket whose session ended; the web client stops reconnecting until the session changes. */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code when the session could not be checked: the client reconnects, and is checked afresh. */
export const CLOSE_TRY_AGAIN = 1011;

export type LiveLimits = {
  subscriptionsPerSocket: number;
  /** Across the user's sockets on one api process. */
  subscriptionsPerUser: number;
  /** Live queries running at once in the process; the rest wait their turn (users in rotation). */
  queryConcurrency: number;
  /** A burst of changes is gathered this long, so a topic published many times re-runs its queries once. */
  coalesceMs: number;
  /** A query runs again at most this often; changes in between are picked up by its next run. */
  minIntervalMs: number;
};

export const LIVE_LIMITS: LiveLimits = {
  subscriptionsPerSocket: 100,
  subscriptionsPerUser: 300,
  queryConcurrency: 2,
  coalesceMs: 25,
  minIntervalMs: 250,
};

/** Cursor moves and pings are many and store nothing: a session check this recent covers them. */
export const LENIENT_CHECK_MS = 1000;
/** Longest timer Node keeps (about 24.8 days); a later expiry is looked at again then. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
