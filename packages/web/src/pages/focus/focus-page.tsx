import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { FocusChart } from '../../features/focus/focus-chart';
import { FocusLog } from '../../features/focus/focus-log';
import { FocusTarget } from '../../features/focus/focus-target';
import { FocusTimerPanel } from '../../features/focus/focus-timer-panel';
import { formatClock } from '../../features/focus/format-clock';
import { useFocusKeys } from '../../features/focus/use-focus-keys';
import { type FocusTimer, useFocusTimer } from '../../features/focus/use-focus-timer';
import { documentTitle } from '../../features/page-header/page-header-store';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';

/** The tab's title follows the clock ('12:34 · Focus'), so it can be read from another tab. */
function useClockTitle(timer: FocusTimer) {
  const { session, remaining, kindLabel, justEnded } = timer;
  const clock = formatClock(remaining);
  useEffect(() => {
    if (session) document.title = `${clock} · ${kindLabel}${session.pausedAt ? ' (paused)' : ''}`;
    else if (justEnded) document.title = justEnded === 'focus' ? 'Time for a break · Focus' : 'Back to focus · Focus';
    else document.title = documentTitle('Focus');
  }, [session, clock, kindLabel, justEnded]);
  useEffect(
    () => () => {
      document.title = documentTitle('Focus');
    },
    [],
  );
}

export function FocusPage() {
  usePageHeader({ title: 'Focus' });
  const { account, isLoading } = useActiveAccount();
  const accountId = account?.id ?? null;
  const timer = useFocusTimer(accountId);
  useFocusKeys(timer);
  useClockTitle(timer);

  if (isLoading || (accountId && timer.loading)) return <FocusSkeleton />;
  if (!accountId || timer.error)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <AlertTriangle className="size-6 text-destructive" aria-hidden="true" />
        <p className="font-medium">Focus mode could not load</p>
        <p className="text-muted-foreground text-sm">{errorMessage(timer.error, 'No account to work in.')}</p>
        <Button variant="outline" onClick={timer.retry}>
          Try again
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-10">
      <FocusTarget timer={timer} accountId={accountId} />
      <FocusTimerPanel timer={timer} accountId={accountId} />
      <div className="grid gap-8 border-t pt-8">
        <FocusChart accountId={accountId} />
        <FocusLog accountId={accountId} />
      </div>
    </div>
  );
}

function FocusSkeleton() {
  return (
    <div className="flex flex-col items-center gap-6 py-4" role="status" aria-label="Loading focus mode">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24 w-72" />
      <Skeleton className="h-11 w-64" />
    </div>
  );
}
