import { CreateInvite } from '@flowmind/shared/accounts';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/card';
import { Field, FormError } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { ApiError, errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { roleDescriptions } from './member-permissions';
import type { useMemberActions } from './use-members';

type InviteRole = CreateInvite['role'];

export function InviteForm({ actions }: { actions: ReturnType<typeof useMemberActions> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateInvite.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    actions.invite.mutate(parsed.data, {
      onSuccess: () => {
        alerts.success(`Invite sent to ${parsed.data.email}`);
        setEmail('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field === 'email') setErrors({ email: error.message });
        else setErrors({ form: errorMessage(error) });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section
        id="invite"
        title="Invite people"
        description="They get an email with a link that works for 7 days. A new invite to the same address replaces the old one."
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_180px_auto] sm:items-start">
          <Field label="Email address" error={errors.email}>
            {(props) => (
              <Input
                {...props}
                type="email"
                autoComplete="off"
                placeholder="teammate@example.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setErrors({});
                }}
              />
            )}
          </Field>
          <Field label="Role" hint={roleDescriptions[role]}>
            {(props) => (
              <NativeSelect
                {...props}
                className="w-full"
                value={role}
                onChange={(event) => setRole(event.target.value as InviteRole)}
              >
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" className="sm:mt-[26px]" pending={actions.invite.isPending}>
            {!actions.invite.isPending && <Send aria-hidden="true" />}
            Send invite
          </Button>
        </div>
        <div className="mt-3">
          <FormError>{errors.form}</FormError>
        </div>
      </Section>
    </form>
  );
}
