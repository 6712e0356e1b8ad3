import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { AuthError, authCall, authClient } from '../../features/auth/auth-client';
import { GoogleButton } from '../../features/auth/google-button';
import { useRedirectTarget } from '../../features/auth/use-redirect-target';
import { VERIFIED_CALLBACK } from '../../features/auth/verify-callback';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { session } from '../../features/session/session-store';
import { AuthCard } from '../../layouts/auth-layout';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = { name?: string; email?: string; password?: string };

function validate({ name, email, password }: { name: string; email: string; password: string }): Errors {
  return {
    name: name.trim() ? undefined : 'Enter your name',
    email: EMAIL_PATTERN.test(email.trim()) ? undefined : 'Enter a valid email address',
    password: password.length >= MIN_PASSWORD_LENGTH ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  };
}

/** better-auth error codes that belong to one field. */
function fieldOf(error: unknown): keyof Errors | null {
  const code = error instanceof AuthError ? (error.code ?? '') : '';
  if (code.includes('USER_ALREADY_EXISTS') || code.includes('EMAIL')) return 'email';
  if (code.includes('PASSWORD')) return 'password';
  return null;
}

export function SignupPage() {
  usePageHeader({ title: 'Sign up' });
  const navigate = useNavigate();
  const { target, withRedirect } = useRedirectTarget();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const update = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nextErrors = validate(form);
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    setPending(true);
    try {
      await authCall(
        authClient.signUp.email({
          name: form.name.trim(),
          email: form.email.trim(),
          password: form.password,
          callbackURL: VERIFIED_CALLBACK,
        }),
      );
      await session.refresh();
      // The guards take a new password user to /auth/verify-email, keeping the target for afterwards.
      navigate(target, { replace: true });
    } catch (error) {
      const field = fieldOf(error);
      if (field) setErrors({ [field]: errorMessage(error) });
      else alerts.error(`Error: ${errorMessage(error)}`);
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      description="Start building agents and workflows in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to={withRedirect('/auth/login')} className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <GoogleButton redirectTo={target} />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Name" error={errors.name}>
          {(props) => (
            <Input
              {...props}
              autoComplete="name"
              autoFocus
              value={form.name}
              onChange={update('name')}
              maxLength={80}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={update('email')}
              placeholder="you@example.com"
            />
          )}
        </Field>
        <Field label="Password" error={errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(props) => (
            <PasswordInput
              {...props}
              autoComplete="new-password"
              value={form.password}
              onChange={update('password')}
              maxLength={128}
            />
          )}
        </Field>
        <Button type="submit" className="mt-1 w-full" pending={pending}>
          Create account
        </Button>
        <p className="text-center text-muted-foreground text-xs">
          By creating an account you agree to the{' '}
          <Link to="/terms" className="underline hover:text-foreground">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
