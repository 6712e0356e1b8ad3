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
      const inserts = batch.filter((op) => op.kind === 'insert');
      if (inserts.length > 0)
        await db
          .insert(executions)
          .values(inserts.map((op) => op.row))
          .onConflictDoNothing();

      // The last save of a step run wins (a "running" placeholder, then its result).
      const steps = new Map<string, SaveStep>();
      for (const op of batch)
        if (op.kind === 'step') steps.set(`${op.step.executionId}:${op.step.nodeId}:${op.step.runIndex}`, op.step);
      if (steps.size > 0) {
        await db
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

      const responses = batch.filter((op) => op.kind === 'response' && op.id !== '');
      if (responses.length > 0) {
        const rows = responses.map((op) => (op.kind === 'response' ? { id: op.id, response: op.response } : null));
        await db.execute(sql`
          update executions e set response = x.response
          from jsonb_to_recordset(${json(rows)}::jsonb) as x(id text, response jsonb)
          where e.id = x.id`);
      }

      const finishes = batch.filter((op) => op.kind === 'finish');
      const ended = new Set<string>();
      if (finishes.length > 0) {
        const rows = finishes.map(({ finish }) => ({
          id: finish.id,
          status: finish.status,
          error: finish.error,
          owner: finish.owner,
        }));
        const result = await db.execute(sql`
          update executions e
          set status = x.status, error = x.error, finished_at = now(), lease_owner = null, lease_until = null
          from jsonb_to_recordset(${json(rows)}::jsonb) as x(id text, status text, error jsonb, owner text)
          where e.id = x.id and (e.lease_owner = x.owner or x.owner = '')
            and e.status not in ('succeeded', 'failed', 'cancelled')
          returning e.id`);
        for (const row of (result as unknown as { rows: { id: string }[] }).rows) ended.add(row.id);
        // Counted on their flows in one statement: the list never counts executions.
        const perFlow = new Map<
          string,
          {
            flow_id: string;
            total: number;
            succeeded: number;
            failed: number;
            last_id: string;
            last_status: string;
            last_at: string;
          }
        >();
        for (const { finish } of finishes) {
          if (!ended.has(finish.id)) continue;
          const entry = perFlow.get(finish.flowId) ?? {
            flow_id: finish.flowId,
            total: 0,
            succeeded: 0,
            failed: 0,
            last_id: finish.id,
            last_status: finish.status,
            last_at: finish.createdAt.toISOString(),
          };
          entry.total += 1;
          if (finish.status === 'succeeded') entry.succeeded += 1;
          if (finish.status === 'failed') entry.failed += 1;
          if (finish.createdAt.toISOString() >= entry.last_at) {
            entry.last_id = finish.id;
            entry.last_status = finish.status;
            entry.last_at = finish.createdAt.toISOString();
          }
          perFlow.set(finish.flowId, entry);
        }
        if (perFlow.size > 0)
          await db.execute(sql`
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
      }
      for (const op of batch) op.resolve(op.kind === 'finish' ? ended.has(op.finish.id) : true);
    } catch (error) {
      logger.error({ err: error }, 'saving executions failed');
      for (const op of batch) op.reject(error);
    }
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
