/** Keys of everything the app keeps in the browser, in one place so sign-out can account for them. */
export const storageKeys = {
  workspace: 'flowmind.workspace',
  redirectUrl: 'flowmind.redirectUrl',
  chunkReloadAt: 'flowmind.chunkReloadAt',
  /** Followed by `.{viewId}`: the groups collapsed in a grouped grid, on this browser. */
  collapsedGroups: 'flowmind.collapsedGroups',
  /** Followed by `.{accountId}`: focus mode's picked task, next period and last seen session. */
  focus: 'flowmind.focus',
} as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the app works without persistence.
  }
}

/** Only same-origin paths are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export const redirectUrl = {
  remember(path: string) {
    try {
      localStorage.setItem(storageKeys.redirectUrl, path);
    } catch {
      // Without storage the ?redirect parameter still carries the target.
    }
  },
  /** The target after sign-in or verification: the explicit parameter first, then the remembered one. */
  resolve(param: string | null, fallback = '/dashboard'): string {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(storageKeys.redirectUrl);
    } catch {
      stored = null;
    }
    return safeRedirectPath(param) ?? safeRedirectPath(stored) ?? fallback;
  },
  clear() {
    try {
      localStorage.removeItem(storageKeys.redirectUrl);
    } catch {
      // Nothing to clear.
    }
  },
};
