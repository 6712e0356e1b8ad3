import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { safeHref } from './safe-href';

/** Asks for the address of an image to put in the note (uploads arrive with the files feature). */
export function ImageUrlDialog({ open, onDone }: { open: boolean; onDone: (url: string | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const href = safeHref(value);
    if (!href || !/^https?:/.test(href)) {
      setError('Enter an http or https address');
      return;
    }
    setValue('');
    onDone(href);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValue('');
          setError(null);
          onDone(null);
        }
      }}
    >
      {open && (
        <DialogContent
          title="Add an image"
          description="Paste the address of an image on the web."
          // The editor takes the caret back itself, at the image; Radix would focus it at a stale spot.
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          <form onSubmit={submit} noValidate className="grid gap-3">
            <Input
              autoFocus
              aria-label="Image address"
              aria-invalid={error ? true : undefined}
              placeholder="https://example.com/picture.png"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
            {error && <p className="text-destructive text-sm">{error}</p>}
            <DialogFooter>
              <Button variant="outline" type="button" onClick={() => onDone(null)}>
                Cancel
              </Button>
              <Button type="submit">Add image</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
