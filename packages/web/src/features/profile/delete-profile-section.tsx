import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage } from '../../lib/api';
import { authCall, authClient } from '../auth/auth-client';
import { forgetUserAndLeave } from '../auth/sign-out';

/**
 * Deletes the user. The server refuses while they alone own a business account that has other members; its
 * message says which one, and is shown as is.
 */
export function DeleteProfileSection({ isPasswordUser }: { isPasswordUser: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setPending(true);
    setError(null);
    try {
      await authCall(authClient.deleteUser(isPasswordUser ? { password } : {}));
      await forgetUserAndLeave('/');
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  }

  return (
    <>
      <Section
        id="delete-profile"
        tone="danger"
        title="Delete profile"
        description="Deletes your profile, your personal account and everything in it. Business accounts you share with others stay with them."
        footer={
          <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
            Delete profile
          </Button>
        }
      />
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(null);
          }
        }}
        title="Delete your profile?"
        description="This cannot be undone. Your personal account and its contents are deleted immediately."
        confirmLabel="Delete profile"
        requireText="DELETE"
        canConfirm={!isPasswordUser || password.length > 0}
        pending={pending}
        error={error}
        onConfirm={() => void remove()}
      >
        {isPasswordUser && (
          <Field label="Your password">
            {(props) => (
              <PasswordInput
                {...props}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
        )}
      </ConfirmDialog>
    </>
  );
}
