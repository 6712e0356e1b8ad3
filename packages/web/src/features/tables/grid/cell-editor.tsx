// biome-ignore-all lint/a11y/noAutofocus: an editor opens because the user asked to edit this cell
import type { Field } from '@flowmind/shared/tables';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { choicesOf, editText, fromZonedInput, selectColorClasses, toZonedInput } from '../fields/field-types';
import { LinkPicker } from '../records/link-picker';
import { FloatOverCell } from './float-over-cell';

export type EditorExit = 'enter' | 'tab' | 'shift-tab' | 'blur';

/** Where an edit ends: the value to save (a raw text or an already typed value) and where to move next. */
export type EditorCommit = { text?: string; value?: unknown; exit: EditorExit };

/** Whether the grid took the value; a refused one leaves the editor open with what was typed. */
export type CommitResult = 'kept' | 'refused';

/**
 * The editor drawn over the active cell. `initialText` is set when the user started by typing a character, which
 * replaces the value the way spreadsheets do.
 */
export function CellEditor({
  field,
  value,
  initialText,
  names,
  error,
  onCommit,
  onCancel,
}: {
  field: Field;
  value: unknown;
  initialText?: string;
  /** The record's names for the ids in its values, for a link field's picker. */
  names?: Record<string, string>;
  /** Why the typed text was refused, shown under the editor. */
  error?: string;
  onCommit: (commit: EditorCommit) => CommitResult;
  onCancel: () => void;
}) {
  const done = useRef(false);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const finish = (commit: EditorCommit): CommitResult | null => {
    if (done.current) return null;
    done.current = true;
    const result = onCommit(commit);
    if (result === 'refused') done.current = false;
    return result;
  };
  const cancel = () => {
    if (done.current) return;
    done.current = true;
    onCancel();
  };
  const keyExit = (event: React.KeyboardEvent): EditorExit | null => {
    if (event.key === 'Tab') return event.shiftKey ? 'shift-tab' : 'tab';
    if (event.key === 'Enter' && !(field.type === 'long_text' && event.shiftKey)) return 'enter';
    return null;
  };

  if (field.type === 'link') {
    return (
      <FloatOverCell width={288} height={400}>
        <LinkPicker
          field={field}
          value={value}
          names={names}
          initialSearch={initialText}
          onCommit={(ids, exit) => finish({ value: ids.length ? ids : null, exit })}
          onCancel={cancel}
        />
      </FloatOverCell>
    );
  }
  if (field.type === 'single_select' || field.type === 'multi_select') {
    return (
      <FloatOverCell width={224} height={264}>
        <ChoiceEditor
          field={field}
          value={value}
          single={field.type === 'single_select'}
          onCommit={finish}
          onCancel={cancel}
        />
      </FloatOverCell>
    );
  }

  // Typing into a date cell takes the text as typed (in the field's format); Enter opens the browser's picker.
  const inputType =
    initialText !== undefined
      ? 'text'
      : field.type === 'date'
        ? 'date'
        : field.type === 'date_time'
          ? 'datetime-local'
          : 'text';
  const start =
    initialText !== undefined && inputType === 'text'
      ? initialText
      : field.type === 'date_time'
        ? toZonedInput(value, field.options.type === 'date_time' ? field.options.timeZone : 'UTC')
        : editText(field, value);

  const common = {
    autoFocus: true,
    'aria-label': field.name,
    defaultValue: start,
    ref: input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${field.id}-cell-error` : undefined,
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const refused = finish({ text: fromInput(field, event.currentTarget.value), exit: 'blur' }) === 'refused';
      // A click elsewhere in the grid comes back to the refused text; one outside the grid is left alone.
      const to = event.relatedTarget as Element | null;
      if (refused && (!to || to.closest('[role="grid"]'))) input.current?.focus();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        cancel();
        return;
      }
      const exit = keyExit(event);
      if (exit) {
        event.preventDefault();
        finish({ text: fromInput(field, event.currentTarget.value), exit });
      }
    },
  };

  const message = error && (
    <p
      id={`${field.id}-cell-error`}
      role="alert"
      className={cn(
        'absolute left-0 z-20 w-max min-w-full max-w-72 rounded-b-md border border-destructive/40 bg-destructive-soft px-2 py-1 text-destructive text-xs shadow-md',
        field.type === 'long_text' ? 'top-32' : 'top-full',
      )}
    >
      {error}
    </p>
  );
  if (field.type === 'long_text') {
    return (
      <>
        <textarea
          {...common}
          rows={5}
          className="absolute inset-x-0 top-0 z-10 min-h-32 w-full min-w-64 resize-none rounded-sm border-2 border-primary bg-background p-2 text-sm shadow-lg outline-none"
          onFocus={(event) => {
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
        />
        {message}
      </>
    );
  }
  return (
    <>
      <input
        {...common}
        type={inputType}
        // Text inputs, so the character that started the edit is kept (email and url inputs refuse a caret).
        inputMode={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : undefined}
        className={cn('h-full w-full bg-background px-2 text-sm outline-none', error && 'text-destructive')}
        onFocus={(event) => {
          // At the end of what is there, also when focus comes back to a refused text.
          const end = event.currentTarget.value.length;
          if (inputType === 'text') event.currentTarget.setSelectionRange(end, end);
        }}
      />
      {message}
    </>
  );
}

/** Inputs of type date-time give a wall-clock time of the field's zone; the API wants an instant. */
function fromInput(field: Field, text: string): string {
  if (field.options.type === 'date_time' && text) return fromZonedInput(text, field.options.timeZone) ?? text;
  return text;
}

/** A list of the field's options: one pick commits a single select; a multi select toggles until it closes. */
function ChoiceEditor({
  field,
  value,
  single,
  onCommit,
  onCancel,
}: {
  field: Field;
  value: unknown;
  single: boolean;
  onCommit: (commit: EditorCommit) => void;
  onCancel: () => void;
}) {
  const initial = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
  const [selected, setSelected] = useState<string[]>(initial);
  const choices = choicesOf(field);
  const [focusIndex, setFocusIndex] = useState(
    Math.max(
      0,
      choices.findIndex((choice) => choice.id === initial[0]),
    ),
  );
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => listRef.current?.focus(), []);
  const result = (ids: string[]) => (single ? (ids[0] ?? null) : ids);
  const toggle = (id: string) => {
    if (single) {
      onCommit({ value: id, exit: 'blur' });
      return;
    }
    setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  };
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      role="listbox"
      aria-multiselectable={!single}
      aria-label={field.name}
      className="grid max-h-64 min-w-56 gap-0.5 overflow-y-auto rounded-md border bg-popover p-1 shadow-lg outline-none"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onCommit({ value: result(selected), exit: 'blur' });
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        // As in Airtable, ticks are saved as they are made: Escape closes a multi select and keeps them. A single
        // select saves on its one pick, so Escape there has nothing to keep.
        if (event.key === 'Escape') {
          if (single) onCancel();
          else onCommit({ value: result(selected), exit: 'blur' });
        } else if (event.key === 'ArrowDown') setFocusIndex((index) => Math.min(choices.length - 1, index + 1));
        else if (event.key === 'ArrowUp') setFocusIndex((index) => Math.max(0, index - 1));
        else if (event.key === ' ' || (single && event.key === 'Enter')) {
          event.preventDefault();
          const choice = choices[focusIndex];
          if (choice) toggle(choice.id);
        } else if (event.key === 'Enter' || event.key === 'Tab') {
          event.preventDefault();
          onCommit({
            value: result(selected),
            exit: event.key === 'Tab' ? (event.shiftKey ? 'shift-tab' : 'tab') : 'enter',
          });
        }
      }}
    >
      {choices.length === 0 && (
        <p className="px-2 py-1.5 text-muted-foreground text-xs">No options yet: add them in the field settings.</p>
      )}
      {choices.map((choice, index) => (
        <button
          key={choice.id}
          type="button"
          role="option"
          aria-selected={selected.includes(choice.id)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => toggle(choice.id)}
          className={cn(
            'flex items-center gap-2 rounded px-2 py-1 text-left text-sm',
            index === focusIndex && 'bg-accent',
            single && selected.includes(choice.id) && 'font-medium ring-1 ring-primary/40',
          )}
        >
          {!single && (
            <input
              type="checkbox"
              readOnly
              tabIndex={-1}
              checked={selected.includes(choice.id)}
              className="accent-primary"
            />
          )}
          <span className={cn('truncate rounded-full px-2 py-0.5 text-xs', selectColorClasses[choice.color])}>
            {choice.name}
          </span>
        </button>
      ))}
    </div>
  );
}
