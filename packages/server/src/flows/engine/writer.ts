import type { ExecutionError } from '@flowmind/shared/flows';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { executePrepared } from '../../db/prepared';
import { batchStatement, type ExecutionUpdate, type Finish, type NewRow } from './batch-statement';
import type { SaveStep } from './execution.repository';
import { packSteps } from './packed-steps';
import { ExecutionNotSaved, storedErrorText } from './stored-text';

type Op =
  | {
      kind: 'insert';
      row: NewRow;
      /** A run inserted already ended, its steps with it (see `insertEnded`). */
      whole?: { steps: SaveStep[]; end: Finish };
      resolve: (ok: boolean) => void;
      reject: (e: unknown) => void;
    }
  | {
      kind: 'step';
      step: SaveStep;
      /** Written only while this worker still holds the execution's lease (see `saveStep`). */
      fence?: string;
      resolve: (ok: boolean) => void;
      reject: (e: unknown) => void;
    }
  | { kind: 'response'; id: string; response: unknown; resolve: (ok: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'finish'; finish: Finish; resolve: (ok: boolean) => void; reject: (e: unknown) => void }
  /** Deletes an ended execution its flow does not keep (while `owner` still holds it; '' for any). */
  | { kind: 'discard'; id: string; owner: string; resolve: (ok: boolean) => void; reject: (e: unknown) => void };

/** The execution an operation belongs to ('' for a flush marker). */
const executionOf = (op: Op) =>
  op.kind === 'insert'
    ? String(op.row.id)
    : op.kind === 'step'
      ? op.step.executionId
      : op.kind === 'response' || op.kind === 'discard'
        ? op.id
        : op.finish.id;

/**
 * Group commit for executions: new executions, step results, responses and ends from every
 * execution running in this process are written together, a few statements per batch however
 * many executions take part. Each call resolves once its batch is written, so a caller that
 * awaits it knows its data is durable; batches are written one after another, in call order.
 *
 * The callers of a written batch hear of it on the next turn of the event loop, once the next
 * batch has gone out: what they do next (a freed worker slot starts the next run, which runs its
 * steps at once) would otherwise come first, and the database would sit idle until all of it was
 * done (pg-pool sends a query only after the running microtasks; the flows bench at 50
 * connections: 3,000–3,400 → 3,600–4,100 req/s).
 */
export function createExecutionWriter({ db, logger }: { db: Db; logger: Logger }) {
  let queue: Op[] = [];
  let scheduled = false;
  let writing: Promise<void> | null = null;
  let writingCount = 0;

  function push(op: Op) {
    queue.push(op);
    if (!scheduled && !writing) {
      scheduled = true;
      setImmediate(() => void drain());
    }
  }

  async function drain() {
    scheduled = false;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      writingCount = batch.length;
      writing = write(batch);
      await writing;
      writing = null;
      writingCount = 0;
    }
  }

  async function write(batch: Op[]) {
    await writeOrSplit(batch.filter((op) => executionOf(op) !== ''));
    // A flush waits for everything before it, whether or not each part could be saved.
    setImmediate(() => {
      for (const op of batch) if (executionOf(op) === '') op.resolve(true);
    });
  }

  /**
   * A batch holds many executions, often of different accounts: one that cannot be written must not
   * take the others down. A failed batch (one statement, so nothing of it was written) is halved by
   * execution and each half written again, down to the one execution at fault, whose callers alone
   * get an error. Its operations stay together and in order, so its steps follow its row.
   */
  async function writeOrSplit(ops: Op[]) {
    if (ops.length === 0) return;
    try {
      const { ended, fencedOut, discarded } = await writeBatch(ops);
      setImmediate(() => {
        for (const op of ops)
          op.resolve(
            op.kind === 'finish' || (op.kind === 'insert' && op.whole)
              ? ended.has(executionOf(op))
              : op.kind === 'step'
                ? !fencedOut.has(stepKey(op.step))
                : op.kind === 'discard'
                  ? discarded.has(op.id)
                  : true,
          );
      });
    } catch (error) {
      const groups = new Map<string, Op[]>();
      for (const op of ops) {
        const id = executionOf(op);
        const group = groups.get(id);
        if (group) group.push(op);
        else groups.set(id, [op]);
      }
      if (groups.size === 1) {
        const [executionId = ''] = [...groups.keys()];
        logger.error({ err: error, executionId }, 'saving an execution failed');
        for (const op of ops) op.reject(new ExecutionNotSaved(executionId));
        return;
      }
      const parts = [...groups.values()];
      const half = Math.ceil(parts.length / 2);
      await writeOrSplit(parts.slice(0, half).flat());
      await writeOrSplit(parts.slice(half).flat());
    }
  }

  /**
   * What a batch writes, as one statement (`batchStatement`). An execution created in this batch is
   * inserted as it stands at the end of the batch: its response and its end go into the new row
   * instead of updating it afterwards, and the steps of one inserted ended are packed into it.
   * Returns the ends that took effect, the fenced steps left out because their worker no longer
   * held the execution, and the executions deleted.
   */
  async function writeBatch(
    all: Op[],
  ): Promise<{ ended: Set<string>; fencedOut: Set<string>; discarded: Set<string> }> {
    // An execution deleted in this batch needs none of its other writes of the batch (a statement
    // cannot delete rows another part of it inserts); one created in this batch is simply not
    // written, and counts as deleted.
    const discards = new Map<string, string>();
    for (const op of all) if (op.kind === 'discard') discards.set(op.id, op.owner);
    const discarded = new Set<string>();
    let batch = all;
    if (discards.size > 0) {
      batch = all.filter((op) => !discards.has(executionOf(op)));
      for (const op of all)
        if (op.kind === 'insert' && discards.has(op.row.id as string)) {
          discarded.add(op.row.id as string);
          discards.delete(op.row.id as string);
        }
    }
    const fresh = new Map<string, NewRow>();
    for (const op of batch) if (op.kind === 'insert') fresh.set(op.row.id as string, { ...op.row });
    /** Changes to executions written earlier, one entry per execution (a statement updates a row once). */
    const updates = new Map<string, ExecutionUpdate>();
    const update = (id: string) => {
      const entry = updates.get(id) ?? { id, has_response: false, response: null, finish: false };
      updates.set(id, entry);
      return entry;
    };
    const ends = new Map<string, Finish>();
    /** Executions inserted already ended: their steps are packed into their row. */
    const whole = new Set<string>();
    const end = (finish: Finish) => {
      ends.set(finish.id, finish);
      const row = fresh.get(finish.id);
      if (row && (row.leaseOwner === finish.owner || finish.owner === '')) {
        Object.assign(row, {
          status: finish.status,
          error: storedError(finish.error),
          finishedAt: new Date(),
          leaseOwner: null,
          leaseUntil: null,
        });
        whole.add(finish.id);
      } else {
        const { status, error, owner } = finish;
        Object.assign(update(finish.id), { finish: true, status, error: storedError(error), owner });
      }
    };
    for (const op of batch) {
      if (op.kind === 'response' && op.id !== '') {
        const row = fresh.get(op.id);
        if (row) row.response = op.response;
        else Object.assign(update(op.id), { has_response: true, response: op.response });
      } else if (op.kind === 'finish') end(op.finish);
      else if (op.kind === 'insert' && op.whole) end(op.whole.end);
    }
    // The last save of a step run wins (a "running" placeholder, then its result). A fenced save
    // of an execution created in this same batch needs no check: this batch makes its lease.
    const steps = new Map<string, SaveStep & { fenceOwner: string | null }>();
    const packed = new Map<string, Map<string, { id: string; step: SaveStep }>>();
    for (const op of batch)
      if (op.kind === 'insert' && op.whole && whole.has(op.whole.end.id)) {
        const runs = new Map<string, { id: string; step: SaveStep }>();
        for (const step of op.whole.steps) runs.set(stepKey(step), { id: newId('stp'), step });
        packed.set(op.whole.end.id, runs);
      } else if (op.kind === 'step' && whole.has(op.step.executionId)) {
        // A run written whole: one row, its steps in it in the order they first ran (a later save
        // of a step run replaces the earlier one in its place).
        const runs = packed.get(op.step.executionId) ?? new Map<string, { id: string; step: SaveStep }>();
        packed.set(op.step.executionId, runs);
        const key = stepKey(op.step);
        runs.set(key, { id: runs.get(key)?.id ?? newId('stp'), step: op.step });
      } else if (op.kind === 'step') {
        const fenceOwner = op.fence !== undefined && !fresh.has(op.step.executionId) ? op.fence : null;
        steps.set(stepKey(op.step), {
          ...op.step,
          error: op.step.error === null ? null : storedErrorText(op.step.error),
          fenceOwner,
        });
      }

    for (const [id, runs] of packed) {
      const row = fresh.get(id);
      if (row) row.steps = packSteps(row.trigger, [...runs.values()]);
    }
    const statement = batchStatement({
      fresh: [...fresh.values()],
      steps: [...steps.values()],
      updates: [...updates.values()],
      discards: [...discards].map(([id, owner]) => ({ id, owner })),
      ends: [...ends.values()],
      askSavedSteps: [...steps.values()].some((step) => step.fenceOwner !== null),
    });
    if (!statement) return { ended: new Set(), fencedOut: new Set(), discarded };
    const result = await executePrepared(db, statement);
    // A fenced step that is not among the saved ones was left out: its worker no longer held it.
    const saved = idsOfKind(result, 'step');
    const fencedOut = new Set(
      [...steps].filter(([key, step]) => step.fenceOwner !== null && !saved.has(key)).map(([key]) => key),
    );
    for (const id of idsOfKind(result, 'discarded')) discarded.add(id);
    return { ended: idsOfKind(result, 'ended'), fencedOut, discarded };
  }

  const enqueue = <T extends Op['kind']>(op: Omit<Extract<Op, { kind: T }>, 'resolve' | 'reject'>) =>
    new Promise<boolean>((resolve, reject) => push({ ...op, resolve, reject } as unknown as Op));

  return {
    /** Operations asked for and not yet written (the batch being written included). */
    get backlog() {
      return queue.length + writingCount;
    },
    insert: (row: NewRow) => enqueue<'insert'>({ kind: 'insert', row }),
    /**
     * A run written whole at its end: its row inserted already ended, with its steps (packed into
     * it) and counted on its flow, as `insert`, `saveStep` and `finish` together would, as one
     * operation. Resolves true when the end took effect (as `finish`).
     */
    insertEnded: (row: NewRow, steps: SaveStep[], end: Finish) =>
      enqueue<'insert'>({ kind: 'insert', row, whole: { steps, end } }),
    /**
     * With `fence` (the worker's lease owner), the step is written only while that worker still
     * holds the execution, and it resolves false otherwise: a worker that was paused past its lease
     * (and replaced) learns so before an effectful step acts, instead of acting a second time.
     */
    saveStep: (step: SaveStep, { fence }: { fence?: string } = {}) => enqueue<'step'>({ kind: 'step', step, fence }),
    setResponse: (id: string, response: unknown) => enqueue<'response'>({ kind: 'response', id, response }),
    /** Resolves true when the execution ended here (this owner still held it). */
    finish: (finish: Finish) => enqueue<'finish'>({ kind: 'finish', finish }),
    /**
     * Ends an execution its flow does not keep by deleting it (its steps go with it); resolves true
     * when it was deleted here (this owner still held it), as `finish` does.
     */
    discard: ({ id, owner }: { id: string; owner: string }) => enqueue<'discard'>({ kind: 'discard', id, owner }),
    /** Resolves when everything asked so far is written. */
    async flushed() {
      await enqueue<'response'>({ kind: 'response', id: '', response: null });
    },
  };
}

const stepKey = (step: { executionId: string; nodeId: string; runIndex: number }) =>
  `${step.executionId}:${step.nodeId}:${step.runIndex}`;

const idsOfKind = (result: unknown, kind: string) =>
  new Set(
    ((result as { rows?: { id: string; kind?: string }[] }).rows ?? [])
      .filter((row) => row.kind === kind)
      .map((row) => row.id),
  );

const storedError = (error: ExecutionError | null): ExecutionError | null =>
  error ? { ...error, message: storedErrorText(error.message) } : null;

export type ExecutionWriter = ReturnType<typeof createExecutionWriter>;
