import type { ExecutionError } from '@flowmind/shared/flows';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { executionSteps, executions } from '../../db/schema';
import type { SaveStep } from './execution.repository';

type NewRow = typeof executions.$inferInsert;
type Finish = {
  id: string;
  flowId: string;
  createdAt: Date;
  owner: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  error: ExecutionError | null;
};

type Op =
  | { kind: 'insert'; row: NewRow; resolve: (ok: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'step'; step: SaveStep; resolve: (ok: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'response'; id: string; response: unknown; resolve: (ok: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'finish'; finish: Finish; resolve: (ok: boolean) => void; reject: (e: unknown) => void };

const json = (value: unknown) => JSON.stringify(value ?? null);

type FlowCount = {
  flow_id: string;
  total: number;
  succeeded: number;
  failed: number;
  last_id: string;
  last_status: string;
  last_at: string;
};

/**
 * Group commit for executions: new executions, step results, responses and ends from every
 * execution running in this process are written together, a few statements per batch however
 * many executions take part. Each call resolves once its batch is written, so a caller that
 * awaits it knows its data is durable; batches are written one after another, in call order.
 */
export function createExecutionWriter({ db, logger }: { db: Db; logger: Logger }) {
  let queue: Op[] = [];
  let scheduled = false;
  let writing: Promise<void> | null = null;

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
      writing = write(batch);
      await writing;
      writing = null;
    }
  }

  async function write(batch: Op[]) {
    try {
      const ended = await db.transaction((tx) => writeBatch(tx as unknown as Db, batch));
      for (const op of batch) op.resolve(op.kind === 'finish' ? ended.has(op.finish.id) : true);
    } catch (error) {
      logger.error({ err: error }, 'saving executions failed');
      for (const op of batch) op.reject(error);
    }
  }

  /**
   * One transaction per batch (one commit however many executions take part). An execution
   * created in this batch is inserted as it stands at the end of the batch: its response and its
   * end go into the new row instead of updating it afterwards.
   */
  async function writeBatch(tx: Db, batch: Op[]): Promise<Set<string>> {
    const fresh = new Map<string, NewRow>();
    for (const op of batch) if (op.kind === 'insert') fresh.set(op.row.id as string, { ...op.row });
    const responses: { id: string; response: unknown }[] = [];
    const finishes: Finish[] = [];
    const endedFresh: Finish[] = [];
    for (const op of batch) {
      if (op.kind === 'response' && op.id !== '') {
        const row = fresh.get(op.id);
        if (row) row.response = op.response;
        else responses.push({ id: op.id, response: op.response });
      } else if (op.kind === 'finish') {
        const row = fresh.get(op.finish.id);
        if (row && (row.leaseOwner === op.finish.owner || op.finish.owner === '')) {
          Object.assign(row, {
            status: op.finish.status,
            error: op.finish.error,
            finishedAt: new Date(),
            leaseOwner: null,
            leaseUntil: null,
          });
          endedFresh.push(op.finish);
        } else finishes.push(op.finish);
      }
    }

    const ended = new Set<string>();
    if (fresh.size > 0) {
      const inserted = await tx
        .insert(executions)
        .values([...fresh.values()])
        .onConflictDoNothing()
        .returning({ id: executions.id });
      const ids = new Set(inserted.map((row) => row.id));
      for (const finish of endedFresh) if (ids.has(finish.id)) ended.add(finish.id);
    }

    // The last save of a step run wins (a "running" placeholder, then its result).
    const steps = new Map<string, SaveStep>();
    for (const op of batch)
      if (op.kind === 'step') steps.set(`${op.step.executionId}:${op.step.nodeId}:${op.step.runIndex}`, op.step);
    if (steps.size > 0) {
      await tx
        .insert(executionSteps)
        .values([...steps.values()].map((step) => ({ id: newId('stp'), ...step })))
        .onConflictDoUpdate({
          target: [executionSteps.executionId, executionSteps.nodeId, executionSteps.runIndex],
          set: {
            status: sql`excluded.status`,
            input: sql`excluded.input`,
            output: sql`excluded.output`,
            logs: sql`excluded.logs`,
            error: sql`excluded.error`,
            attempts: sql`excluded.attempts`,
            finishedAt: sql`excluded.finished_at`,
          },
        });
    }

    if (responses.length > 0)
      await tx.execute(sql`
        update executions e set response = x.response
        from jsonb_to_recordset(${json(responses)}::jsonb) as x(id text, response jsonb)
        where e.id = x.id`);

    if (finishes.length > 0) {
      const rows = finishes.map((finish) => ({
        id: finish.id,
        status: finish.status,
        error: finish.error,
        owner: finish.owner,
      }));
      const result = await tx.execute(sql`
        update executions e
        set status = x.status, error = x.error, finished_at = now(), lease_owner = null, lease_until = null
        from jsonb_to_recordset(${json(rows)}::jsonb) as x(id text, status text, error jsonb, owner text)
        where e.id = x.id and (e.lease_owner = x.owner or x.owner = '')
          and e.status not in ('succeeded', 'failed', 'cancelled')
        returning e.id`);
      for (const row of (result as unknown as { rows: { id: string }[] }).rows) ended.add(row.id);
    }

    // Counted on their flows in one statement: the list never counts executions.
    const perFlow = new Map<string, FlowCount>();
    for (const finish of [...endedFresh, ...finishes]) {
      if (!ended.has(finish.id)) continue;
      const at = finish.createdAt.toISOString();
      const entry = perFlow.get(finish.flowId) ?? {
        flow_id: finish.flowId,
        total: 0,
        succeeded: 0,
        failed: 0,
        last_id: finish.id,
        last_status: finish.status,
        last_at: at,
      };
      entry.total += 1;
      if (finish.status === 'succeeded') entry.succeeded += 1;
      if (finish.status === 'failed') entry.failed += 1;
      if (at >= entry.last_at) Object.assign(entry, { last_id: finish.id, last_status: finish.status, last_at: at });
      perFlow.set(finish.flowId, entry);
    }
    if (perFlow.size > 0)
      await tx.execute(sql`
        update flows f
        set executions_total = f.executions_total + x.total,
            executions_succeeded = f.executions_succeeded + x.succeeded,
            executions_failed = f.executions_failed + x.failed,
            last_execution_id = case when f.last_execution_at is null or x.last_at >= f.last_execution_at then x.last_id else f.last_execution_id end,
            last_execution_status = case when f.last_execution_at is null or x.last_at >= f.last_execution_at then x.last_status else f.last_execution_status end,
            last_execution_at = greatest(f.last_execution_at, x.last_at)
        from jsonb_to_recordset(${json([...perFlow.values()])}::jsonb)
          as x(flow_id text, total int, succeeded int, failed int, last_id text, last_status text, last_at timestamptz)
        where f.id = x.flow_id`);
    return ended;
  }

  const enqueue = <T extends Op['kind']>(op: Omit<Extract<Op, { kind: T }>, 'resolve' | 'reject'>) =>
    new Promise<boolean>((resolve, reject) => push({ ...op, resolve, reject } as unknown as Op));

  return {
    insert: (row: NewRow) => enqueue<'insert'>({ kind: 'insert', row }),
    saveStep: (step: SaveStep) => enqueue<'step'>({ kind: 'step', step }),
    setResponse: (id: string, response: unknown) => enqueue<'response'>({ kind: 'response', id, response }),
    /** Resolves true when the execution ended here (this owner still held it). */
    finish: (finish: Finish) => enqueue<'finish'>({ kind: 'finish', finish }),
    /** Resolves when everything asked so far is written. */
    async flushed() {
      await enqueue<'response'>({ kind: 'response', id: '', response: null });
    },
  };
}

export type ExecutionWriter = ReturnType<typeof createExecutionWriter>;
