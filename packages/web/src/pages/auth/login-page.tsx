import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { authCall, authClient } from '../../features/auth/auth-client';
import { GoogleButton } from '../../features/auth/google-button';
import { useRedirectTarget } from '../../features/auth/use-redirect-target';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { session } from '../../features/session/session-store';
import { AuthCard } from '../../layouts/auth-layout';
import { errorMessage } from '../../lib/api';
import { redirectUrl } from '../../lib/storage';
import { alerts } from '../../shell/alert-store';

export function LoginPage() {
  usePageHeader({ title: 'Log in' });
  const navigate = useNavigate();
  const { target, withRedirect } = useRedirectTarget();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nextErrors = {
      email: email.trim() ? undefined : 'Enter your email address',
      password: password ? undefined : 'Enter your password',
    };
    setErrors(nextErrors);
    if (nextErrors.email || nextErrors.password) return;
    setPending(true);
    try {
      await authCall(authClient.signIn.email({ email: email.trim(), password }));
      await session.refresh();
      redirectUrl.clear();
      navigate(target, { replace: true });
    } catch (error) {
      alerts.error(`Error: ${errorMessage(error)}`);
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Log in to Flowmind"
      description="Welcome back. Pick up where you left off."
      footer={
        <>
          Don't have an account?{' '}
          <Link to={withRedirect('/auth/signup')} className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <GoogleButton redirectTo={target} />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" error={errors.email}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
            />
          )}
        </Field>
        <Field
          label="Password"
          error={errors.password}
          labelAside={
            <Link to="/auth/forgot" className="text-[13px] text-primary hover:underline">
              Forgot password?
            </Link>
          }
        >
          {(props) => (
            <PasswordInput
              {...props}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-1 w-full" pending={pending}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
