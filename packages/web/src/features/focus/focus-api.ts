import type {
  FocusKind,
  FocusLog,
  FocusOutcome,
  FocusSession,
  FocusSettings,
  FocusState,
  FocusStats,
  UpdateFocusSettings,
} from '@flowmind/shared/focus';
import type { NoteList, NoteTask, NoteTaskList } from '@flowmind/shared/notes';
import { api } from '../../lib/api';

const sessionPath = (sessionId: string) => `/api/focus/sessions/${encodeURIComponent(sessionId)}`;

/** What a focus period is about: a note, or one open task of a note. */
export type FocusTarget = { noteId: string; noteTitle: string; taskIndex: number | null; taskText: string | null };

/** Every call focus mode makes; the types come from the shared contracts. */
export const focusApi = {
  state: (accountId: string) => api<FocusState>(`/api/focus/state?${new URLSearchParams({ accountId })}`),
  updateSettings: (patch: UpdateFocusSettings) =>
    api<FocusSettings>('/api/focus/settings', { method: 'PATCH', body: patch }),
  start: ({ accountId, kind, target }: { accountId: string; kind: FocusKind; target: FocusTarget | null }) =>
    api<FocusSession>('/api/focus/sessions', {
      method: 'POST',
      body: {
        accountId,
        kind,
        ...(target && kind === 'focus'
          ? {
              noteId: target.noteId,
              ...(target.taskIndex !== null && target.taskText !== null
                ? { taskIndex: target.taskIndex, taskText: target.taskText }
                : {}),
            }
          : {}),
      },
    }),
  pause: ({ accountId, sessionId }: { accountId: string; sessionId: string }) =>
    api<FocusSession>(`${sessionPath(sessionId)}/pause`, { method: 'POST', body: { accountId } }),
  resume: ({ accountId, sessionId }: { accountId: string; sessionId: string }) =>
    api<FocusSession>(`${sessionPath(sessionId)}/resume`, { method: 'POST', body: { accountId } }),
  end: ({ accountId, sessionId, outcome }: { accountId: string; sessionId: string; outcome: FocusOutcome }) =>
    api<FocusSession>(`${sessionPath(sessionId)}/end`, { method: 'POST', body: { accountId, outcome } }),
  log: ({ accountId, cursor }: { accountId: string; cursor?: string }) => {
    const params = new URLSearchParams({ accountId });
    if (cursor) params.set('cursor', cursor);
    return api<FocusLog>(`/api/focus/sessions?${params}`);
  },
  stats: ({ accountId, days, timeZone }: { accountId: string; days: number; timeZone: string }) =>
    api<FocusStats>(`/api/focus/stats?${new URLSearchParams({ accountId, days: String(days), timeZone })}`),
  /** Open tasks from every live note's task lists (the notes API). */
  openTasks: (accountId: string) =>
    api<NoteTaskList>(`/api/notes/tasks?${new URLSearchParams({ accountId, checked: 'false' })}`),
  notes: (accountId: string) =>
    api<NoteList>(`/api/notes?${new URLSearchParams({ accountId, sort: 'updated', limit: '50' })}`),
  /** Ticks a task in its note; a 409 means the note changed and the task is no longer at that place. */
  tickTask: ({ target, accountId }: { target: FocusTarget; accountId: string }) =>
    api<NoteTask>(`/api/notes/${encodeURIComponent(target.noteId)}/tasks?${new URLSearchParams({ accountId })}`, {
      method: 'POST',
      body: { index: target.taskIndex, text: target.taskText, checked: true },
    }),
};
