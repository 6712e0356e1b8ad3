import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/card';
import { Field, FormError } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { AuthError, authCall, authClient } from '../auth/auth-client';
import { session } from '../session/session-store';

const MIN_PASSWORD_LENGTH = 8;
const empty = { current: '', next: '', confirm: '' };

/** For password users: a new password signs out every other device. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      current: values.current ? undefined : 'Enter your current password',
      next: values.next.length >= MIN_PASSWORD_LENGTH ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
      confirm: values.confirm === values.next ? undefined : 'The passwords do not match',
    };
    setErrors(next);
    if (next.current || next.next || next.confirm) return;
    setPending(true);
    try {
      await authCall(
        authClient.changePassword({
          currentPassword: values.current,
          newPassword: values.next,
          revokeOtherSessions: true,
        }),
      );
      setValues(empty);
      alerts.success('Password changed. Other devices were signed out.');
      void session.refresh();
    } catch (error) {
      const code = error instanceof AuthError ? (error.code ?? '') : '';
      if (code === 'INVALID_PASSWORD') setErrors({ current: 'That is not your current password' });
      else if (code.includes('PASSWORD')) setErrors({ next: errorMessage(error) });
      else setErrors({ form: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section
        id="password"
        title="Password"
        description="Changing it signs you out on every other device."
        footer={
          <Button type="submit" size="sm" pending={pending}>
            Change password
          </Button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Current password" error={errors.current} className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
            {(props) => (
              <PasswordInput
                {...props}
                autoComplete="current-password"
                value={values.current}
                onChange={set('current')}
              />
            )}
          </Field>
          <Field label="New password" error={errors.next} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
            {(props) => (
              <PasswordInput
                {...props}
                autoComplete="new-password"
                maxLength={128}
                value={values.next}
                onChange={set('next')}
              />
            )}
          </Field>
          <Field label="Confirm new password" error={errors.confirm}>
            {(props) => (
              <PasswordInput
                {...props}
                autoComplete="new-password"
                maxLength={128}
                value={values.confirm}
                onChange={set('confirm')}
              />
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
