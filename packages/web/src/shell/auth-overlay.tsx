import { useStore } from '../lib/create-store';
import { authOverlayStore } from './auth-overlay-store';
import { Spinner } from './spinner';

export function AuthOverlay() {
  const { visible, message } = useStore(authOverlayStore);
  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-[90] flex animate-fade-in items-center justify-center bg-overlay p-4 backdrop-blur-sm"
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={message}
    >
      <div className="flex min-w-64 items-center gap-3 rounded-xl border bg-popover px-5 py-4 shadow-xl">
        <Spinner className="size-5 text-primary" />
        <p className="font-medium text-sm" aria-live="polite">
          {message}
        </p>
      </div>
    </div>
  );
}
