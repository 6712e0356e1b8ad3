import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { type Completion, completions } from './completions';
import { useExpressionScope } from './expression-context';
import { applyCompletion, autoClose, type Edit, expressionSegments, insertPath } from './expression-edit';
import { ExpressionPreview } from './expression-preview';

type ExpressionInputProps = {
  value: string;
  onChange(value: string): void;
  /** Several lines (textarea) or one (Enter does not break the line). */
  multiline?: boolean;
  mono?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Shows the value for the first item under the box when the text holds an expression. */
  preview?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

const MAX_SHOWN = 50;
// Both layers share these so the highlighted text sits exactly under the typed one.
const layer = 'px-3 py-[7px] text-sm leading-5';

/**
 * A text box where `{{ … }}` parts are highlighted (a coloured copy of the text behind a transparent
 * textarea), with suggestions from the last run's data while the cursor is inside an expression.
 */
export function ExpressionInput({
  value,
  onChange,
  multiline = false,
  mono = false,
  placeholder,
  disabled,
  preview = true,
  id,
  className,
  ...aria
}: ExpressionInputProps) {
  const scope = useExpressionScope();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const lastSelection = useRef({ start: value.length, end: value.length });
  const [suggestions, setSuggestions] = useState<Completion[]>([]);
  const [active, setActive] = useState(0);
  const listId = useId();
  const open = suggestions.length > 0;

  useLayoutEffect(() => {
    const cursor = pendingCursor.current;
    const element = textarea.current;
    if (cursor === null || !element) return;
    pendingCursor.current = null;
    element.setSelectionRange(cursor, cursor);
    lastSelection.current = { start: cursor, end: cursor };
  });

  useEffect(() => {
    setActive((index) => Math.min(index, Math.max(0, suggestions.length - 1)));
  }, [suggestions]);

  function suggest(text: string, cursor: number) {
    const next = completions(scope.sample, text.slice(0, cursor)).slice(0, MAX_SHOWN);
    setSuggestions(next);
    setActive(0);
  }

  function commit(edit: Edit, { keepSuggesting }: { keepSuggesting: boolean }) {
    pendingCursor.current = edit.cursor;
    onChange(edit.value);
    if (keepSuggesting) suggest(edit.value, edit.cursor);
    else setSuggestions([]);
  }

  function insertFromData(path: string) {
    const element = textarea.current;
    if (!element || disabled) return;
    const { start, end } = lastSelection.current;
    const edit = insertPath({ value, start: Math.min(start, value.length), end: Math.min(end, value.length), path });
    element.focus();
    commit(edit, { keepSuggesting: false });
  }
  const insertRef = useRef(insertFromData);
  insertRef.current = insertFromData;

  function accept(completion: Completion) {
    const cursor = textarea.current?.selectionStart ?? value.length;
    commit(applyCompletion({ value, cursor, insert: completion.insert, replace: completion.replace }), {
      keepSuggesting: false,
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return onPlainKey(event);
    if (event.key === 'ArrowDown') setActive((index) => (index + 1) % suggestions.length);
    else if (event.key === 'ArrowUp') setActive((index) => (index - 1 + suggestions.length) % suggestions.length);
    else if (event.key === 'Enter' || event.key === 'Tab') {
      const chosen = suggestions[active];
      if (chosen) accept(chosen);
    } else if (event.key === 'Escape') setSuggestions([]);
    else return onPlainKey(event);
    // The list had the key: it does not also move the cursor, leave the box or close the panel.
    event.preventDefault();
    event.stopPropagation();
  }

  function onPlainKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!multiline && event.key === 'Enter') event.preventDefault();
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      const element = event.currentTarget;
      suggest(element.value, element.selectionStart);
    }
  }

  function remember(element: HTMLTextAreaElement) {
    lastSelection.current = { start: element.selectionStart, end: element.selectionEnd };
  }

  function syncScroll() {
    if (!textarea.current || !backdrop.current) return;
    backdrop.current.scrollTop = textarea.current.scrollTop;
    backdrop.current.scrollLeft = textarea.current.scrollLeft;
  }

  const activeId = open ? `${listId}-${active}` : undefined;
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="relative">
        <div
          className={cn(
            'relative rounded-md border border-input bg-background shadow-xs transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/20 has-[[aria-invalid=true]]:border-destructive',
            disabled && 'opacity-60',
          )}
        >
          <div
            ref={backdrop}
            aria-hidden="true"
            className={cn(
              layer,
              'pointer-events-none absolute inset-0 overflow-hidden text-foreground',
              multiline ? 'whitespace-pre-wrap break-words' : 'whitespace-pre',
              mono && 'font-mono text-[13px]',
            )}
          >
            {expressionSegments(value).map((segment, index) =>
              segment.expression ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
                <mark key={index} className="rounded-sm bg-primary-soft text-primary-soft-foreground">
                  {segment.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
                <span key={index}>{segment.text}</span>
              ),
            )}
            {/* A trailing newline needs a character after it to take up its line. */}
            {multiline && '\u200b'}
          </div>
          <textarea
            ref={textarea}
            id={id}
            {...aria}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            value={value}
            placeholder={placeholder}
            disabled={disabled}
            spellCheck={false}
            rows={multiline ? 3 : 1}
            wrap={multiline ? 'soft' : 'off'}
            className={cn(
              layer,
              'relative block w-full resize-none bg-transparent text-transparent caret-foreground outline-none selection:bg-primary/25 selection:text-transparent placeholder:text-muted-foreground/80 disabled:cursor-not-allowed',
              multiline
                ? 'field-sizing-content max-h-80 min-h-[86px] overflow-y-auto'
                : 'h-[34px] overflow-x-auto overflow-y-hidden whitespace-pre [scrollbar-width:none]',
              mono && 'font-mono text-[13px]',
            )}
            onChange={(event) => {
              const element = event.currentTarget;
              const edit = multiline ? { value: element.value, cursor: element.selectionStart } : oneLine(element);
              const closed = autoClose({ ...edit, previous: value });
              commit(closed ?? edit, { keepSuggesting: true });
              remember(element);
            }}
            onKeyDown={onKeyDown}
            onKeyUp={(event) => {
              remember(event.currentTarget);
              if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key))
                suggest(event.currentTarget.value, event.currentTarget.selectionStart);
            }}
            onClick={(event) => {
              remember(event.currentTarget);
              suggest(event.currentTarget.value, event.currentTarget.selectionStart);
            }}
            onSelect={(event) => remember(event.currentTarget)}
            onFocus={() => scope.setInsertTarget({ insertPath: (path) => insertRef.current(path) })}
            onBlur={() => setSuggestions([])}
            onScroll={syncScroll}
          />
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!open}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-60 overflow-y-auto rounded-md border bg-popover p-1 shadow-lg"
          // Scrolling the list with the mouse keeps the box focused (and the list open).
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.insert}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded px-2 py-1 text-[13px]',
                index === active ? 'bg-primary-soft text-primary-soft-foreground' : 'hover:bg-accent',
              )}
              // Chosen on press, keeping the focus (and the cursor) in the box; keys choose through the box.
              onMouseDown={(event) => {
                event.preventDefault();
                accept(suggestion);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="truncate font-medium font-mono">{suggestion.label}</span>
              <span className="truncate text-muted-foreground text-xs">{suggestion.detail}</span>
            </div>
          ))}
        </div>
      </div>
      {preview && <ExpressionPreview template={value} />}
    </div>
  );
}

/** A one-line box's text with pasted line breaks turned into spaces, and where the cursor lands. */
function oneLine(element: HTMLTextAreaElement): Edit {
  const flatten = (text: string) => text.replace(/\r?\n/g, ' ');
  const before = flatten(element.value.slice(0, element.selectionStart));
  return { value: before + flatten(element.value.slice(element.selectionStart)), cursor: before.length };
}
