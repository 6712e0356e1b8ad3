import type { View } from '@flowmind/shared/table-views';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import { alerts } from '../../../../shell/alert-store';

export const publicFormUrl = (publicId: string) => `${window.location.origin}/share/${encodeURIComponent(publicId)}`;

/** The "Share" switch of a form and, while it is on, the public link with a copy button. */
export function FormShare({ view, onShare }: { view: View; onShare: (formPublic: boolean) => void }) {
  const shared = view.config.formPublic;
  const url = shared && view.publicId ? publicFormUrl(view.publicId) : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      alerts.success('Link copied');
    } catch {
      alerts.error('Could not copy; select the link and copy it yourself');
    }
  };
  return (
    <section aria-labelledby="form-share" className="grid gap-3 rounded-xl border bg-background p-4">
      <div className="flex items-start gap-3">
        <div className="grid flex-1 gap-0.5">
          <h3 id="form-share" className="font-medium text-sm">
            Share
          </h3>
          <p className="text-muted-foreground text-[13px]">
            {shared
              ? 'Anyone with the link can submit, signed in or not.'
              : 'Only members of this account can fill it in.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={shared}
          aria-label="Share a public link"
          onClick={() => onShare(!shared)}
          className={cn(
            'relative h-5 w-9 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            shared ? 'bg-primary' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow-xs transition-transform',
              shared && 'translate-x-4',
            )}
          />
        </button>
      </div>
      {shared && (
        <div className="flex items-center gap-1.5">
          {url ? (
            <>
              <Input
                readOnly
                value={url}
                aria-label="Public link"
                onFocus={(event) => event.currentTarget.select()}
                className="h-8 text-[13px]"
              />
              <Button size="sm" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground"
                aria-label="Open the public form"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            </>
          ) : (
            <span className="text-muted-foreground text-[13px]">Creating the link…</span>
          )}
        </div>
      )}
    </section>
  );
}
