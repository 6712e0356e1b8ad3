import type { TableRecord } from '@flowmind/shared/tables';
import { Plus } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { selectColorClasses } from '../../fields/field-types';
import { RECORD_DRAG_TYPE, RecordMoveMenu } from '../../records/record-move-menu';
import type { CalendarItems } from './calendar-view';

const moves = [
  { label: 'Previous day', days: -1 },
  { label: 'Next day', days: 1 },
  { label: 'A week earlier', days: -7 },
  { label: 'A week later', days: 7 },
];

/** A record on its day: opens on click, drags to another day, and its menu moves it without a mouse. */
export function CalendarEvent({
  record,
  title,
  color,
  onOpen,
  onShift,
}: {
  record: TableRecord;
  title: string;
  color: keyof typeof selectColorClasses | null;
  onOpen: () => void;
  onShift: (days: number) => void;
}) {
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(RECORD_DRAG_TYPE, record.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      data-record-id={record.id}
      className={cn(
        'group relative flex min-w-0 cursor-grab items-center rounded-md text-xs active:cursor-grabbing',
        color ? selectColorClasses[color] : 'bg-primary-soft text-primary-soft-foreground',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 truncate rounded-md px-1.5 py-1 text-left focus-visible:outline-2 focus-visible:outline-ring"
      >
        {title}
      </button>
      <RecordMoveMenu
        title={title}
        onOpen={onOpen}
        moves={moves.map((move) => ({ key: String(move.days), label: move.label, onSelect: () => onShift(move.days) }))}
        triggerClassName="shrink-0 rounded p-0.5 opacity-100 hover:bg-black/10 sm:opacity-0 sm:focus-visible:opacity-100 sm:group-hover:opacity-100 sm:data-[state=open]:opacity-100"
        iconClassName="size-3.5"
      />
    </li>
  );
}

/** The records of one day; `onOpen` runs before a record opens (e.g. to close the dialog they are listed in). */
export function CalendarEvents({
  records,
  items,
  className,
  onOpen,
}: {
  records: TableRecord[];
  items: CalendarItems;
  className: string;
  onOpen?: () => void;
}) {
  return (
    <ul className={className}>
      {records.map((record) => (
        <CalendarEvent
          key={record.id}
          record={record}
          title={items.titleOf(record)}
          color={items.colorOf(record)}
          onOpen={() => {
            onOpen?.();
            items.open(record);
          }}
          onShift={(days) => items.shift(record, days)}
        />
      ))}
    </ul>
  );
}

/** The + of a day: a new record dated that day, opened to fill in. */
export function AddOnDay({
  day,
  label,
  items,
  className,
}: {
  day: string;
  label: string;
  items: CalendarItems;
  className: string;
}) {
  return (
    <button
      type="button"
      aria-label={`Add a record on ${label}`}
      onClick={() => items.addOn(day)}
      className={cn('rounded text-muted-foreground hover:bg-accent hover:text-foreground', className)}
    >
      <Plus className="size-full" aria-hidden="true" />
    </button>
  );
}
