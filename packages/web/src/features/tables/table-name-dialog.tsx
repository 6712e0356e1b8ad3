import { TableName } from '@flowmind/shared/tables';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { Field, FormError } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';

/** Asks for a table name (create, rename, duplicate); `extra` adds controls such as "copy records". */
export function TableNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  extra,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  extra?: ReactNode;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={title}>
          <NameForm
            initialName={initialName}
            submitLabel={submitLabel}
            extra={extra}
            onSubmit={onSubmit}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NameForm({
  initialName,
  submitLabel,
  extra,
  onSubmit,
  onDone,
}: {
  initialName: string;
  submitLabel: string;
  extra?: ReactNode;
  onSubmit: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TableName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    setPending(true);
    setServerError(null);
    try {
      await onSubmit(parsed.data);
      onDone();
    } catch (failure) {
      setServerError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Name" error={error}>
        {(props) => (
          <Input
            {...props}
            value={name}
            autoFocus
            maxLength={120}
            placeholder="e.g. Customers"
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      {extra}
      <FormError>{serverError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
