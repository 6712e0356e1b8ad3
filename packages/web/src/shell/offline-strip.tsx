import { WifiOff } from 'lucide-react';
import { useIsOnline } from './online-status';

export function OfflineStrip() {
  const online = useIsOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-[96] flex items-center justify-center gap-2 bg-red-600 px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] font-medium text-sm text-white"
    >
      <WifiOff className="size-4" aria-hidden="true" />
      You are currently offline
    </div>
  );
}
