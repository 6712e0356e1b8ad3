/**
 * better-auth keeps each call's state in AsyncLocalStorage. On Node 20 and 22 a storage in use runs
 * promise hooks on every promise of the process, whatever it does: about a quarter of a webhook
 * call's CPU once anybody has signed in (see docs/performance.md, "Flows"). So calls into
 * better-auth go through `duringAuthCall`, and once none is in flight its storages are switched
 * off; its next call switches them on again. Each call awaits all of its work (no background tasks
 * are configured), so nothing of it reads its state afterwards. Node 24 keeps async context without
 * hooks, and there this changes nothing.
 */
let inFlight = 0;

type Storage = { disable(): void; enabled?: boolean };

/** The storages better-auth made (it keeps them on a global, shared by its copies). */
export function authStorages(): Storage[] {
  const shared = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for('better-auth:global')
  ];
  return Object.values(shared?.context ?? {}).filter(
    (value): value is Storage => typeof (value as Storage | null)?.disable === 'function',
  );
}

export async function duringAuthCall<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const storage of authStorages()) storage.disable();
  }
}
