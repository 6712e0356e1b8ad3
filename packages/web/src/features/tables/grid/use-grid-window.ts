import type { Field } from '@flowmind/shared/tables';
import { type UIEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RowLayout } from './grid-groups';
import type { useRecordWindows } from './use-record-windows';

export const ROW_HEIGHT = 33;
export const HEADER_HEIGHT = 34;
export const ROW_NUMBER_WIDTH = 72;
export const ADD_FIELD_WIDTH = 48;
/** Browsers cap an element's height (~17 M px in Firefox); past that the scroll position is scaled. */
const MAX_SCROLL_HEIGHT = 8_000_000;
/** Rows fetched beyond the screen, above and below. */
const OVERSCAN_ROWS = 60;

/** A cell by its record's offset in the result and its field's index. */
export type Cell = { row: number; col: number };

/**
 * What of the grid is on screen: the columns near the scroll position (the primary one frozen after the row
 * numbers), the rows in view (their scroll height scaled when the table is taller than a browser can scroll),
 * and the record windows they need.
 */
export function useGridWindow({
  fields,
  widthOf,
  layout,
  ensureSpans,
}: {
  fields: Field[];
  widthOf: (field: Field) => number;
  layout: RowLayout;
  ensureSpans: ReturnType<typeof useRecordWindows>['ensureSpans'];
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [viewport, setViewport] = useState({ width: 1024, height: 600 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setViewport({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    setViewport({ width: element.clientWidth, height: element.clientHeight });
    return () => observer.disconnect();
  }, []);

  // Column geometry: the primary field is frozen after the row numbers; the rest scroll.
  const primary = fields[0];
  const frozenWidth = ROW_NUMBER_WIDTH + (primary ? widthOf(primary) : 0);
  const columns = useMemo(() => {
    let left = frozenWidth;
    return fields.slice(1).map((field) => {
      const width = widthOf(field);
      const column = { field, left, width };
      left += width;
      return column;
    });
  }, [fields, widthOf, frozenWidth]);
  const contentWidth =
    (columns.at(-1) ? (columns.at(-1)?.left ?? 0) + (columns.at(-1)?.width ?? 0) : frozenWidth) + ADD_FIELD_WIDTH;
  const visibleColumns = columns.filter(
    (column) =>
      column.left + column.width > scroll.left + frozenWidth - 200 && column.left < scroll.left + viewport.width + 200,
  );

  // Row geometry, scaled when the real height is beyond what a browser can scroll.
  const bodyHeight = Math.max(0, viewport.height - HEADER_HEIGHT);
  const realHeight = layout.rowCount * ROW_HEIGHT;
  const virtualHeight = Math.min(realHeight, MAX_SCROLL_HEIGHT);
  const scaled = realHeight > virtualHeight;
  const realScroll =
    scaled && virtualHeight > bodyHeight
      ? (scroll.top * (realHeight - bodyHeight)) / (virtualHeight - bodyHeight)
      : scroll.top;
  const firstRow = Math.max(0, Math.floor(realScroll / ROW_HEIGHT));
  const lastRow = Math.min(layout.rowCount - 1, Math.ceil((realScroll + bodyHeight) / ROW_HEIGHT));
  const rowTop = (index: number) =>
    HEADER_HEIGHT + (scaled ? scroll.top + index * ROW_HEIGHT - realScroll : index * ROW_HEIGHT);

  useEffect(() => {
    ensureSpans(layout.spans(Math.max(0, firstRow - OVERSCAN_ROWS), lastRow + OVERSCAN_ROWS));
  }, [ensureSpans, layout, firstRow, lastRow]);

  const scrollToCell = useCallback(
    (cell: Cell) => {
      const element = scrollRef.current;
      if (!element) return;
      const realTop = layout.indexOf(cell.row) * ROW_HEIGHT;
      if (realTop < realScroll || realTop + ROW_HEIGHT > realScroll + bodyHeight) {
        const wantedReal = realTop < realScroll ? realTop : realTop + ROW_HEIGHT - bodyHeight;
        element.scrollTop =
          scaled && realHeight > bodyHeight
            ? (wantedReal * (virtualHeight - bodyHeight)) / (realHeight - bodyHeight)
            : wantedReal;
      }
      const column = cell.col > 0 ? columns[cell.col - 1] : undefined;
      if (column) {
        if (column.left < element.scrollLeft + frozenWidth) element.scrollLeft = column.left - frozenWidth;
        else if (column.left + column.width > element.scrollLeft + element.clientWidth)
          element.scrollLeft = column.left + column.width - element.clientWidth;
      }
    },
    [layout, realScroll, bodyHeight, scaled, realHeight, virtualHeight, columns, frozenWidth],
  );

  const onScroll = (event: UIEvent<HTMLDivElement>) =>
    setScroll({ top: event.currentTarget.scrollTop, left: event.currentTarget.scrollLeft });

  return {
    scrollRef,
    scroll,
    onScroll,
    viewport,
    frozenWidth,
    contentWidth,
    visibleColumns,
    bodyHeight,
    virtualHeight,
    firstRow,
    lastRow,
    rowTop,
    scrollToCell,
  };
}
