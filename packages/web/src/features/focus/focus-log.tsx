import { FOCUS_KIND_LABEL, type FocusSession } from '@flowmind/shared/focus';
import { Coffee, History, Target } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatDuration } from './format-clock';
import { useFocusLog } from './use-focus';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** Past periods, newest first, a page at a time. */
export function FocusLog({ accountId }: { accountId: string }) {
  const log = useFocusLog(accountId);
  const sessions = log.data?.pages.flatMap((page) => page.sessions) ?? [];
  return (
    <section aria-labelledby="focus-log-title" className="grid gap-3">
      <h2 id="focus-log-title" className="font-semibold text-sm">
        Sessions
      </h2>
      {log.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading sessions">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : log.isError ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm"
        >
          <span>{errorMessage(log.error, 'Could not load your sessions')}</span>
          <Button size="sm" variant="outline" onClick={() => void log.refetch()}>
            Retry
          </Button>
        </div>
      ) : sessions.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-4 text-muted-foreground text-sm">
          <History className="size-4" aria-hidden="true" />
          No sessions yet. Finished and skipped periods show up here.
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-lg border" aria-label="Focus sessions">
            {sessions.map((session) => (
              <LogRow key={session.id} session={session} />
            ))}
          </ul>
          {log.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-center"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function LogRow({ session }: { session: FocusSession }) {
  const Icon = session.kind === 'focus' ? Target : Coffee;
  const what =
    session.taskText ?? session.noteTitle ?? (session.kind === 'focus' ? 'Focus' : FOCUS_KIND_LABEL[session.kind]);
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 text-sm">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate">{what}</p>
        <p className="truncate text-muted-foreground text-xs">
          {FOCUS_KIND_LABEL[session.kind]}
          {session.taskText && session.noteTitle ? ` · ${session.noteTitle}` : ''} · {timeOf(session.startedAt)}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="tabular-nums">{formatDuration(session.focusedSeconds)}</p>
        <p className="text-muted-foreground text-xs">{session.outcome === 'completed' ? 'Completed' : 'Skipped'}</p>
      </div>
    </li>
  );
}
