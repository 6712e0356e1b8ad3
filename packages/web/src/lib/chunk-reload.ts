import { storageKeys } from './storage';

const RELOAD_GUARD_MS = 10_000;

const chunkErrorPatterns = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'Loading chunk',
  'Loading CSS chunk',
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return chunkErrorPatterns.some((pattern) => message.includes(pattern));
}

/**
 * A chunk fails to load when a new build replaced the old files: reloading fetches the new index.html. The time
 * of the last reload is kept so a chunk that is really broken does not reload the page forever.
 * Returns false when a reload was already tried moments ago.
 */
export function claimChunkReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(storageKeys.chunkReloadAt) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(storageKeys.chunkReloadAt, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

export function reloadForChunkError(): boolean {
  if (!claimChunkReload()) return false;
  window.location.reload();
  return true;
}

/**
 * Vite reports a chunk that failed to preload. The failing import still rejects, so the route being opened shows
 * its error element, which reloads at the new URL. A reload from here is the fallback for anything outside a
 * route; by then the route has usually reloaded already and the guard makes this a no-op.
 */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('A chunk failed to load', (event as Event & { payload?: unknown }).payload);
    setTimeout(reloadForChunkError, 1000);
  });
}
