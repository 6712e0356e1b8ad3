import { FileText, ListTodo, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FocusPicker } from './focus-picker';
import type { FocusTimer } from './use-focus-timer';

/** What this period is about, shown large, with a way to pick another. */
export function FocusTarget({ timer, accountId }: { timer: FocusTimer; accountId: string }) {
  const [picking, setPicking] = useState(false);
  const { target, session } = timer;
  const locked = Boolean(session && session.kind === 'focus');
  return (
    <section aria-label="Working on" className="flex flex-col items-center gap-3 text-center">
      {target ? (
        <>
          <p className="inline-flex max-w-full items-center gap-1.5 text-muted-foreground text-sm">
            {target.taskIndex !== null ? (
              <ListTodo className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <FileText className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="truncate">{target.noteTitle || 'Untitled note'}</span>
          </p>
          <h1
            className="max-w-full break-words font-semibold text-2xl leading-tight sm:text-3xl"
            data-testid="focus-current"
          >
            {target.taskText ?? target.noteTitle ?? 'Untitled note'}
          </h1>
          <div className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setPicking(true)} disabled={locked}>
              Change
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => timer.choose(null)}
              disabled={locked}
              aria-label="Clear what you are working on"
            >
              <X aria-hidden="true" />
              Clear
            </Button>
          </div>
        </>
      ) : (
        <>
          <h1 className="font-semibold text-2xl sm:text-3xl">What are you working on?</h1>
          <Button variant="outline" onClick={() => setPicking(true)} disabled={locked}>
            <ListTodo aria-hidden="true" />
            Pick a task or note
          </Button>
        </>
      )}
      <FocusPicker
        open={picking}
        onOpenChange={setPicking}
        accountId={accountId}
        onPick={(picked) => {
          timer.choose(picked);
          setPicking(false);
        }}
      />
    </section>
  );
}
