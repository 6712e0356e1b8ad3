import type { FocusDay } from '@flowmind/shared/focus';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDuration } from './format-clock';
import { useFocusStats } from './use-focus';

const RANGES = [7, 30] as const;
const HEIGHT = 120;

const dayLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', ...options });

/** Focused minutes per day as plain SVG bars; every bar has a text label for screen readers. */
export function FocusChart({ accountId }: { accountId: string }) {
  const [days, setDays] = useState<(typeof RANGES)[number]>(7);
  const stats = useFocusStats(accountId, days);
  return (
    <section aria-labelledby="focus-chart-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <div>
          <h2 id="focus-chart-title" className="font-semibold text-sm">
            Focused time
          </h2>
          <p className="text-muted-foreground text-xs">
            {stats.data
              ? stats.data.totalSeconds > 0
                ? `${formatDuration(stats.data.totalSeconds)} in the last ${days} days`
                : `No focused time in the last ${days} days`
              : ' '}
          </p>
        </div>
        <fieldset className="inline-flex rounded-md bg-muted p-0.5">
          <legend className="sr-only">Range</legend>
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className={cn(
                'rounded px-2 py-0.5 text-muted-foreground text-xs focus-visible:outline-2 focus-visible:outline-ring',
                days === range && 'bg-background text-foreground shadow-xs',
              )}
            >
              {range} days
            </button>
          ))}
        </fieldset>
      </div>
      {stats.isPending ? (
        <Skeleton className="h-[152px]" />
      ) : stats.isError ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm"
        >
          <span>{errorMessage(stats.error, 'Could not load your focused time')}</span>
          <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="relative">
          <Bars days={stats.data.days} />
          {stats.data.totalSeconds === 0 && (
            <p className="absolute inset-x-0 top-10 text-center text-muted-foreground text-sm">
              Finish a focus period to see it here.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function Bars({ days }: { days: FocusDay[] }) {
  const most = Math.max(...days.map((day) => day.focusedSeconds), 0);
  const scale = most > 0 ? most : 1;
  const slot = 100 / days.length;
  const labelEvery = days.length > 10 ? 5 : 1;
  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-labelledby="focus-chart-desc"
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-[120px] w-full overflow-visible"
      >
        <desc id="focus-chart-desc">
          {days
            .map(
              (day) =>
                `${dayLabel(day.date, { weekday: 'long', month: 'short', day: 'numeric' })}: ${formatDuration(day.focusedSeconds)}`,
            )
            .join('; ')}
        </desc>
        <line
          x1="0"
          x2="100"
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-border"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, index) => {
          const height = day.focusedSeconds > 0 ? Math.max(2, (day.focusedSeconds / scale) * (HEIGHT - 8)) : 0;
          return (
            <rect
              key={day.date}
              x={index * slot + slot * 0.18}
              width={slot * 0.64}
              y={HEIGHT - height}
              height={height}
              rx="0.6"
              className="fill-primary"
            >
              <title>{`${dayLabel(day.date, { weekday: 'short', month: 'short', day: 'numeric' })}: ${formatDuration(day.focusedSeconds)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex text-[11px] text-muted-foreground" aria-hidden="true">
        {days.map((day, index) => (
          <span key={day.date} className="flex-1 truncate text-center">
            {index % labelEvery === 0 || index === days.length - 1
              ? dayLabel(day.date, days.length > 10 ? { day: 'numeric', month: 'numeric' } : { weekday: 'short' })
              : ''}
          </span>
        ))}
      </div>
    </figure>
  );
}
