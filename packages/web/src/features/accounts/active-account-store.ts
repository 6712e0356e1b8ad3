import { createStore } from '../../lib/create-store';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

/** Spec §3 workspace selection, persisted in localStorage. */
export type WorkspaceSelection = { activeAccountId: string | null; lastUpdated: number };

function readSelection(): WorkspaceSelection {
  const stored =
    typeof localStorage === 'undefined' ? null : readJson<WorkspaceSelection>(localStorage, storageKeys.workspace);
  return stored && typeof stored.activeAccountId === 'string' ? stored : { activeAccountId: null, lastUpdated: 0 };
}

export const workspaceStore = createStore<WorkspaceSelection>(readSelection());

export function saveSelection(activeAccountId: string) {
  const selection = { activeAccountId, lastUpdated: Date.now() };
  workspaceStore.set(selection);
  writeJson(localStorage, storageKeys.workspace, selection);
}

if (typeof window !== 'undefined') {
  // Another tab switched accounts: follow it, so two tabs never write to different accounts unknowingly.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.workspace) workspaceStore.set(readSelection());
  });
}
