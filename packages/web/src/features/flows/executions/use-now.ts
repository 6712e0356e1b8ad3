import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so durations and "5 minutes ago" move on their own. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
