import type { FocusState } from '@flowmind/shared/focus';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '../../lib/time-zones';
import { focusApi } from './focus-api';
import { readFocusMemory } from './focus-memory';

export const focusKeys = {
  state: (accountId: string) => ['focus', accountId, 'state'],
  log: (accountId: string) => ['focus', accountId, 'log'],
  stats: (accountId: string) => ['focus', accountId, 'stats'],
  tasks: (accountId: string) => ['focus', accountId, 'tasks'],
  notes: (accountId: string) => ['focus', accountId, 'notes'],
};

/**
 * The running period, the cycle and the settings. Until the server answers, the last state this browser saw
 * shows (so a reload does not flash an idle timer); the server's answer is the truth.
 */
export function useFocusState(accountId: string | null) {
  return useQuery<FocusState>({
    queryKey: focusKeys.state(accountId ?? ''),
    queryFn: () => focusApi.state(accountId as string),
    enabled: Boolean(accountId),
    placeholderData: () => (accountId ? (readFocusMemory(accountId).lastState ?? undefined) : undefined),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useFocusLog(accountId: string | null) {
  return useInfiniteQuery({
    queryKey: focusKeys.log(accountId ?? ''),
    queryFn: ({ pageParam }) => focusApi.log({ accountId: accountId as string, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(accountId),
  });
}

export function useFocusStats(accountId: string | null, days: number) {
  return useQuery({
    queryKey: [...focusKeys.stats(accountId ?? ''), days],
    queryFn: () => focusApi.stats({ accountId: accountId as string, days, timeZone: browserTimeZone() }),
    enabled: Boolean(accountId),
  });
}

export function useOpenTasks(accountId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: focusKeys.tasks(accountId ?? ''),
    queryFn: () => focusApi.openTasks(accountId as string).then((body) => body.tasks),
    enabled: enabled && Boolean(accountId),
    staleTime: 0,
  });
}

export function useRecentNotes(accountId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: focusKeys.notes(accountId ?? ''),
    queryFn: () => focusApi.notes(accountId as string).then((body) => body.notes),
    enabled: enabled && Boolean(accountId),
    staleTime: 0,
  });
}
