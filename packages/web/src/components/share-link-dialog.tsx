import { Check, Copy, Globe, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { Button } from './ui/button';
import { FormDialog } from './ui/form-dialog';
import { FormError } from './ui/form-field';

export const shareUrl = (publicId: string) => `${window.location.origin}/share/${publicId}`;

/** Share by link: anyone with it can read the item (signed out too) until the link is revoked. */
export function ShareLinkDialog({
  what,
  publicId,
  share,
  revoke,
  open,
  onOpenChange,
  onChanged,
}: {
  /** What is shared, in the dialog's words: "note", "chat". */
  what: string;
  publicId: string | null;
  share: () => Promise<unknown>;
  revoke: () => Promise<unknown>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}) {
  const [pending, setPending] = useState<'share' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const url = publicId ? shareUrl(publicId) : null;

  const act = async (kind: 'share' | 'revoke') => {
    setPending(kind);
    setError(null);
    try {
      if (kind === 'share') await share();
      else await revoke();
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(null);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setError('Could not copy: select the link and copy it yourself.');
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Share this ${what}`}
      description={
        url
          ? `Anyone with the link can read this ${what}, without signing in. They cannot change it.`
          : `Create a link that anyone can use to read this ${what}, without signing in.`
      }
    >
      {() => (
        <>
          {url ? (
            <div className="grid gap-3">
              <div className="flex items-center gap-2">
                <input
                  readOnly
                  aria-label="Share link"
                  value={url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="h-9 min-w-0 flex-1 rounded-md border border-input bg-surface px-3 font-mono text-xs"
                />
                <Button variant="outline" onClick={() => void copy()}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              </div>
              <div className="flex items-center justify-between gap-2">
                <a href={url} target="_blank" rel="noreferrer" className="text-primary text-sm hover:underline">
                  Open the shared page
                </a>
                <Button variant="ghost" pending={pending === 'revoke'} onClick={() => void act('revoke')}>
                  <Link2Off aria-hidden="true" />
                  Stop sharing
                </Button>
              </div>
            </div>
          ) : (
            <Button className="justify-self-start" pending={pending === 'share'} onClick={() => void act('share')}>
              <Globe aria-hidden="true" />
              Create link
            </Button>
          )}
          <FormError>{error}</FormError>
        </>
      )}
    </FormDialog>
  );
}
