import { FOCUS_KIND_LABEL, FocusKind } from '@flowmind/shared/focus';
import { Check, Pause, Play, SkipForward } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { FocusSettingsPopover } from './focus-settings-popover';
import { formatClock } from './format-clock';
import type { FocusTimer } from './use-focus-timer';

const kindTone: Record<FocusKind, string> = {
  focus: 'bg-primary',
  short_break: 'bg-emerald-500',
  long_break: 'bg-sky-500',
};

/** The big clock with its period, progress and the three actions. */
export function FocusTimerPanel({ timer, accountId }: { timer: FocusTimer; accountId: string }) {
  const { session, kind, remaining, plannedSeconds, running, paused, busy, target } = timer;
  const progress = plannedSeconds > 0 ? 1 - remaining / plannedSeconds : 0;
  const canFinishTask = Boolean(target && target.taskIndex !== null);
  const status = running ? 'Running' : paused ? 'Paused' : 'Ready';
  return (
    <section aria-label="Timer" className="flex flex-col items-center gap-6">
      <div className="flex w-full items-center justify-between gap-2">
        <fieldset className="inline-flex rounded-lg bg-muted p-1">
          <legend className="sr-only">Period</legend>
          {FocusKind.options.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={kind === option}
              disabled={Boolean(session) && kind !== option}
              onClick={() => timer.chooseKind(option)}
              className={cn(
                'rounded-md px-2.5 py-1 font-medium text-[13px] text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 sm:px-3',
                kind === option && 'bg-background text-foreground shadow-xs',
              )}
            >
              {FOCUS_KIND_LABEL[option]}
            </button>
          ))}
        </fieldset>
        <FocusSettingsPopover settings={timer.state?.settings ?? null} accountId={accountId} disabled={!timer.state} />
      </div>

      <div className="flex flex-col items-center gap-2">
        <p className="font-medium text-muted-foreground text-sm" aria-live="polite">
          {timer.justEnded && !session
            ? timer.justEnded === 'focus'
              ? 'Focus period done. Time for a break.'
              : 'Break over. Ready to focus?'
            : `${FOCUS_KIND_LABEL[kind]} · ${status}`}
        </p>
        <div
          role="timer"
          aria-label={`${formatClock(remaining)} left`}
          className={cn(
            'font-semibold text-7xl tabular-nums tracking-tight sm:text-8xl',
            paused && 'text-muted-foreground',
          )}
        >
          {formatClock(remaining)}
        </div>
      </div>

      <div
        className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Period progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', kindTone[kind])}
          style={{ width: `${progress * 100}%` }}
        />
      </div>

      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button size="lg" className="min-w-36" onClick={() => void timer.toggle()} disabled={busy || !timer.state}>
          {running ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {running ? 'Pause' : paused ? 'Resume' : 'Start'}
        </Button>
        <Button size="lg" variant="outline" onClick={() => void timer.skip()} disabled={busy || !timer.state}>
          <SkipForward aria-hidden="true" />
          Skip
        </Button>
        {canFinishTask && (
          <Button size="lg" variant="outline" onClick={() => void timer.done()} disabled={busy}>
            <Check aria-hidden="true" />
            Done
          </Button>
        )}
      </div>
      <ShortcutHint canFinishTask={canFinishTask} />
    </section>
  );
}

function ShortcutHint({ canFinishTask }: { canFinishTask: boolean }) {
  const keys: [string, string][] = [
    ['Space', 'start / pause'],
    ['S', 'skip'],
    ...(canFinishTask ? ([['D', 'done']] as [string, string][]) : []),
  ];
  return (
    <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
      <span className="sr-only">Keyboard shortcuts:</span>
      {keys.map(([key, what]) => (
        <span key={key} className="inline-flex items-center gap-1.5">
          <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[11px] text-foreground">{key}</kbd>
          {what}
        </span>
      ))}
    </p>
  );
}
