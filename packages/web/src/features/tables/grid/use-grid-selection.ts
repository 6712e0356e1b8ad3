import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RowLayout } from './grid-groups';
import type { Cell } from './use-grid-window';
import type { useRecordWindows } from './use-record-windows';

/**
 * The active cell and the range from its anchor, moved by keys and clicks (passing over collapsed groups), the
 * records the range covers, and the last row shown and selected after a record is added from outside.
 */
export function useGridSelection({
  layout,
  total,
  columnCount,
  windows,
  scrollRef,
  scrollToCell,
  onSelectedRecordsChange,
  revealLastRow,
}: {
  layout: RowLayout;
  total: number;
  columnCount: number;
  windows: ReturnType<typeof useRecordWindows>;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollToCell: (cell: Cell) => void;
  onSelectedRecordsChange: (ids: string[]) => void;
  revealLastRow: number;
}) {
  const [active, setActive] = useState<Cell | null>(null);
  const [anchor, setAnchor] = useState<Cell | null>(null);

  const range = useMemo(() => {
    if (!active) return null;
    const from = anchor ?? active;
    return {
      top: Math.min(from.row, active.row),
      bottom: Math.max(from.row, active.row),
      left: Math.min(from.col, active.col),
      right: Math.max(from.col, active.col),
    };
  }, [active, anchor]);

  // The records the selection covers (loaded ones), for "Delete records" in the toolbar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-reads the cache after a fetch
  useEffect(() => {
    if (!range) {
      onSelectedRecordsChange([]);
      return;
    }
    const ids: string[] = [];
    for (let row = range.top; row <= Math.min(range.bottom, range.top + 999); row++) {
      // A collapsed group inside the selection is not part of it: its records are not on screen.
      const record = layout.isVisible(row) ? windows.recordAt(row) : undefined;
      if (record) ids.push(record.id);
    }
    onSelectedRecordsChange(ids);
  }, [range, layout, windows.tick, onSelectedRecordsChange]);

  const moveTo = (cell: Cell, extend = false) => {
    const wanted = Math.max(0, Math.min(Math.max(0, total - 1), cell.row));
    // Records of a collapsed group are passed over in the direction of the move.
    const row = layout.nearestVisible(wanted, wanted < (active?.row ?? 0) ? -1 : 1);
    if (row === null) return;
    const next = { row, col: Math.max(0, Math.min(columnCount - 1, cell.col)) };
    if (extend) setAnchor((current) => current ?? active);
    else setAnchor(null);
    setActive(next);
    scrollToCell(next);
  };

  /** A click: the cell alone, or with shift the range from the anchor to it. */
  const select = (cell: Cell, extend: boolean) => {
    if (extend && active) {
      setAnchor((current) => current ?? active);
      setActive(cell);
    } else {
      setAnchor(null);
      setActive(cell);
    }
  };

  // After "Add record": show and select the last row now, and again once the new total arrives (whichever comes
  // last is the new record).
  const pendingReveal = useRef(false);
  const reveal = useCallback(
    (rows: number) => {
      const element = scrollRef.current;
      if (!element || rows === 0) return;
      element.scrollTop = element.scrollHeight;
      setAnchor(null);
      setActive({ row: rows - 1, col: 0 });
      element.focus({ preventScroll: true });
    },
    [scrollRef],
  );
  const totalRef = useRef(total);
  totalRef.current = total;
  useEffect(() => {
    if (revealLastRow === 0) return;
    pendingReveal.current = true;
    reveal(totalRef.current);
    const timer = setTimeout(() => {
      pendingReveal.current = false;
    }, 3000);
    return () => clearTimeout(timer);
  }, [revealLastRow, reveal]);
  useEffect(() => {
    if (!pendingReveal.current) return;
    pendingReveal.current = false;
    reveal(total);
  }, [total, reveal]);

  const selectRange = (from: Cell, to: Cell) => {
    setAnchor(from);
    setActive(to);
  };

  /** Escape: the range shrinks to the active cell. */
  const collapseRange = () => setAnchor(null);

  const inRange = (row: number, col: number) =>
    range !== null && row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;

  return { active, range, moveTo, select, selectRange, collapseRange, inRange };
}
