import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { alerts } from '../../shell/alert-store';

/**
 * A document's name edited in place in a top bar (and the page title): saved on Enter or blur,
 * Escape puts it back, an empty or unchanged name is not sent, and a failed save says so. While
 * nobody types in it, it follows the saved name (a rename elsewhere shows at once); while someone
 * does, what they type stays until they are done, whatever arrives meanwhile.
 */
export function InlineNameInput({
  name: saved,
  label,
  failure,
  onRename,
  className,
}: {
  name: string;
  label: string;
  /** The alert when the save fails, e.g. "Could not rename the table". */
  failure: string;
  onRename: (name: string) => Promise<unknown>;
  className?: string;
}) {
  /** What is being typed (null when nobody types), and a name sent but not yet seen back. */
  const [draft, setDraft] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const name = draft ?? sent ?? saved;
  const cancelled = useRef(false);
  useEffect(() => {
    document.title = `${saved} | Flowmind`;
    setSent(null);
  }, [saved]);
  const save = async () => {
    const next = (draft ?? saved).trim();
    setDraft(null);
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    if (!next || next === saved) return;
    setSent(next);
    try {
      await onRename(next);
    } catch (error) {
      setSent(null);
      alerts.error(errorMessage(error, failure));
    }
  };
  return (
    <input
      aria-label={label}
      value={name}
      maxLength={120}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          cancelled.current = true;
          event.currentTarget.blur();
        }
      }}
      className={cn(
        'h-8 min-w-0 truncate rounded-md border border-transparent bg-transparent px-2 font-semibold text-sm hover:border-border focus:border-ring focus:outline-none',
        className,
      )}
    />
  );
}
