import type { TableRecord } from '@flowmind/shared/tables';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { tablesApi } from '../tables-api';

/** Records per request; the grid asks for the windows that cover what is on screen plus some overscan. */
export const WINDOW_SIZE = 200;
/** Windows kept in memory; the farthest from the last request are dropped first. */
const MAX_WINDOWS = 40;

type WindowState = { records: TableRecord[]; stale: boolean };

/**
 * Records of a table by position, fetched in windows of WINDOW_SIZE as the grid scrolls. `queryKey` names the
 * result set (view, search): when it changes the cache starts over. `version` (from the live table document)
 * changes on every write by anyone: loaded windows are marked stale and the visible ones fetched again, keeping
 * the old rows on screen until the new ones arrive.
 */
export function useRecordWindows({
  tableId,
  viewId,
  search,
  queryKey,
  version,
}: {
  tableId: string;
  viewId: string | undefined;
  search: string;
  queryKey: string;
  version: unknown;
}) {
  const windows = useRef(new Map<number, WindowState>());
  const inFlight = useRef(new Map<number, AbortController>());
  const generation = useRef(0);
  /** Values written here and not yet confirmed: laid over every window that arrives meanwhile. */
  const pendingWrites = useRef(new Map<string, Record<string, unknown>>());
  const lastSpans = useRef<Array<[number, number]>>([[0, 0]]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const bump = useCallback(() => setTick((value) => value + 1), []);
  const params = useRef({ tableId, viewId, search });
  params.current = { tableId, viewId, search };

  /**
   * A filter or search leaves the count out of a page (counting scans every match), so it is asked
   * for apart, once per result set and again after writes, while the rows already show.
   */
  const counting = useRef<AbortController | null>(null);
  const countIsStale = useRef(true);
  const countMatches = useCallback((startedIn: number) => {
    if (!countIsStale.current) return;
    countIsStale.current = false;
    counting.current?.abort();
    const controller = new AbortController();
    counting.current = controller;
    const { tableId: id, viewId: view, search: text } = params.current;
    tablesApi
      .countRecords({ tableId: id, query: { viewId: view, search: text || undefined }, signal: controller.signal })
      .then(({ total: counted }) => {
        if (startedIn === generation.current) setTotal(counted);
      })
      .catch((failure) => {
        if ((failure as Error).name === 'AbortError' || startedIn !== generation.current) return;
        setError(errorMessage(failure, 'Could not count records'));
      })
      .finally(() => {
        if (counting.current === controller) counting.current = null;
      });
  }, []);

  const fetchWindow = useCallback(
    (index: number) => {
      if (inFlight.current.has(index)) return;
      const controller = new AbortController();
      inFlight.current.set(index, controller);
      const startedIn = generation.current;
      const { tableId: id, viewId: view, search: text } = params.current;
      tablesApi
        .records({
          tableId: id,
          query: { viewId: view, search: text || undefined, offset: index * WINDOW_SIZE, limit: WINDOW_SIZE },
          signal: controller.signal,
        })
        .then((page) => {
          if (startedIn !== generation.current) return;
          const records = page.records.map((record) => {
            const pending = pendingWrites.current.get(record.id);
            return pending ? { ...record, values: { ...record.values, ...pending } } : record;
          });
          windows.current.set(index, { records, stale: false });
          if (page.total !== null) setTotal(page.total);
          else countMatches(startedIn);
          setError(null);
          bump();
        })
        .catch((failure) => {
          if ((failure as Error).name === 'AbortError' || startedIn !== generation.current) return;
          setError(errorMessage(failure, 'Could not load records'));
        })
        .finally(() => {
          if (inFlight.current.get(index) === controller) inFlight.current.delete(index);
        });
    },
    [bump, countMatches],
  );

  /**
   * Asks for the rows of each [first, last] span (inclusive); cheap to call on every scroll. A grouped grid shows
   * several spans at once, with collapsed groups between them that are never fetched.
   */
  const ensureSpans = useCallback(
    (spans: Array<[number, number]>) => {
      lastSpans.current = spans;
      const indexes = new Set<number>();
      for (const [first, last] of spans) {
        const from = Math.max(0, Math.floor(first / WINDOW_SIZE));
        const to = Math.max(from, Math.floor(Math.max(first, last) / WINDOW_SIZE));
        for (let index = from; index <= to; index++) indexes.add(index);
      }
      for (const index of indexes) {
        const cached = windows.current.get(index);
        if (!cached || cached.stale) fetchWindow(index);
      }
      const near = Math.max(0, Math.floor((spans[0]?.[0] ?? 0) / WINDOW_SIZE));
      if (windows.current.size > MAX_WINDOWS) {
        const far = [...windows.current.keys()]
          .filter((index) => !indexes.has(index))
          .sort((a, b) => Math.abs(b - near) - Math.abs(a - near));
        for (const index of far.slice(0, windows.current.size - MAX_WINDOWS)) windows.current.delete(index);
      }
    },
    [fetchWindow],
  );
  const refetchVisible = useCallback(() => {
    countIsStale.current = true;
    for (const state of windows.current.values()) state.stale = true;
    for (const controller of inFlight.current.values()) controller.abort();
    inFlight.current.clear();
    ensureSpans(lastSpans.current);
  }, [ensureSpans]);

  // A new result set: forget everything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey names the result set on purpose
  useEffect(() => {
    generation.current++;
    for (const controller of inFlight.current.values()) controller.abort();
    inFlight.current.clear();
    windows.current.clear();
    countIsStale.current = true;
    setTotal(null);
    setError(null);
    fetchWindow(0);
    bump();
  }, [tableId, queryKey, fetchWindow, bump]);

  // Someone (maybe us) wrote: fetch again what is loaded.
  const firstVersion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger
  useEffect(() => {
    if (firstVersion.current) {
      firstVersion.current = false;
      return;
    }
    refetchVisible();
  }, [version, refetchVisible]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick makes readers re-render after a fetch
  const recordAt = useCallback(
    (row: number): TableRecord | undefined =>
      windows.current.get(Math.floor(row / WINDOW_SIZE))?.records[row % WINDOW_SIZE],
    [tick],
  );

  /** Changes values in the cache (optimistic writes and their rollback). */
  const patchLocal = useCallback(
    (changes: Array<{ id: string; values: Record<string, unknown> }>) => {
      const byId = new Map(changes.map((change) => [change.id, change.values]));
      for (const state of windows.current.values()) {
        state.records = state.records.map((record) => {
          const values = byId.get(record.id);
          return values ? { ...record, values: { ...record.values, ...values } } : record;
        });
      }
      bump();
    },
    [bump],
  );

  /** Shows a write at once and keeps it over any window fetched before the server has it. */
  const beginWrite = useCallback(
    (changes: Array<{ id: string; values: Record<string, unknown> }>) => {
      for (const change of changes) {
        pendingWrites.current.set(change.id, { ...pendingWrites.current.get(change.id), ...change.values });
      }
      patchLocal(changes);
    },
    [patchLocal],
  );

  /** The server answered: stop overlaying these values (a later write to the same cell keeps its own). */
  const endWrite = useCallback((changes: Array<{ id: string; values: Record<string, unknown> }>) => {
    for (const change of changes) {
      const pending = pendingWrites.current.get(change.id);
      if (!pending) continue;
      for (const [fieldId, value] of Object.entries(change.values)) {
        if (Object.is(pending[fieldId], value)) delete pending[fieldId];
      }
      if (Object.keys(pending).length === 0) pendingWrites.current.delete(change.id);
    }
  }, []);

  const findRecord = useCallback((id: string) => {
    for (const state of windows.current.values()) {
      const found = state.records.find((record) => record.id === id);
      if (found) return found;
    }
    return undefined;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks a change of the windows
  const loadedRows = useMemo(() => {
    let rows = 0;
    for (const [index, state] of windows.current) rows = Math.max(rows, index * WINDOW_SIZE + state.records.length);
    return rows;
  }, [tick]);

  return {
    total,
    loadedRows,
    error,
    recordAt,
    ensureSpans,
    refetchVisible,
    patchLocal,
    beginWrite,
    endWrite,
    findRecord,
    tick,
  };
}
