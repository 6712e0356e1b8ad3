import type { FocusKind, FocusState } from '@flowmind/shared/focus';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import type { FocusTarget } from './focus-api';

/** What this browser remembers of focus mode in one account, so a reload picks up where it was. */
export type FocusMemory = {
  target: FocusTarget | null;
  /** The period the Start button starts when none is running. */
  upcoming: FocusKind;
  lastState: FocusState | null;
};

const keyFor = (accountId: string) => `${storageKeys.focus}.${accountId}`;
const empty: FocusMemory = { target: null, upcoming: 'focus', lastState: null };

export function readFocusMemory(accountId: string): FocusMemory {
  if (typeof localStorage === 'undefined') return empty;
  return { ...empty, ...readJson<Partial<FocusMemory>>(localStorage, keyFor(accountId)) };
}

export function writeFocusMemory(accountId: string, patch: Partial<FocusMemory>) {
  writeJson(localStorage, keyFor(accountId), { ...readFocusMemory(accountId), ...patch });
}
