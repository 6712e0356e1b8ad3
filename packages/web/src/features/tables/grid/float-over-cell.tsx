import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

const MARGIN = 8;

/**
 * Shows a popup editor over the grid cell it is rendered in, but in a layer of its own: a cell clips its content
 * and sits under the frozen column, and a popup near the right or bottom edge must stay on screen.
 */
export function FloatOverCell({ children, width, height }: { children: ReactNode; width: number; height: number }) {
  const marker = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const cell = marker.current?.parentElement;
    if (!cell) return;
    const rect = cell.getBoundingClientRect();
    setAt({
      left: Math.max(MARGIN, Math.min(rect.left, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(rect.top, window.innerHeight - height - MARGIN)),
    });
  }, [width, height]);
  return (
    <>
      <span ref={marker} hidden />
      {at &&
        createPortal(
          <div className="fixed z-40" style={{ left: at.left, top: at.top }}>
            {children}
          </div>,
          document.body,
        )}
    </>
  );
}
