import type { RecordValues, TableRecord } from '@flowmind/shared/tables';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import type { useRecordWindows } from '../grid/use-record-windows';
import { tablesApi } from '../tables-api';

type Windows = ReturnType<typeof useRecordWindows>;
type Command = { label: string; undo: () => Promise<void>; redo: () => Promise<void> };
export type CellChange = { id: string; values: RecordValues };

const UNDO_LIMIT = 100;

/**
 * Every record write of the grid: optimistic in the cache, rolled back with the server's message on failure, and
 * kept as a command with its inverse so Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z can replay them against the API.
 */
export function useRecordWriter({ tableId, windows }: { tableId: string; windows: Windows }) {
  const undoStack = useRef<Command[]>([]);
  const redoStack = useRef<Command[]>([]);
  const [, setDepth] = useState(0);

  const push = useCallback((command: Command) => {
    undoStack.current = [...undoStack.current.slice(-(UNDO_LIMIT - 1)), command];
    redoStack.current = [];
    setDepth((depth) => depth + 1);
  }, []);

  // Every write, undo and redo runs one after another in the order asked, so an undo pressed while a write is
  // still on its way undoes that write, and the server sees the same order as the screen.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task, task);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const send = useCallback(
    async (changes: CellChange[]) => {
      for (let start = 0; start < changes.length; start += 1000) {
        await tablesApi.updateRecords({ tableId, records: changes.slice(start, start + 1000) });
      }
    },
    [tableId],
  );

  const writeCells = useCallback(
    async (changes: CellChange[], previous: CellChange[]) => {
      windows.beginWrite(changes);
      try {
        await send(changes);
      } catch (failure) {
        windows.endWrite(changes);
        windows.patchLocal(previous);
        throw failure;
      }
      windows.endWrite(changes);
    },
    [send, windows],
  );

  /**
   * Writes values to records already in the grid (shown at once); resolves with whether the server kept them. A
   * refusal is a toast unless `onRefused` shows it where the edit was made.
   */
  const setCells = useCallback(
    (changes: CellChange[], label = 'Edit', onRefused?: (message: string) => void): Promise<boolean> => {
      if (changes.length === 0) return Promise.resolve(true);
      const previous = changes.map((change) => {
        const record = windows.findRecord(change.id);
        return {
          id: change.id,
          values: Object.fromEntries(
            Object.keys(change.values).map((fieldId) => [fieldId, record?.values[fieldId] ?? null]),
          ),
        };
      });
      windows.beginWrite(changes);
      return enqueue(async () => {
        try {
          await send(changes);
          windows.endWrite(changes);
          push({ label, undo: () => writeCells(previous, changes), redo: () => writeCells(changes, previous) });
          return true;
        } catch (failure) {
          windows.endWrite(changes);
          windows.patchLocal(previous);
          const message = errorMessage(failure, 'Could not save the change');
          if (onRefused) onRefused(message);
          else alerts.error(message);
          return false;
        }
      });
    },
    [enqueue, push, send, windows, writeCells],
  );

  const create = useCallback(
    async (list: RecordValues[]) => {
      const created: TableRecord[] = [];
      for (let start = 0; start < list.length; start += 1000) {
        created.push(
          ...(await tablesApi.createRecords({
            tableId,
            records: list.slice(start, start + 1000).map((values) => ({ values })),
          })),
        );
      }
      windows.refetchVisible();
      return created.map((record) => record.id);
    },
    [tableId, windows],
  );

  const remove = useCallback(
    async (ids: string[]) => {
      for (let start = 0; start < ids.length; start += 1000) {
        await tablesApi.deleteRecords({ tableId, ids: ids.slice(start, start + 1000) });
      }
      windows.refetchVisible();
    },
    [tableId, windows],
  );

  const restore = useCallback(
    async (ids: string[]) => {
      for (let start = 0; start < ids.length; start += 1000) {
        await tablesApi.restoreRecords({ tableId, ids: ids.slice(start, start + 1000) });
      }
      windows.refetchVisible();
    },
    [tableId, windows],
  );

  /** Adds records; undo deletes them and redo restores the same records. */
  const addRecords = useCallback(
    (list: RecordValues[], label = 'Add record') =>
      enqueue(async () => {
        try {
          const ids = await create(list);
          push({ label, undo: () => remove(ids), redo: () => restore(ids) });
          return ids;
        } catch (failure) {
          alerts.error(errorMessage(failure, 'Could not add the record'));
          return null;
        }
      }),
    [create, enqueue, push, remove, restore],
  );

  /** Deletes records; undo restores them with their ids, history and links. */
  const deleteRecords = useCallback(
    (ids: string[]) =>
      enqueue(async () => {
        try {
          await remove(ids);
          push({ label: 'Delete records', undo: () => restore(ids), redo: () => remove(ids) });
          return true;
        } catch (failure) {
          alerts.error(errorMessage(failure, 'Could not delete the records'));
          return false;
        }
      }),
    [enqueue, push, remove, restore],
  );

  const replay = useCallback(
    (run: 'undo' | 'redo') =>
      enqueue(async () => {
        const from = run === 'undo' ? undoStack : redoStack;
        const to = run === 'undo' ? redoStack : undoStack;
        const command = from.current.at(-1);
        if (!command) return;
        from.current = from.current.slice(0, -1);
        try {
          await command[run]();
          to.current = [...to.current, command];
        } catch (failure) {
          alerts.error(errorMessage(failure, `Could not ${run} "${command.label}"`));
        } finally {
          setDepth((depth) => depth + 1);
        }
      }),
    [enqueue],
  );

  return {
    setCells,
    addRecords,
    deleteRecords,
    undo: () => replay('undo'),
    redo: () => replay('redo'),
    canUndo: undoStack.current.length > 0,
    canRedo: redoStack.current.length > 0,
  };
}
