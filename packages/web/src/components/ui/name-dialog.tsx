import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { Button } from './button';
import { DialogFooter } from './dialog';
import { FormDialog } from './form-dialog';
import { Field, FormError } from './form-field';
import { Input } from './input';

/**
 * Asks for a name (create, rename, duplicate a table or a flow); `schema` holds the API's rules
 * for it and `extra` adds controls such as "copy records".
 */
export function NameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  placeholder,
  schema,
  extra,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  placeholder?: string;
  schema: z.ZodType<string, string>;
  extra?: ReactNode;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title}>
      {(close) => (
        <NameForm
          initialName={initialName}
          submitLabel={submitLabel}
          placeholder={placeholder}
          schema={schema}
          extra={extra}
          onSubmit={onSubmit}
          onDone={close}
        />
      )}
    </FormDialog>
  );
}

function NameForm({
  initialName,
  submitLabel,
  placeholder,
  schema,
  extra,
  onSubmit,
  onDone,
}: {
  initialName: string;
  submitLabel: string;
  placeholder?: string;
  schema: z.ZodType<string, string>;
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
    const parsed = schema.safeParse(name);
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
            placeholder={placeholder}
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
