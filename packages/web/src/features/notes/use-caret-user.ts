import { useMemo } from 'react';
import { useStore } from '../../lib/create-store';
import { sessionStore } from '../session/session-store';

/** Colours for other people's carets: distinct, and readable with white text in both themes. */
const CARET_COLOURS = ['#7c3aed', '#0891b2', '#db2777', '#16a34a', '#ea580c', '#2563eb', '#9333ea', '#0d9488'];

export function caretColour(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return CARET_COLOURS[hash % CARET_COLOURS.length] as string;
}

/** How this user's caret shows in other people's editors. */
export function useCaretUser(): { name: string; color: string } {
  const { user } = useStore(sessionStore);
  return useMemo(
    () => ({ name: user?.name || 'Someone', color: caretColour(user?.id ?? 'anonymous') }),
    [user?.id, user?.name],
  );
}
