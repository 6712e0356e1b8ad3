import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { alerts } from '../../shell/alert-store';

/**
 * A document's name edited in place in a top bar (and the page title): saved on Enter or blur,
 * Escape puts it back, an empty or unchanged name is not sent, and a failed save says so.
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
  const [name, setName] = useState(saved);
  useEffect(() => {
    document.title = `${saved} | Flowmind`;
  }, [saved]);
  const save = async () => {
    const next = name.trim();
    if (!next || next === saved) {
      setName(saved);
      return;
    }
    try {
      await onRename(next);
    } catch (error) {
      setName(saved);
      alerts.error(errorMessage(error, failure));
    }
  };
  return (
    <input
      aria-label={label}
      value={name}
      maxLength={120}
      onChange={(event) => setName(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          setName(saved);
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
