import { UpdateFlow } from '@flowmind/shared/flows';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Field, FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';

/** Asks for a flow's new name; the name rules are the API's (`UpdateFlow.name`). */
export function FlowNameDialog({
  open,
  onOpenChange,
  initialName,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialName: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title="Rename flow">
          <NameForm initialName={initialName} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NameForm({
  initialName,
  onSubmit,
  onDone,
}: {
  initialName: string;
  onSubmit: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateFlow.shape.name.unwrap().safeParse(name);
    if (!parsed.success) {
      setError(name.trim() ? 'Use at most 120 characters' : 'Give the flow a name');
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
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <FormError>{serverError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
