import { AccountName } from '@flowmind/shared/accounts';
import { normalizeHandle } from '@flowmind/shared/handle';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, FormError } from '../../components/ui/form-field';
import { Input, PrefixInput } from '../../components/ui/input';
import { ApiError, errorMessage } from '../../lib/api';
import { useStore } from '../../lib/create-store';
import { alerts } from '../../shell/alert-store';
import { accountsApi } from './accounts-api';
import { createBusinessDialogStore } from './create-business-dialog-store';
import { HandleStatus } from './handle-status';
import { useRefetchAccounts } from './use-accounts';
import { useActiveAccount } from './use-active-account';
import { useHandleAvailability } from './use-handle-availability';

export function CreateBusinessDialog() {
  const open = useStore(createBusinessDialogStore);
  return (
    <FormDialog
      open={open}
      onOpenChange={createBusinessDialogStore.set}
      title="Create business account"
      description="A shared space for your team: invite people, and everything made in it belongs to the business."
    >
      {(close) => <CreateBusinessForm onDone={close} />}
    </FormDialog>
  );
}

function CreateBusinessForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  // The handle follows the name until the user edits it.
  const [handleEdited, setHandleEdited] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; handle?: string; form?: string }>({});
  const effectiveHandle = handleEdited ? handle : normalizeHandle(name);
  const check = useHandleAvailability(effectiveHandle);
  const refetchAccounts = useRefetchAccounts();
  const { switchAccount } = useActiveAccount();

  const create = useMutation({
    mutationFn: accountsApi.createBusiness,
    onSuccess: async ({ id }) => {
      const accounts = await refetchAccounts();
      switchAccount(id, { among: accounts });
      alerts.success(`${name.trim()} is ready. You are now working in it.`);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'handle')) {
        setErrors({ [error.field]: error.message });
      } else {
        setErrors({ form: errorMessage(error) });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsedName = AccountName.safeParse(name);
    const nextErrors: typeof errors = {};
    if (!parsedName.success) nextErrors.name = parsedName.error.issues[0]?.message;
    if (check.state === 'unavailable') nextErrors.handle = check.reason;
    if (check.state === 'empty') nextErrors.handle = 'Handle is required';
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    create.mutate({ name: name.trim(), handle: normalizeHandle(effectiveHandle) });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Business name" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            autoFocus
            value={name}
            maxLength={80}
            autoComplete="organization"
            placeholder="Acme Robotics"
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
        )}
      </Field>
      <Field
        label="Handle"
        error={errors.handle}
        hint={<HandleStatus check={check} idleHint="Lowercase letters, digits and hyphens, 3 to 32 characters." />}
      >
        {(props) => (
          <PrefixInput
            {...props}
            prefix="@"
            value={effectiveHandle}
            autoComplete="off"
            spellCheck={false}
            placeholder="acme-robotics"
            onChange={(event) => {
              setHandleEdited(true);
              setHandle(event.target.value);
              setErrors((current) => ({ ...current, handle: undefined }));
            }}
          />
        )}
      </Field>
      <FormError>{errors.form}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={create.isPending}>
          Create account
        </Button>
      </DialogFooter>
    </form>
  );
}
