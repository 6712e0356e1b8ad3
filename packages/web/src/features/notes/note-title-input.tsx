import { NOTE_TITLE_MAX } from '@flowmind/shared/notes';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { useLeaveGuard } from '../../lib/use-leave-guard';

const SAVE_AFTER_MS = 400;

/**
 * The note's title at the top of the page. It saves a moment after typing stops (and at once on blur);
 * Enter or the down arrow moves into the body.
 */
export const NoteTitleInput = forwardRef<
  HTMLTextAreaElement,
  {
    value: string;
    onSave: (title: string) => Promise<unknown>;
    onSavingChange: (saving: boolean) => void;
    onEnterBody: () => void;
    readOnly?: boolean;
    autoFocus?: boolean;
  }
>(function NoteTitleInput({ value, onSave, onSavingChange, onEnterBody, readOnly = false, autoFocus = false }, ref) {
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = useRef(value);
  const innerRef = useRef<HTMLTextAreaElement | null>(null);

  // Someone else's rename shows up unless this user is typing in the field.
  useEffect(() => {
    saved.current = value;
    if (!focused.current) setDraft(value);
  }, [value]);

  // The textarea grows with the title, so a long one wraps instead of scrolling sideways.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resize whenever the text changes
  useEffect(() => {
    const element = innerRef.current;
    if (!element) return;
    element.style.height = '0px';
    element.style.height = `${element.scrollHeight}px`;
  }, [draft]);

  /** Typed and not sent yet (the save waits for typing to stop). */
  const unsent = useRef<string | null>(null);
  const inFlight = useRef(0);

  const flush = (next: string) => {
    clearTimeout(timer.current);
    unsent.current = null;
    const title = next.trim();
    if (title === saved.current) {
      onSavingChange(false);
      return;
    }
    saved.current = title;
    inFlight.current += 1;
    void onSave(title).finally(() => {
      inFlight.current -= 1;
      onSavingChange(false);
    });
  };
  const flushUnsent = () => {
    if (unsent.current !== null) flush(unsent.current);
  };
  const flushRef = useRef(flushUnsent);
  flushRef.current = flushUnsent;

  useLeaveGuard({ flush: flushUnsent, pending: () => unsent.current !== null || inFlight.current > 0 });
  // Opening another note inside the app unmounts the title: what was typed goes first.
  useEffect(() => () => flushRef.current(), []);

  return (
    <textarea
      ref={(element) => {
        innerRef.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      rows={1}
      // biome-ignore lint/a11y/noAutofocus: only a note the user just created, whose title they are about to type
      autoFocus={autoFocus}
      aria-label="Note title"
      placeholder="Untitled"
      maxLength={NOTE_TITLE_MAX}
      readOnly={readOnly}
      value={draft}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        flush(draft);
      }}
      onChange={(event) => {
        const next = event.target.value.replace(/\n/g, ' ');
        setDraft(next);
        unsent.current = next;
        onSavingChange(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => flush(next), SAVE_AFTER_MS);
      }}
      onKeyDown={(event) => {
        const atEnd = event.currentTarget.selectionStart === event.currentTarget.value.length;
        if (event.key === 'Enter' || (event.key === 'ArrowDown' && atEnd)) {
          event.preventDefault();
          flush(draft);
          onEnterBody();
        }
      }}
      className="block w-full resize-none overflow-hidden bg-transparent font-bold text-2xl leading-tight tracking-tight outline-none placeholder:text-muted-foreground/50 sm:text-[28px]"
    />
  );
});
