import type { FlowGraph } from '@flowmind/shared/flows';
import { useCallback, useMemo, useRef, useState } from 'react';

const LIMIT = 100;
/** Edits with the same key this close together (typing in one field) undo as one step. */
const COALESCE_MS = 1000;

type History = { past: FlowGraph[]; present: FlowGraph; future: FlowGraph[] };

export type GraphHistory = {
  graph: FlowGraph;
  /** A change that undo can take back. Pass `coalesceKey` to merge a burst of edits to the same thing. */
  commit(next: FlowGraph | ((graph: FlowGraph) => FlowGraph), options?: { coalesceKey?: string }): void;
  /** A change while a gesture is under way (dragging): shown, but not yet a step of its own. */
  preview(next: FlowGraph): void;
  /** Ends a gesture: `before` becomes the step undo returns to. */
  commitFrom(before: FlowGraph, next: FlowGraph): void;
  /** Starts over from a graph (loaded from the server): nothing to undo. */
  reset(graph: FlowGraph): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  /** Grows on every change made here (not on reset): the autosave watches it. */
  editCount: number;
};

/** The draft graph with undo and redo over every change: moves, connections, param edits. */
export function useGraphHistory(initial: FlowGraph): GraphHistory {
  const [state, setState] = useState<{ history: History; editCount: number }>({
    history: { past: [], present: initial, future: [] },
    editCount: 0,
  });
  const last = useRef<{ key: string; at: number } | null>(null);

  const commit = useCallback<GraphHistory['commit']>((next, options) => {
    const now = Date.now();
    const coalesce =
      options?.coalesceKey !== undefined &&
      last.current?.key === options.coalesceKey &&
      now - last.current.at < COALESCE_MS;
    last.current = options?.coalesceKey ? { key: options.coalesceKey, at: now } : null;
    setState(({ history, editCount }) => {
      const resolved = typeof next === 'function' ? next(history.present) : next;
      if (resolved === history.present) return { history, editCount };
      return {
        history: {
          past: coalesce ? history.past : [...history.past, history.present].slice(-LIMIT),
          present: resolved,
          future: [],
        },
        editCount: editCount + 1,
      };
    });
  }, []);

  const preview = useCallback((next: FlowGraph) => {
    setState(({ history, editCount }) => ({ history: { ...history, present: next }, editCount }));
  }, []);

  const commitFrom = useCallback((before: FlowGraph, next: FlowGraph) => {
    last.current = null;
    setState(({ history, editCount }) => ({
      history: { past: [...history.past, before].slice(-LIMIT), present: next, future: [] },
      editCount: editCount + 1,
    }));
  }, []);

  const reset = useCallback((graph: FlowGraph) => {
    last.current = null;
    setState(({ editCount }) => ({ history: { past: [], present: graph, future: [] }, editCount }));
  }, []);

  const undo = useCallback(() => {
    last.current = null;
    setState(({ history, editCount }) => {
      const previous = history.past.at(-1);
      if (!previous) return { history, editCount };
      return {
        history: { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] },
        editCount: editCount + 1,
      };
    });
  }, []);

  const redo = useCallback(() => {
    last.current = null;
    setState(({ history, editCount }) => {
      const [next, ...rest] = history.future;
      if (!next) return { history, editCount };
      return {
        history: { past: [...history.past, history.present], present: next, future: rest },
        editCount: editCount + 1,
      };
    });
  }, []);

  const { history, editCount } = state;
  return useMemo(
    () => ({
      graph: history.present,
      commit,
      preview,
      commitFrom,
      reset,
      undo,
      redo,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      editCount,
    }),
    [history, editCount, commit, preview, commitFrom, reset, undo, redo],
  );
}
