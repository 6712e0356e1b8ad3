import { KeyRound, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Field, FormError } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { AuthError, authCall, authClient } from '../../features/auth/auth-client';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { AuthCard } from '../../layouts/auth-layout';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { MIN_PASSWORD_LENGTH } from './signup-page';

function InvalidLink() {
  return (
    <AuthCard
      icon={<TriangleAlert className="size-5" aria-hidden="true" />}
      title="This reset link doesn't work"
      description="The link is invalid, was already used, or has expired (links work for one hour). Ask for a new one."
    >
      <Link to="/auth/forgot" className={buttonClasses({ className: 'w-full' })}>
        Send a new link
      </Link>
    </AuthCard>
  );
}

export function NewPasswordPage() {
  usePageHeader({ title: 'Choose a new password' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [invalid, setInvalid] = useState(Boolean(params.get('error')) || !token);
  const [pending, setPending] = useState(false);

  if (invalid || !token) return <InvalidLink />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nextErrors = {
      password: password.length >= MIN_PASSWORD_LENGTH ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
      confirm: confirm === password ? undefined : 'The passwords do not match',
    };
    setErrors(nextErrors);
    if (nextErrors.password || nextErrors.confirm) return;
    setPending(true);
    try {
      await authCall(authClient.resetPassword({ newPassword: password, token: token as string }));
      alerts.success('Your password was changed. Log in with your new password.');
      navigate('/auth/login', { replace: true });
    } catch (error) {
      setPending(false);
      if (error instanceof AuthError && error.code?.includes('TOKEN')) setInvalid(true);
      else if (error instanceof AuthError && error.code?.includes('PASSWORD')) setErrors({ password: error.message });
      else setErrors({ form: errorMessage(error) });
    }
  }

  return (
    <AuthCard
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      title="Choose a new password"
      description="You'll be signed out everywhere else once it's changed."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="New password" error={errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(props) => (
            <PasswordInput
              {...props}
              autoComplete="new-password"
              autoFocus
              maxLength={128}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Field label="Confirm new password" error={errors.confirm}>
          {(props) => (
            <PasswordInput
              {...props}
              autoComplete="new-password"
              maxLength={128}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          )}
        </Field>
        <FormError>{errors.form}</FormError>
        <Button type="submit" className="w-full" pending={pending}>
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
