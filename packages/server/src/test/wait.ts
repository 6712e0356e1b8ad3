import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** A port nothing listens on (just released), for a server a test starts in another process. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Reads until `done` holds or the time is up (then throws with the last value). With
 * `retryErrors`, a read that fails counts as not done yet: a process still starting, or just killed.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, everyMs = 150, retryErrors = false } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = retryErrors ? await read().catch(() => undefined as T) : await read();
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)?.slice(0, 800)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
