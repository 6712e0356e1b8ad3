import { useEffect, useRef } from 'react';

export type ShortcutHandlers = {
  undo(): void;
  redo(): void;
  selectAll(): void;
  copy(): void;
  /** Ctrl+V when the browser sent no paste event (no clipboard access): paste what this app copied last. */
  pasteFallback(): void;
  pasteText(text: string): boolean;
  copyText(): string | null;
  duplicate(): void;
  rename(): void;
  toggleDisabled(): void;
  layout(): void;
  openPalette(): void;
  help(): void;
  escape(): void;
};

/** Typing in a field or working in a dialog keeps its keys. */
function keysBelongElsewhere(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (element?.closest?.('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * The editor's keyboard shortcuts. Copy and paste go through the browser's clipboard events, so steps copied in
 * one tab paste in another (or into a text file as JSON); Ctrl+C/V also work when those events do not fire.
 */
export function useEditorShortcuts(handlers: ShortcutHandlers, enabled: boolean) {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    let pasteHandled = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (keysBelongElsewhere(event.target)) return;
      const h = ref.current;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (mod && key === 'z' && !event.shiftKey) return run(h.undo);
      if (mod && ((key === 'z' && event.shiftKey) || key === 'y')) return run(h.redo);
      if (mod && key === 'a') return run(h.selectAll);
      if (mod && key === 'd') return run(h.duplicate);
      if (mod && key === 'e') return run(h.toggleDisabled);
      if (mod && key === 'c') {
        // The copy event that follows fills the system clipboard; this keeps a copy for the fallback.
        h.copy();
        return;
      }
      if (mod && key === 'v') {
        pasteHandled = false;
        setTimeout(() => {
          if (!pasteHandled) ref.current.pasteFallback();
        }, 50);
        return;
      }
      if (mod || event.altKey) return;
      if (event.key === 'F2') return run(h.rename);
      if (event.key === '?') return run(h.help);
      if (event.key === '/') return run(h.openPalette);
      if (event.key === 'L' && event.shiftKey) return run(h.layout);
      if (event.key === 'Escape') h.escape();
    };
    const onCopy = (event: ClipboardEvent) => {
      if (keysBelongElsewhere(event.target) || window.getSelection()?.toString()) return;
      const text = ref.current.copyText();
      if (!text || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (keysBelongElsewhere(event.target)) return;
      pasteHandled = true;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (ref.current.pasteText(text)) event.preventDefault();
      // Nothing on the system clipboard (no access to it): what this app copied last.
      else if (!text) ref.current.pasteFallback();
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [enabled]);
}
