// biome-ignore-all lint/a11y/noAutofocus: the picker opens because the user asked to edit these links
// biome-ignore-all lint/a11y/noStaticElementInteractions: the picker root only watches focus leaving it and keeps clicks from reaching the grid cell
// biome-ignore-all lint/a11y/useKeyWithClickEvents: options are chosen with the keys on the search box (aria-activedescendant), not each option
import type { Field } from '@flowmind/shared/tables';
import { Check, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { displayText } from '../fields/field-types';
import { linkName, rememberLinkName, UNNAMED_RECORD } from './link-names';
import { useLinkSearch } from './use-link-search';

export type LinkPickerExit = 'enter' | 'tab' | 'shift-tab' | 'blur';

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * Picks the records a link cell points to: searches the linked table in the database as you type, a page at a
 * time. Arrows move, Enter links or unlinks the highlighted record and closes, a click toggles and stays open,
 * Backspace in an empty search unlinks the last one, Escape closes without saving.
 */
export function LinkPicker({
  field,
  value,
  names,
  initialSearch = '',
  className,
  onCommit,
  onCancel,
}: {
  field: Field;
  value: unknown;
  names: Record<string, string> | undefined;
  initialSearch?: string;
  className?: string;
  onCommit: (ids: string[], exit: LinkPickerExit) => void;
  onCancel: () => void;
}) {
  const linkedTableId = field.options.type === 'link' ? field.options.linkedTableId : '';
  const [selected, setSelected] = useState<string[]>(() => idsOf(value));
  const [search, setSearch] = useState(initialSearch);
  const [debounced, setDebounced] = useState(initialSearch);
  const [highlight, setHighlight] = useState(0);
  const results = useLinkSearch(linkedTableId, debounced);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first result
  useEffect(() => setHighlight(0), [debounced]);

  const nameOf = (id: string) => linkName(id, names) || UNNAMED_RECORD;
  const recordName = (record: { values: Record<string, unknown> }) =>
    (results.primary && displayText(results.primary, record.values[results.primary.id])) || UNNAMED_RECORD;

  const finish = (ids: string[], exit: LinkPickerExit) => {
    if (done.current) return;
    done.current = true;
    onCommit(ids, exit);
  };
  const toggle = (record: { id: string; values: Record<string, unknown> }) => {
    rememberLinkName(record.id, recordName(record));
    const next = selected.includes(record.id) ? selected.filter((id) => id !== record.id) : [...selected, record.id];
    setSelected(next);
    return next;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    const record = results.found[highlight];
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((index) => Math.min(results.found.length - 1, index + 1));
      if (highlight >= results.found.length - 3 && results.hasMore && !results.loadingMore) results.loadMore();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      finish(record ? toggle(record) : selected, record ? 'blur' : 'enter');
    } else if (event.key === 'Tab') {
      event.preventDefault();
      finish(selected, event.shiftKey ? 'shift-tab' : 'tab');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!done.current) {
        done.current = true;
        onCancel();
      }
    } else if (event.key === 'Backspace' && search === '' && selected.length) {
      event.preventDefault();
      setSelected(selected.slice(0, -1));
    }
  };

  return (
    <div
      ref={rootRef}
      data-link-picker=""
      className={cn(
        'z-20 grid w-72 max-w-[calc(100vw-1rem)] gap-1.5 rounded-md border bg-popover p-1.5 text-sm shadow-lg',
        className,
      )}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) finish(selected, 'blur');
      }}
      onMouseDown={(event) => event.stopPropagation()}
    >
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={`Linked to ${field.name}`}>
          {selected.map((id) => (
            <li
              key={id}
              className="inline-flex max-w-full items-center gap-0.5 rounded-full bg-primary-soft py-0.5 pr-0.5 pl-2 text-primary-soft-foreground text-xs"
            >
              <span className="truncate">{nameOf(id)}</span>
              <button
                type="button"
                aria-label={`Unlink ${nameOf(id)}`}
                className="rounded-full p-0.5 hover:bg-background/60"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setSelected(selected.filter((item) => item !== id))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        autoFocus
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results.found[highlight] ? `${listId}-${results.found[highlight]?.id}` : undefined}
        aria-label={`Find a record to link in ${field.name}`}
        placeholder="Find a record…"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-8 w-full rounded border bg-background px-2 outline-none focus:border-primary"
      />
      <div
        id={listId}
        role="listbox"
        aria-multiselectable="true"
        aria-label="Records"
        className="max-h-60 overflow-y-auto"
        onScroll={(event) => {
          const list = event.currentTarget;
          if (list.scrollTop + list.clientHeight > list.scrollHeight - 40 && results.hasMore && !results.loadingMore)
            results.loadMore();
        }}
      >
        {results.error ? (
          <p role="alert" className="px-2 py-1.5 text-destructive text-xs">
            {errorMessage(results.error)}
          </p>
        ) : results.pending ? (
          <p className="flex items-center gap-2 px-2 py-1.5 text-muted-foreground text-xs">
            <Loader2 className="size-3 animate-spin" aria-hidden="true" /> Searching…
          </p>
        ) : results.found.length === 0 ? (
          <p className="px-2 py-1.5 text-muted-foreground text-xs">
            {debounced ? `No records match “${debounced}”.` : 'The linked table has no records yet.'}
          </p>
        ) : (
          results.found.map((record, index) => {
            const on = selected.includes(record.id);
            return (
              <div
                key={record.id}
                id={`${listId}-${record.id}`}
                role="option"
                aria-selected={on}
                tabIndex={-1}
                className={cn(
                  'flex cursor-default items-center gap-2 rounded px-2 py-1',
                  index === highlight && 'bg-accent',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setHighlight(index)}
                onClick={() => toggle(record)}
              >
                <Check className={cn('size-3.5 shrink-0', on ? 'text-primary' : 'invisible')} aria-hidden="true" />
                <span className="truncate">{recordName(record)}</span>
              </div>
            );
          })
        )}
        {results.loadingMore && <p className="px-2 py-1 text-muted-foreground text-xs">Loading more…</p>}
      </div>
      <div className="flex items-center justify-between gap-2 border-t pt-1.5">
        <span className="text-muted-foreground text-xs">↑↓ move · Enter pick · Esc cancel</span>
        <button
          type="button"
          className="rounded bg-primary px-2 py-0.5 font-medium text-primary-foreground text-xs"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => finish(selected, 'blur')}
        >
          Done
        </button>
      </div>
    </div>
  );
}
