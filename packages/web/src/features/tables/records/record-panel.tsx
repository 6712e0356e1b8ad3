import type { Field, RecordChange, TableRecord } from '@flowmind/shared/tables';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { relativeTime } from '../../../lib/relative-time';
import { alerts } from '../../../shell/alert-store';
import { displayText, editText, fieldTypeInfo, isReadOnly, parseText } from '../fields/field-types';
import { CellView } from '../grid/cell-view';
import { tablesApi } from '../tables-api';
import { LinkPicker } from './link-picker';

/** One record with every field, editable, and the story of its changes. */
export function RecordPanel({
  tableId,
  record,
  fields,
  onClose,
  onChange,
}: {
  tableId: string;
  record: TableRecord | null;
  fields: Field[];
  onClose: () => void;
  onChange: (change: { id: string; values: Record<string, unknown> }) => Promise<boolean>;
}) {
  const primary = fields.find((field) => field.isPrimary) ?? fields[0];
  return (
    <DialogPrimitive.Root open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // Escape in a link picker closes the picker, not the panel.
            if (document.activeElement?.closest('[data-link-picker]')) event.preventDefault();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-lg animate-slide-in-right flex-col border-l bg-background shadow-2xl"
        >
          {record && (
            <>
              <header className="flex h-14 items-center gap-2 border-b px-4">
                <DialogPrimitive.Title className="min-w-0 flex-1 truncate font-semibold text-base">
                  {(primary && displayText(primary, record.values[primary.id])) || 'Untitled record'}
                </DialogPrimitive.Title>
                <DialogPrimitive.Close
                  className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                  aria-label="Close"
                >
                  <X className="size-4" aria-hidden="true" />
                </DialogPrimitive.Close>
              </header>
              <div className="grid flex-1 content-start gap-5 overflow-y-auto p-4">
                {fields.map((field) => (
                  <RecordField
                    key={`${record.id}-${field.id}-${JSON.stringify(record.values[field.id] ?? null)}`}
                    field={field}
                    record={record}
                    onChange={onChange}
                  />
                ))}
                <RecordHistory tableId={tableId} recordId={record.id} fields={fields} />
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function RecordField({
  field,
  record,
  onChange,
}: {
  field: Field;
  record: TableRecord;
  onChange: (change: { id: string; values: Record<string, unknown> }) => Promise<boolean>;
}) {
  const Icon = fieldTypeInfo[field.type].icon;
  const value = record.values[field.id];
  const [text, setText] = useState(editText(field, value));
  const [picking, setPicking] = useState(false);
  const save = (next: unknown) => void onChange({ id: record.id, values: { [field.id]: next } });
  const commitText = () => {
    if (text === editText(field, value)) return;
    const parsed = parseText(field, text);
    if (!parsed.ok) {
      alerts.error(parsed.message);
      return;
    }
    save(parsed.value);
  };
  const id = `record-field-${field.id}`;
  let control: React.ReactNode;
  if (isReadOnly(field)) {
    control = (
      <div className="min-h-9 rounded-md bg-surface px-3 py-2 text-sm">
        <CellView field={field} value={value} names={record.names} wrap />
      </div>
    );
  } else if (field.type === 'link') {
    control = picking ? (
      <LinkPicker
        field={field}
        value={value}
        names={record.names}
        className="w-full"
        onCommit={(ids) => {
          setPicking(false);
          if (JSON.stringify(ids) !== JSON.stringify(Array.isArray(value) ? value : [])) save(ids.length ? ids : null);
        }}
        onCancel={() => setPicking(false)}
      />
    ) : (
      <button
        id={id}
        type="button"
        className="flex min-h-9 w-full items-center rounded-md border px-2 py-1.5 text-left hover:bg-surface"
        onClick={() => setPicking(true)}
      >
        {Array.isArray(value) && value.length ? (
          <CellView field={field} value={value} names={record.names} wrap />
        ) : (
          <span className="text-muted-foreground text-sm">Link a record…</span>
        )}
      </button>
    );
  } else if (field.type === 'checkbox') {
    control = (
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={Boolean(value)}
        onChange={(event) => save(event.target.checked)}
      />
    );
  } else if (field.options.type === 'single_select' || field.options.type === 'multi_select') {
    const multi = field.options.type === 'multi_select';
    const selected = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
    control = (
      <div id={id} className="flex flex-wrap gap-1.5">
        {field.options.choices.map((choice) => {
          const on = selected.includes(choice.id);
          return (
            <button
              key={choice.id}
              type="button"
              aria-pressed={on}
              className={`rounded-full border px-2.5 py-0.5 text-xs ${on ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'text-muted-foreground'}`}
              onClick={() =>
                save(
                  multi
                    ? on
                      ? selected.filter((item) => item !== choice.id)
                      : [...selected, choice.id]
                    : on
                      ? null
                      : choice.id,
                )
              }
            >
              {choice.name}
            </button>
          );
        })}
      </div>
    );
  } else if (field.type === 'long_text') {
    control = <Textarea id={id} value={text} onChange={(event) => setText(event.target.value)} onBlur={commitText} />;
  } else {
    control = (
      <Input
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commitText}
        onKeyDown={(event) => event.key === 'Enter' && commitText()}
      />
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="flex items-center gap-1.5 font-medium text-[13px] text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        {field.name}
      </label>
      {control}
    </div>
  );
}

function RecordHistory({ tableId, recordId, fields }: { tableId: string; recordId: string; fields: Field[] }) {
  const history = useQuery({
    queryKey: ['record-history', tableId, recordId],
    queryFn: () => tablesApi.recordHistory({ tableId, recordId }),
  });
  const describe = (change: RecordChange) => {
    if (change.kind !== 'updated') return `${change.kind} the record`;
    return Object.entries(change.changes)
      .map(([fieldId, diff]) => {
        const field = fields.find((candidate) => candidate.id === fieldId);
        if (!field) return 'changed a field';
        return `${field.name}: ${displayText(field, diff.from) || '∅'} → ${displayText(field, diff.to) || '∅'}`;
      })
      .join('; ');
  };
  return (
    <section aria-labelledby="record-history" className="grid gap-2 border-t pt-4">
      <h3 id="record-history" className="font-semibold text-sm">
        History
      </h3>
      {history.isPending ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : history.error ? (
        <p className="text-destructive text-sm">{errorMessage(history.error)}</p>
      ) : (
        <ol className="grid gap-2">
          {[...(history.data ?? [])].reverse().map((change) => (
            <li key={change.id} className="text-sm">
              <span className="font-medium">{change.userName ?? 'Someone'}</span>{' '}
              <span className="text-muted-foreground">{describe(change)}</span>{' '}
              <span className="text-muted-foreground text-xs">· {relativeTime(change.createdAt)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
