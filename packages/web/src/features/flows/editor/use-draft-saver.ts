import type { Flow, FlowGraph } from '@flowmind/shared/flows';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { flowApi } from '../flow-api';

export const SAVE_DELAY_MS = 600;
const OFFLINE_RETRY_MS = 3000;

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'error';

export type DraftSaver = {
  status: SaveStatus;
  error: string | null;
  /** The revision the editor's graph was last saved as (or loaded from). */
  revision(): number;
  /** Edits not yet on the server (waiting, or being sent). */
  hasUnsaved(): boolean;
  busy(): boolean;
  /** Saves now and waits until the server has the current graph; throws when it cannot. */
  flush(): Promise<void>;
  /** The graph now shown came from the server at `revision` (a reload, a restore). */
  markLoaded(revision: number): void;
};

/**
 * Saves the draft a moment after each edit. Saves go one at a time, each on the revision the previous one
 * returned, so they never race each other; someone else's newer save makes ours a 409 (status `conflict`),
 * and the editor offers to reload. When the page goes away unsaved edits still go out (a keepalive request).
 */
export function useDraftSaver({
  flowId,
  graph,
  editCount,
  initialRevision,
  onSaved,
}: {
  flowId: string;
  graph: FlowGraph;
  editCount: number;
  initialRevision: number;
  onSaved?: (flow: Flow) => void;
}): DraftSaver {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const revision = useRef(initialRevision);
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const editRef = useRef(editCount);
  editRef.current = editCount;
  const savedEdit = useRef(editCount);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const conflict = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const run = useCallback((): Promise<void> => {
    clearTimer();
    if (inFlight.current) return inFlight.current;
    if (conflict.current) return Promise.reject(new Error('The draft was changed elsewhere. Reload to continue.'));
    if (editRef.current === savedEdit.current) return Promise.resolve();
    const edit = editRef.current;
    const sent = graphRef.current;
    setStatus('saving');
    const request = flowApi
      .saveDraft({ flowId, graph: sent, baseRevision: revision.current })
      .then((flow) => {
        revision.current = flow.revision;
        savedEdit.current = edit;
        setError(null);
        onSavedRef.current?.(flow);
        inFlight.current = null;
        if (editRef.current !== edit) return run();
        setStatus('saved');
      })
      .catch((failure: unknown) => {
        inFlight.current = null;
        if (failure instanceof ApiError && failure.status === 409) {
          conflict.current = true;
          setStatus('conflict');
          setError(failure.message);
        } else if (failure instanceof ApiError && failure.code === 'network') {
          setStatus('offline');
          setError(failure.message);
          timer.current = setTimeout(() => void run().catch(() => undefined), OFFLINE_RETRY_MS);
        } else {
          setStatus('error');
          setError(errorMessage(failure, 'Could not save the draft'));
        }
        throw failure;
      });
    inFlight.current = request;
    return request;
  }, [flowId, clearTimer]);

  useEffect(() => {
    if (editCount === savedEdit.current || conflict.current) return;
    setStatus((current) => (current === 'saving' || current === 'offline' ? current : 'pending'));
    clearTimer();
    timer.current = setTimeout(() => void run().catch(() => undefined), SAVE_DELAY_MS);
  }, [editCount, run, clearTimer]);

  useEffect(() => {
    const onHide = () => {
      if (editRef.current === savedEdit.current || conflict.current || inFlight.current) return;
      clearTimer();
      flowApi.saveDraftOnExit({ flowId, graph: graphRef.current, baseRevision: revision.current });
      savedEdit.current = editRef.current;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void run().catch(() => undefined);
    };
    const onOnline = () => void run().catch(() => undefined);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      // Leaving the editor inside the app (back to the list): send what is left.
      onHide();
      clearTimer();
    };
  }, [flowId, run, clearTimer]);

  const flush = useCallback(async () => {
    // A save answered while edits were still coming runs again; wait until nothing is left.
    for (let i = 0; i < 5 && (inFlight.current || editRef.current !== savedEdit.current); i++) await run();
  }, [run]);

  const markLoaded = useCallback(
    (loaded: number) => {
      revision.current = loaded;
      savedEdit.current = editRef.current;
      conflict.current = false;
      clearTimer();
      setStatus('saved');
      setError(null);
    },
    [clearTimer],
  );

  const getRevision = useCallback(() => revision.current, []);
  const hasUnsaved = useCallback(() => editRef.current !== savedEdit.current, []);
  const busy = useCallback(() => inFlight.current !== null, []);
  return useMemo(
    () => ({ status, error, revision: getRevision, hasUnsaved, busy, flush, markLoaded }),
    [status, error, getRevision, hasUnsaved, busy, flush, markLoaded],
  );
}
