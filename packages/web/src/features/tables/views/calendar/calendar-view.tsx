import type { View, ViewConfig } from '@flowmind/shared/table-views';
import type { Field, SelectOption, TableRecord } from '@flowmind/shared/tables';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { displayText } from '../../fields/field-types';
import { RecordPanel } from '../../records/record-panel';
import { useViewRecords, VIEW_RECORDS_CAP } from '../use-view-records';
import { ViewFieldPicker, ViewFieldSwitch } from '../view-field-picker';
import { CalendarAgenda } from './calendar-agenda';
import {
  addDays,
  addMonths,
  calendarFilter,
  dayOfValue,
  gridRange,
  monthOf,
  today,
  valueOnDay,
} from './calendar-dates';
import { CalendarMonth } from './calendar-month';

const isDateField = (field: Field) => field.type === 'date' || field.type === 'date_time';

/** What the month grid and the agenda need to show and move records. */
export type CalendarItems = {
  byDay: Map<string, TableRecord[]>;
  titleOf: (record: TableRecord) => string;
  colorOf: (record: TableRecord) => SelectOption['color'] | null;
  open: (record: TableRecord) => void;
  moveTo: (record: TableRecord, day: string) => void;
  shift: (record: TableRecord, days: number) => void;
  addOn: (day: string) => void;
};

/** Records on their dates, a month at a time; asks for the date field first. */
export function CalendarView({
  tableId,
  view,
  fields,
  search,
  version,
  onUpdateConfig,
  onAddField,
}: {
  tableId: string;
  view: View;
  fields: Field[];
  search: string;
  version: unknown;
  onUpdateConfig: (config: Partial<ViewConfig>) => void;
  onAddField: () => void;
}) {
  const dateField = fields.find((field) => field.id === view.config.calendarFieldId && isDateField(field));
  const candidates = fields.filter(isDateField);
  if (!dateField) {
    return (
      <ViewFieldPicker
        icon={CalendarDays}
        title={view.config.calendarFieldId ? 'The date field of this calendar is gone' : 'Place records by which date?'}
        description="Each record shows on the day of this field. You can change it later above the calendar."
        missingTitle="Add a date field first"
        missing="A calendar places records by a date or date-and-time field, and this table has none yet."
        candidates={candidates}
        onPick={(field) => onUpdateConfig({ calendarFieldId: field.id })}
        onAddField={onAddField}
      />
    );
  }
  return (
    <Calendar
      tableId={tableId}
      view={view}
      dateField={dateField}
      fields={fields}
      search={search}
      version={version}
      fieldSwitch={
        <ViewFieldSwitch
          label="Dates from"
          current={dateField}
          candidates={candidates}
          onPick={(field) => onUpdateConfig({ calendarFieldId: field.id })}
        />
      }
    />
  );
}

function Calendar({
  tableId,
  view,
  dateField,
  fields,
  search,
  version,
  fieldSwitch,
}: {
  tableId: string;
  view: View;
  dateField: Field;
  fields: Field[];
  search: string;
  version: unknown;
  fieldSwitch: React.ReactNode;
}) {
  const [month, setMonth] = useState(() => monthOf(today()));
  const phone = useMediaQuery('(max-width: 639px)');
  const range = useMemo(() => gridRange(month), [month]);
  const filter = useMemo(
    () =>
      calendarFilter({
        viewFilter: view.config.filter,
        fieldId: dateField.id,
        range,
        fieldIds: fields.map((field) => field.id),
      }),
    [view.config.filter, dateField.id, range, fields],
  );
  const data = useViewRecords({ tableId, viewId: view.id, filter, search, version });
  const [openId, setOpenId] = useState<string | null>(null);
  const primary = fields.find((field) => field.isPrimary) ?? fields[0];
  const colorField = fields.find((field) => field.options.type === 'single_select');

  const items: CalendarItems = useMemo(() => {
    const byDay = new Map<string, TableRecord[]>();
    for (const record of data.records) {
      const day = dayOfValue(dateField, record.values[dateField.id]);
      if (day) byDay.set(day, [...(byDay.get(day) ?? []), record]);
    }
    const moveTo = (record: TableRecord, day: string) => {
      const current = record.values[dateField.id];
      if (dayOfValue(dateField, current) === day) return;
      void data.update(record.id, { [dateField.id]: valueOnDay(dateField, current, day) });
    };
    return {
      byDay,
      titleOf: (record) => (primary && displayText(primary, record.values[primary.id])) || 'Untitled record',
      colorOf: (record) => {
        if (colorField?.options.type !== 'single_select') return null;
        const value = record.values[colorField.id];
        return colorField.options.choices.find((choice) => choice.id === value)?.color ?? null;
      },
      open: (record) => setOpenId(record.id),
      moveTo,
      shift: (record, days) => {
        const day = dayOfValue(dateField, record.values[dateField.id]);
        if (day) moveTo(record, addDays(day, days));
      },
      addOn: (day) =>
        void data.create({ [dateField.id]: valueOnDay(dateField, null, day) }).then((record) => {
          if (record) setOpenId(record.id);
        }),
    };
  }, [data.records, data.update, data.create, dateField, primary, colorField]);

  const title = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );
  const open = data.records.find((record) => record.id === openId) ?? null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b px-2 py-1 sm:px-3">
        {fieldSwitch}
        <div className="ml-auto flex items-center gap-1">
          {data.isPending && (
            <span role="status" className="mr-2 text-muted-foreground text-xs">
              Loading…
            </span>
          )}
          <h2 className="mr-2 font-semibold text-sm tabular-nums" aria-live="polite">
            {title}
          </h2>
          <Button size="sm" variant="outline" onClick={() => setMonth(monthOf(today()))}>
            Today
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Previous month"
            onClick={() => setMonth(addMonths(month, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button size="icon-sm" variant="ghost" aria-label="Next month" onClick={() => setMonth(addMonths(month, 1))}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {data.total > data.records.length && (
        <p className="border-b bg-warning/10 px-4 py-1.5 text-[13px]" role="status">
          Showing the first {VIEW_RECORDS_CAP.toLocaleString()} of {data.total.toLocaleString()} records this month.
          Filter or search to see the others.
        </p>
      )}
      {data.error ? (
        <div
          role="alert"
          className="m-4 rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
        >
          {errorMessage(data.error)}
        </div>
      ) : phone ? (
        <CalendarAgenda month={month} monthTitle={title} items={items} pending={data.isPending} />
      ) : (
        <CalendarMonth month={month} items={items} pending={data.isPending} />
      )}
      <RecordPanel
        tableId={tableId}
        record={open}
        fields={fields}
        onClose={() => setOpenId(null)}
        onChange={(change) => data.update(change.id, change.values)}
      />
    </div>
  );
}
