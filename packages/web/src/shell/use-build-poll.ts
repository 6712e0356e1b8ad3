import { useEffect, useState } from 'react';

const POLL_INTERVAL_MS = 60_000;

async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/build.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** True once /build.json names a build other than the one running; checked every minute and on focus. */
export function useNewBuildAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    // The dev server has no build.json; only built apps can be replaced by a newer build.
    if (import.meta.env.DEV || available) return;
    const running = import.meta.env.VITE_BUILD_ID;
    let cancelled = false;
    const check = async () => {
      const latest = await fetchLatestBuildId();
      if (!cancelled && latest && latest !== running) setAvailable(true);
    };
    const timer = setInterval(check, POLL_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [available]);
  return available;
}
