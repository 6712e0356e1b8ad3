import { normalizeHandle } from '@flowmind/shared/handle';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/card';
import { Field, FormError } from '../../components/ui/form-field';
import { Input, PrefixInput } from '../../components/ui/input';
import { ApiError, errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { HandleStatus } from '../accounts/handle-status';
import { useHandleAvailability } from '../accounts/use-handle-availability';
import { session } from '../session/session-store';
import { type Profile, useUpdateProfile } from './use-profile';

type Errors = { name?: string; username?: string; form?: string };

/** Name and username; the username is the personal account's handle, so it must be free. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateProfile();
  const check = useHandleAvailability(username, { skip: profile.username });
  const normalized = normalizeHandle(username);
  const changed = name.trim() !== profile.name || normalized !== profile.username;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = 'Name is required';
    if (check.state === 'unavailable') next.username = check.reason;
    if (check.state === 'empty') next.username = 'Username is required';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    update.mutate(
      { name: name.trim(), username: normalized },
      {
        onSuccess: (saved) => {
          setUsername(saved.username);
          alerts.success('Profile saved');
          // The session carries the name shown in menus.
          void session.refresh();
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.field === 'name' || error.field === 'username')) {
            setErrors({ [error.field]: error.message });
          } else setErrors({ form: errorMessage(error) });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section
        id="profile"
        title="Profile"
        description="How you appear to teammates in Flowmind."
        footer={
          <Button type="submit" size="sm" pending={update.isPending} disabled={!changed}>
            Save changes
          </Button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name}>
            {(props) => (
              <Input
                {...props}
                autoComplete="name"
                maxLength={80}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setErrors((current) => ({ ...current, name: undefined }));
                }}
              />
            )}
          </Field>
          <Field
            label="Username"
            error={errors.username}
            hint={
              normalized === profile.username ? (
                'Also the handle of your personal account.'
              ) : (
                <HandleStatus check={check} idleHint="Lowercase letters, digits and hyphens." />
              )
            }
          >
            {(props) => (
              <PrefixInput
                {...props}
                prefix="@"
                autoComplete="username"
                spellCheck={false}
                maxLength={64}
                value={username}
                onChange={(event) => {
                  setUsername(event.target.value);
                  setErrors((current) => ({ ...current, username: undefined }));
                }}
              />
            )}
          </Field>
          <Field
            label="Email"
            className="sm:col-span-2"
            hint="Your email address is used to sign in and can't be changed here."
          >
            {(props) => (
              <div className="flex items-center gap-2">
                <Input {...props} value={profile.email} readOnly disabled className="max-w-sm" />
                {profile.emailVerified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="danger">Not verified</Badge>
                )}
              </div>
            )}
          </Field>
        </div>
        <div className="mt-4">
          <FormError>{errors.form}</FormError>
        </div>
      </Section>
    </form>
  );
}
