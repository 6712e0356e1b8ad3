import { type Account, AccountName } from '@flowmind/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/form-field';
import { Input, PrefixInput } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { accountsApi } from './accounts-api';
import { useRefetchAccounts } from './use-accounts';
import { useActiveAccount } from './use-active-account';

function RenameForm({ account }: { account: Account }) {
  const canManage = account.role === 'owner' || account.role === 'admin';
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string>();
  const refetchAccounts = useRefetchAccounts();
  const rename = useMutation({
    mutationFn: accountsApi.rename,
    onSuccess: () => {
      alerts.success('Account renamed');
      void refetchAccounts();
    },
    onError: (caught) => setError(errorMessage(caught)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AccountName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    rename.mutate({ accountId: account.id, name: parsed.data });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section
        id="business-account"
        title="Business account"
        description={
          canManage
            ? 'The name your team sees in the account switcher.'
            : 'Only owners and admins can change these details.'
        }
        footer={
          canManage && (
            <Button type="submit" size="sm" pending={rename.isPending} disabled={name.trim() === account.name}>
              Save changes
            </Button>
          )
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Account name" error={error}>
            {(props) => (
              <Input
                {...props}
                value={name}
                maxLength={80}
                disabled={!canManage}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <Field label="Handle" hint="Handles can't be changed.">
            {(props) => <PrefixInput {...props} prefix="@" value={account.handle} readOnly disabled />}
          </Field>
        </div>
      </Section>
    </form>
  );
}

function DeleteAccount({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const refetchAccounts = useRefetchAccounts();
  const { accounts, switchAccount } = useActiveAccount();
  const remove = useMutation({
    mutationFn: accountsApi.remove,
    onSuccess: async () => {
      const personal = accounts.find((candidate) => candidate.type === 'personal');
      const remaining = await refetchAccounts();
      if (personal) switchAccount(personal.id, { among: remaining });
      setOpen(false);
      alerts.success(`${account.name} was deleted`);
      navigate('/dashboard');
    },
  });

  return (
    <>
      <Section
        id="delete-account"
        tone="danger"
        title="Delete business account"
        description="Deletes this account and everything in it for every member. Only owners can do this."
        footer={
          <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        }
      />
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={`Delete ${account.name}?`}
        description="All of its members lose access at once, and its flows, tables and notes are deleted. This cannot be undone."
        confirmLabel="Delete account"
        requireText="DELETE"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate(account.id)}
      />
    </>
  );
}

/** Settings of the active business account: rename for owners and admins, delete for owners. */
export function BusinessAccountSection({ account }: { account: Account }) {
  return (
    <>
      <RenameForm key={account.id} account={account} />
      {account.role === 'owner' && <DeleteAccount account={account} />}
    </>
  );
}
