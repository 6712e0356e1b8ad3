import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { authCall, authClient } from './auth-client';
import { VERIFIED_CALLBACK } from './verify-callback';

const COOLDOWN_SECONDS = 60;

function useCooldown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: () => setSecondsLeft(COOLDOWN_SECONDS) };
}

/** Sends a fresh verification link; asks for the address when nobody is signed in. Rate-limited by a cooldown. */
export function ResendVerification({ email: knownEmail }: { email?: string }) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const cooldown = useCooldown();
  const address = knownEmail ?? email.trim();

  async function resend(event?: FormEvent) {
    event?.preventDefault();
    if (!address) return;
    setPending(true);
    try {
      await authCall(authClient.sendVerificationEmail({ email: address, callbackURL: VERIFIED_CALLBACK }));
      alerts.success(`We sent a new link to ${address}.`);
      cooldown.start();
    } catch (error) {
      alerts.error(`Error: ${errorMessage(error)}`);
    } finally {
      setPending(false);
    }
  }

  const label = cooldown.secondsLeft > 0 ? `Resend in ${cooldown.secondsLeft}s` : 'Resend verification email';

  if (knownEmail) {
    return (
      <Button className="w-full" pending={pending} disabled={cooldown.secondsLeft > 0} onClick={() => void resend()}>
        {label}
      </Button>
    );
  }
  return (
    <form onSubmit={resend} noValidate className="grid gap-4">
      <Field label="Email">
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.com"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" pending={pending} disabled={!address || cooldown.secondsLeft > 0}>
        {label}
      </Button>
    </form>
  );
}
