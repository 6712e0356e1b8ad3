import type { Logger } from 'pino';

export type Ticker = { tick: () => Promise<void>; stop: () => void };

/**
 * Runs `tick` now and then again `intervalMs` after each one ends (never two at once), until
 * stopped. A failed tick is logged as `failed` says and the next one comes as usual; the timer
 * does not keep the process up.
 */
export function startTicker({
  tick,
  intervalMs,
  logger,
  failed,
}: {
  tick: () => Promise<void>;
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
  failed: string;
}): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const loop = async () => {
    if (stopped) return;
    try {
      await tick();
    } catch (error) {
      if (!stopped) logger.warn({ err: error }, failed);
    }
    if (!stopped) {
      timer = setTimeout(() => void loop(), intervalMs);
      timer.unref?.();
    }
  };
  void loop();
  return {
    tick,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
