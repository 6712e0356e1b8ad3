import { type DragEvent, useState } from 'react';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { cn } from '../../../../lib/cn';
import { RECORD_DRAG_TYPE } from '../../records/record-move-menu';
import { isInMonth, type Month, monthGrid, today } from './calendar-dates';
import { AddOnDay, CalendarEvents } from './calendar-event';
import type { CalendarItems } from './calendar-view';

/** Records a day cell shows before it says "+N more". */
const PER_DAY = 3;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const longDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The month as weeks of days (Monday first); records drop on a day to move there. */
export function CalendarMonth({ month, items, pending }: { month: Month; items: CalendarItems; pending: boolean }) {
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [moreDay, setMoreDay] = useState<string | null>(null);
  const weeks = monthGrid(month);
  const now = today();
  const drop = (event: DragEvent, day: string) => {
    event.preventDefault();
    setDropDay(null);
    const id = event.dataTransfer.getData(RECORD_DRAG_TYPE);
    const record = [...items.byDay.values()].flat().find((item) => item.id === id);
    if (record) items.moveTo(record, day);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto" aria-busy={pending}>
      <div className="grid shrink-0 grid-cols-7 border-b bg-surface" aria-hidden="true">
        {WEEKDAYS.map((name) => (
          <div key={name} className="px-2 py-1 text-muted-foreground text-xs">
            {name}
          </div>
        ))}
      </div>
      <div className="grid min-h-0 flex-1 auto-rows-[minmax(auto,1fr)]">
        {weeks.map((week) => (
          <div key={week[0]} className="grid grid-cols-7 border-b last:border-b-0">
            {week.map((day) => {
              const records = items.byDay.get(day) ?? [];
              const extra = records.length - PER_DAY;
              return (
                <section
                  key={day}
                  data-day={day}
                  aria-label={longDay(day)}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(RECORD_DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setDropDay(day);
                  }}
                  onDragLeave={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropDay(null);
                  }}
                  onDrop={(event) => drop(event, day)}
                  className={cn(
                    'group/day flex min-h-28 min-w-0 flex-col gap-1 border-r p-1 last:border-r-0',
                    // The page behind is the surface colour: the month's days are lifted off it, the others dimmed.
                    isInMonth(day, month) ? 'bg-background' : 'bg-muted',
                    dropDay === day && 'bg-primary-soft/50 outline-2 outline-primary -outline-offset-2',
                  )}
                >
                  <div className="flex items-center justify-between">
                    <span
                      className={cn(
                        'flex size-6 items-center justify-center rounded-full text-xs tabular-nums',
                        day === now && 'bg-primary font-semibold text-primary-foreground',
                        day !== now && !isInMonth(day, month) && 'text-muted-foreground',
                      )}
                    >
                      {Number(day.slice(8))}
                    </span>
                    <AddOnDay
                      day={day}
                      label={longDay(day)}
                      items={items}
                      className="size-5 p-0.5 opacity-0 focus-visible:opacity-100 group-hover/day:opacity-100"
                    />
                  </div>
                  <CalendarEvents records={records.slice(0, PER_DAY)} items={items} className="grid min-w-0 gap-0.5" />
                  {extra > 0 && (
                    <button
                      type="button"
                      onClick={() => setMoreDay(day)}
                      className="self-start rounded px-1.5 text-muted-foreground text-xs hover:bg-accent hover:text-foreground"
                    >
                      +{extra} more
                    </button>
                  )}
                </section>
              );
            })}
          </div>
        ))}
      </div>
      <Dialog open={moreDay !== null} onOpenChange={(open) => !open && setMoreDay(null)}>
        {moreDay && (
          <DialogContent title={longDay(moreDay)}>
            <CalendarEvents
              records={items.byDay.get(moreDay) ?? []}
              items={items}
              className="grid gap-1"
              onOpen={() => setMoreDay(null)}
            />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
