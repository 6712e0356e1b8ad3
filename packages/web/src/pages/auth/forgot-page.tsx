import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field, FormError } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { authCall, authClient } from '../../features/auth/auth-client';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { AuthCard } from '../../layouts/auth-layout';
import { errorMessage } from '../../lib/api';

export function ForgotPage() {
  usePageHeader({ title: 'Reset your password' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError('Enter a valid email address');
      return;
    }
    setPending(true);
    setFormError(undefined);
    try {
      await authCall(authClient.requestPasswordReset({ email: address, redirectTo: '/auth/new-password' }));
      navigate(`/auth/sentEmail?email=${encodeURIComponent(address)}`);
    } catch (caught) {
      setFormError(errorMessage(caught));
      setPending(false);
    }
  }

  return (
    <AuthCard
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to choose a new one."
      footer={
        <Link to="/auth/login" className="font-medium text-primary hover:underline">
          Back to log in
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" error={error}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
              placeholder="you@example.com"
            />
          )}
        </Field>
        <FormError>{formError}</FormError>
        <Button type="submit" className="w-full" pending={pending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
