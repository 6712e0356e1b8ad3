import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';

/** Publishing turns the draft into the next immutable version; the message says what changed. */
export function PublishDialog({
  open,
  onOpenChange,
  nextVersion,
  onPublish,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nextVersion: number;
  onPublish: (message: string) => Promise<void>;
}) {
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onPublish(message.trim());
      setMessage('');
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not publish'));
    } finally {
      setPending(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Publish version ${nextVersion}`}
      description="The published version is what the flow’s triggers run. Your draft stays as it is."
    >
      {(close) => (
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-1.5 text-sm">
            <label htmlFor="publish-message" className="font-medium">
              What changed? (optional)
            </label>
            <Input
              autoFocus
              id="publish-message"
              value={message}
              maxLength={500}
              placeholder="e.g. Send a Slack message for large orders"
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Publish
            </Button>
          </DialogFooter>
        </form>
      )}
    </FormDialog>
  );
}
