import { CalendarDays, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Input } from '../../../../components/ui/input';
import { isInMonth, type Month, today } from './calendar-dates';
import { AddOnDay, CalendarEvents } from './calendar-event';
import { longDay } from './calendar-month';
import type { CalendarItems } from './calendar-view';

/** The month as a list of the days that have records: a phone is too narrow for seven columns. */
export function CalendarAgenda({
  month,
  monthTitle,
  items,
  pending,
}: {
  month: Month;
  monthTitle: string;
  items: CalendarItems;
  pending: boolean;
}) {
  const days = [...items.byDay.keys()].filter((day) => isInMonth(day, month)).sort();
  const now = today();
  const addDay = isInMonth(now, month) ? now : `${month.year}-${String(month.month).padStart(2, '0')}-01`;
  if (pending)
    return (
      <div className="grid gap-2 p-3" role="status" aria-label="Loading records">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-12 animate-pulse rounded bg-muted" />
        ))}
      </div>
    );
  if (days.length === 0)
    return (
      <div className="p-4">
        <EmptyState
          icon={CalendarDays}
          title={`No records in ${monthTitle}`}
          description="Add one, or go to another month."
        >
          <Button onClick={() => items.addOn(addDay)}>
            <Plus aria-hidden="true" />
            Add a record
          </Button>
        </EmptyState>
      </div>
    );
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <AddOnAnyDay key={addDay} initialDay={addDay} items={items} />
      {days.map((day) => (
        <section key={day} data-day={day} aria-label={longDay(day)} className="border-b px-3 py-2">
          <header className="mb-1.5 flex items-center justify-between">
            <h3 className="font-medium text-[13px]">
              {longDay(day)}
              {day === now && <span className="ml-2 text-primary text-xs">Today</span>}
            </h3>
            <AddOnDay day={day} label={longDay(day)} items={items} className="size-6 p-1" />
          </header>
          <CalendarEvents records={items.byDay.get(day) ?? []} items={items} className="grid gap-1 text-sm" />
        </section>
      ))}
    </div>
  );
}

/** Days without records have no row of their own here, so a date picker reaches them. */
function AddOnAnyDay({ initialDay, items }: { initialDay: string; items: CalendarItems }) {
  const [day, setDay] = useState(initialDay);
  return (
    <div className="flex items-center gap-2 border-b px-3 py-2">
      <Input
        type="date"
        aria-label="Date of the new record"
        value={day}
        onChange={(event) => setDay(event.target.value)}
        className="h-8 flex-1 text-[13px]"
      />
      <Button size="sm" variant="outline" disabled={!day} onClick={() => items.addOn(day)}>
        <Plus aria-hidden="true" />
        Add record
      </Button>
    </div>
  );
}
