import {
  elapsedSeconds,
  FOCUS_KIND_LABEL,
  type FocusKind,
  type FocusOutcome,
  type FocusSession,
  type FocusState,
  nextKind,
  plannedSecondsFor,
} from '@flowmind/shared/focus';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { playChime, unlockChime } from './chime';
import { type FocusTarget, focusApi } from './focus-api';
import { readFocusMemory, writeFocusMemory } from './focus-memory';
import { focusKeys, useFocusState } from './use-focus';

/** Re-renders every `intervalMs` while `active`; the time shown is always computed from timestamps. */
function useNow(active: boolean, intervalMs = 250) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    // A background tab's timers are slowed down; coming back shows the right time at once.
    const onVisible = () => setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, intervalMs]);
  return now;
}

export type FocusTimer = ReturnType<typeof useFocusTimer>;

/**
 * Focus mode's timer: the open session on the server is the running period; the picked task and the next
 * period are remembered in this browser. Start/pause, skip and done are the three things a user does.
 */
export function useFocusTimer(accountId: string | null) {
  const queryClient = useQueryClient();
  const stateQuery = useFocusState(accountId);
  const state = stateQuery.data ?? null;
  const session = state?.session ?? null;
  const [memory, setMemory] = useState(() =>
    accountId ? readFocusMemory(accountId) : { target: null, upcoming: 'focus' as FocusKind, lastState: null },
  );
  const [busy, setBusy] = useState(false);
  const [justEnded, setJustEnded] = useState<FocusKind | null>(null);
  const running = Boolean(session && !session.pausedAt);
  const now = useNow(running);

  useEffect(() => {
    if (accountId) setMemory(readFocusMemory(accountId));
  }, [accountId]);
  useEffect(() => {
    if (accountId && stateQuery.data && !stateQuery.isPlaceholderData)
      writeFocusMemory(accountId, { lastState: stateQuery.data });
  }, [accountId, stateQuery.data, stateQuery.isPlaceholderData]);

  const remember = useCallback(
    (patch: Partial<typeof memory>) => {
      if (!accountId) return;
      writeFocusMemory(accountId, patch);
      setMemory((current) => ({ ...current, ...patch }));
    },
    [accountId],
  );

  // Another browser started the period: its note and task come from the server.
  const target: FocusTarget | null =
    memory.target ??
    (session?.noteId
      ? {
          noteId: session.noteId,
          noteTitle: session.noteTitle ?? '',
          taskIndex: session.taskIndex,
          taskText: session.taskText,
        }
      : null);
  const kind: FocusKind = session?.kind ?? memory.upcoming;
  const plannedSeconds = session?.plannedSeconds ?? (state ? plannedSecondsFor(kind, state.settings) : 0);
  const elapsed = session ? Math.min(plannedSeconds, elapsedSeconds(session, now)) : 0;
  const remaining = Math.max(0, plannedSeconds - elapsed);

  const setState = useCallback(
    (update: (current: FocusState) => FocusState) => {
      if (!accountId) return;
      queryClient.setQueryData<FocusState>(focusKeys.state(accountId), (current) =>
        current ? update(current) : current,
      );
    },
    [accountId, queryClient],
  );
  const refreshHistory = useCallback(() => {
    if (!accountId) return;
    void queryClient.invalidateQueries({ queryKey: focusKeys.log(accountId) });
    void queryClient.invalidateQueries({ queryKey: focusKeys.stats(accountId) });
  }, [accountId, queryClient]);

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      return await action();
    } catch (error) {
      alerts.error(errorMessage(error, 'Could not update the timer'));
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  /** Ends the running period and lines up the one after it. */
  const finish = useCallback(
    async (ended: FocusSession, outcome: FocusOutcome) => {
      if (!accountId || !state) return;
      const result = await run(() => focusApi.end({ accountId, sessionId: ended.id, outcome }));
      if (!result) {
        void stateQuery.refetch();
        return;
      }
      const completedInCycle = state.completedInCycle + (ended.kind === 'focus' && outcome === 'completed' ? 1 : 0);
      const upcoming = nextKind({
        ended: ended.kind,
        completedInCycle: ended.kind === 'long_break' ? 0 : completedInCycle,
        longBreakEvery: state.settings.longBreakEvery,
      });
      remember({ upcoming });
      setState((current) => ({
        ...current,
        session: null,
        completedInCycle: ended.kind === 'long_break' ? 0 : completedInCycle,
      }));
      refreshHistory();
      void stateQuery.refetch();
    },
    [accountId, state, run, remember, setState, refreshHistory, stateQuery],
  );

  // The period is over: end it as completed once, chime, and say so in the tab's title.
  const endedRef = useRef<string | null>(null);
  const confirmed = !stateQuery.isPlaceholderData;
  useEffect(() => {
    // Only the server's own state ends a period: the remembered one may have ended elsewhere already.
    if (!confirmed || !session || session.pausedAt || remaining > 0 || endedRef.current === session.id) return;
    endedRef.current = session.id;
    setJustEnded(session.kind);
    playChime();
    void finish(session, 'completed');
  }, [confirmed, session, remaining, finish]);

  const start = useCallback(
    async (startKind: FocusKind = kind) => {
      if (!accountId) return;
      unlockChime();
      setJustEnded(null);
      const started = await run(() => focusApi.start({ accountId, kind: startKind, target }));
      if (started) setState((current) => ({ ...current, session: started }));
      refreshHistory();
    },
    [accountId, kind, target, run, setState, refreshHistory],
  );

  const toggle = useCallback(async () => {
    if (!accountId || busy) return;
    if (!session) return start();
    unlockChime();
    const action = session.pausedAt ? focusApi.resume : focusApi.pause;
    const updated = await run(() => action({ accountId, sessionId: session.id }));
    if (updated) setState((current) => ({ ...current, session: updated }));
  }, [accountId, busy, session, start, run, setState]);

  const skip = useCallback(async () => {
    if (busy || !state) return;
    setJustEnded(null);
    if (session) return finish(session, 'skipped');
    remember({
      upcoming: nextKind({
        ended: kind,
        completedInCycle: state.completedInCycle,
        longBreakEvery: state.settings.longBreakEvery,
      }),
    });
  }, [busy, state, session, finish, remember, kind]);

  /** Ticks the picked task in its note and ends a running focus period as completed. */
  const done = useCallback(async () => {
    if (!accountId || busy || !target || target.taskIndex === null) return;
    const ticked = await run(() => focusApi.tickTask({ accountId, target }));
    void queryClient.invalidateQueries({ queryKey: focusKeys.tasks(accountId) });
    if (!ticked) return;
    alerts.success(`Done: ${target.taskText}`);
    remember({ target: null });
    if (session && session.kind === 'focus') await finish(session, 'completed');
  }, [accountId, busy, target, run, queryClient, remember, session, finish]);

  const choose = useCallback(
    (target: FocusTarget | null) => {
      remember({ target });
    },
    [remember],
  );

  const chooseKind = useCallback(
    (upcoming: FocusKind) => {
      if (session) return;
      setJustEnded(null);
      remember({ upcoming });
    },
    [session, remember],
  );

  return {
    loading: stateQuery.isPending,
    error: stateQuery.isError && !state ? stateQuery.error : null,
    retry: () => void stateQuery.refetch(),
    state,
    session,
    kind,
    kindLabel: FOCUS_KIND_LABEL[kind],
    plannedSeconds,
    remaining,
    running,
    paused: Boolean(session?.pausedAt),
    busy,
    justEnded,
    target,
    toggle,
    skip,
    done,
    choose,
    chooseKind,
  };
}
