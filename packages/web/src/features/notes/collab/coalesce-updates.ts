import * as Y from 'yjs';

/**
 * Collects a Y.Doc's updates (except those `skip` names by origin) and hands them to `write` merged into one:
 * `delayMs` after the first of a burst, or at once on `flush()`, and each at once while `coalesce()` says no.
 * `stop()` writes what is left and lets go.
 */
export function coalesceUpdates({
  doc,
  write,
  delayMs,
  skip,
  coalesce = () => true,
}: {
  doc: Y.Doc;
  write: (update: Uint8Array) => void;
  delayMs: number;
  skip: (origin: unknown) => boolean;
  coalesce?: () => boolean;
}) {
  let pending: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const update = pending.length === 1 ? (pending[0] as Uint8Array) : Y.mergeUpdates(pending);
    pending = [];
    write(update);
  };
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (skip(origin)) return;
    pending.push(update);
    if (coalesce()) timer ??= setTimeout(flush, delayMs);
    else flush();
  };
  doc.on('update', onUpdate);
  return {
    flush,
    stop() {
      flush();
      doc.off('update', onUpdate);
    },
  };
}
