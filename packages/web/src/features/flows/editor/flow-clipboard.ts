import { type GraphFragment, parseFragment } from './graph-ops';
import type { ShortcutHandlers } from './use-editor-shortcuts';

/** Where a copy is kept for the Ctrl+V fallback (the browser sent no paste event). */
const CLIPBOARD_KEY = 'flowmind.flow-clipboard';

/**
 * The copy and paste shortcuts: the selection as a JSON fragment on the system clipboard (so it
 * pastes in another tab or a text file), and a copy in local storage for when the browser sends
 * no clipboard events.
 */
export function clipboardShortcuts({
  currentFragment,
  paste,
}: {
  currentFragment: () => GraphFragment | null;
  paste: (fragment: GraphFragment) => void;
}): Pick<ShortcutHandlers, 'copy' | 'copyText' | 'pasteText' | 'pasteFallback'> {
  return {
    copy: () => {
      const fragment = currentFragment();
      if (fragment) localStorage.setItem(CLIPBOARD_KEY, JSON.stringify(fragment));
    },
    copyText: () => {
      const fragment = currentFragment();
      return fragment ? JSON.stringify(fragment) : null;
    },
    pasteText: (text) => {
      const fragment = parseFragment(text);
      if (fragment) paste(fragment);
      return fragment !== null;
    },
    pasteFallback: () => {
      const fragment = parseFragment(localStorage.getItem(CLIPBOARD_KEY) ?? '');
      if (fragment) paste(fragment);
    },
  };
}
