import { useEffect, useRef } from 'react';

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Space starts or pauses, S skips, D marks the task done, anywhere on the focus screen except while typing
 * or inside a dialog or popover. Space on a focused button means the timer too, not a click on that button.
 */
export function useFocusKeys(actions: { toggle: () => void; skip: () => void; done: () => void }) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (typingInto(event.target)) return;
      if (
        event.target instanceof Element &&
        event.target.closest('[role="dialog"], [role="menu"], [data-radix-popper-content-wrapper]')
      )
        return;
      const key = event.key.toLowerCase();
      if (key === ' ') {
        event.preventDefault();
        latest.current.toggle();
      } else if (key === 's') {
        event.preventDefault();
        latest.current.skip();
      } else if (key === 'd') {
        event.preventDefault();
        latest.current.done();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
