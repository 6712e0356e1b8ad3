import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';
import { Field, FormError } from './form-field';
import { Input } from './input';

/**
 * Asks before an action that cannot be undone. With `requireText`, the user must type it (e.g. "DELETE") before
 * the button unlocks; `children` can add more fields (e.g. a password). A server refusal shows inside the dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  requireText,
  canConfirm = true,
  pending = false,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'default';
  requireText?: string;
  canConfirm?: boolean;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const unlocked = canConfirm && (!requireText || typed === requireText);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (unlocked && !pending) onConfirm();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      {open && (
        <DialogContent title={title} description={description} role="alertdialog">
          <form onSubmit={submit} noValidate className="grid gap-4">
            {requireText && (
              <Field
                label={
                  <>
                    Type <span className="font-mono font-semibold">{requireText}</span> to confirm
                  </>
                }
              >
                {(props) => (
                  <Input
                    {...props}
                    autoFocus
                    autoComplete="off"
                    spellCheck={false}
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                )}
              </Field>
            )}
            {children}
            <FormError>{error}</FormError>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={tone === 'danger' ? 'destructive' : 'primary'}
                disabled={!unlocked}
                pending={pending}
              >
                {confirmLabel}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
