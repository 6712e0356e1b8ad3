/**
 * Spec §4 sign-out: wipe local and session storage, cookies readable from JavaScript, IndexedDB, Cache Storage
 * and service workers. Each step is independent: one failing (e.g. storage disabled) must not stop the rest.
 */
export async function wipeBrowserStorage(): Promise<void> {
  const steps: Array<() => unknown> = [
    () => localStorage.clear(),
    () => sessionStorage.clear(),
    () => clearCookies(),
    async () => {
      const databases = (await indexedDB.databases?.()) ?? [];
      await Promise.all(
        databases.map(
          (database) =>
            new Promise<void>((resolve) => {
              if (!database.name) return resolve();
              const request = indexedDB.deleteDatabase(database.name);
              request.onsuccess = request.onerror = request.onblocked = () => resolve();
            }),
        ),
      );
    },
    async () => {
      if (!('caches' in window)) return;
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    },
    async () => {
      if (!('serviceWorker' in navigator)) return;
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    },
  ];
  await Promise.all(
    steps.map(async (step) => {
      try {
        await step();
      } catch (error) {
        console.warn('Sign-out cleanup step failed', error);
      }
    }),
  );
}

function clearCookies() {
  const hostParts = window.location.hostname.split('.');
  // A cookie is only removed with the same path and domain it was set with; try the likely ones.
  const domains = ['', ...hostParts.map((_, index) => `; domain=.${hostParts.slice(index).join('.')}`)];
  const paths = ['/', window.location.pathname];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    for (const domain of domains) {
      for (const path of paths) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${domain}`;
      }
    }
  }
}
