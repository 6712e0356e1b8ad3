import { useEffect, useRef } from 'react';

/**
 * For work saved a moment after it is made: `flush` sends what is held back when the page is hidden or left
 * (a tab switch, a full navigation, closing the tab), and while `pending()` still says a save has not landed
 * the browser asks before the page is left.
 */
export function useLeaveGuard({ flush, pending }: { flush: () => void; pending: () => boolean }) {
  const latest = useRef({ flush, pending });
  latest.current = { flush, pending };
  useEffect(() => {
    const onHide = () => latest.current.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      latest.current.flush();
      if (!latest.current.pending()) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}
