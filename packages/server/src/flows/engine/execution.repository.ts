import type { ExecutionError, ExecutionMode, FlowGraph, Item, StepLog, StepStatus } from '@flowmind/shared/flows';
import { and, asc, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { executionSteps, executions, flows, flowVersions } from '../../db/schema';
import { executionColumns, executionReads, stepsOf } from './execution-reads';
import { jsonbSafe } from './stored-text';

export type ExecutionRow = Omit<typeof executions.$inferSelect, 'steps'>;
export type StepRow = typeof executionSteps.$inferSelect;
type Outputs = Record<string, Item[]>;
const _rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type SaveStep = {
  executionId: string;
  accountId: string;
  nodeId: string;
  nodeName: string;
  nodeType: string;
  runIndex: number;
  status: StepStatus;
  input: Outputs;
  output: Outputs | null;
  logs: StepLog[];
  error: string | null;
  attempts: number;
  startedAt: Date;
  finishedAt: Date | null;
};

export type NewExecution = {
  id?: string;
  accountId: string;
  flowId: string;
  versionId: string | null;
  version: number | null;
  graph: FlowGraph;
  mode: ExecutionMode;
  trigger: Item[];
  status?: 'queued' | 'running';
  leaseOwner?: string;
  leaseMs?: number;
  startNodeId?: string | null;
  seedExecutionId?: string | null;
  stopAfterNodeId?: string | null;
  parentExecutionId?: string | null;
};

export function executionRepository(db: Db) {
  const versionGraphs = new Map<string, FlowGraph>();
  return {
    /** Saves an execution with its trigger items in one statement (the payload is durable once this returns). */
    async create(input: NewExecution): Promise<ExecutionRow> {
      const running = input.status === 'running';
      const [row] = await db
        .insert(executions)
        .values({
          id: input.id ?? newId('exe'),
          accountId: input.accountId,
          flowId: input.flowId,
          versionId: input.versionId,
          version: input.version,
          graph: input.versionId ? null : input.graph,
          status: input.status ?? 'queued',
          mode: input.mode,
          trigger: jsonbSafe(input.trigger),
          startNodeId: input.startNodeId ?? null,
          seedExecutionId: input.seedExecutionId ?? null,
          stopAfterNodeId: input.stopAfterNodeId ?? null,
          parentExecutionId: input.parentExecutionId ?? null,
          ...(running
            ? {
                leaseOwner: input.leaseOwner,
                leaseUntil: sql`now() + ${`${input.leaseMs ?? 30_000} milliseconds`}::interval` as unknown as Date,
                startedAt: sql`now()` as unknown as Date,
              }
            : {}),
        })
        .onConflictDoNothing()
        .returning(executionColumns);
      if (row) return row;
      // A deterministic id already taken (a sub-flow resumed after a crash): the existing one stands.
      const existing = await this.row(input.id as string);
      if (!existing) throw new Error('execution insert failed');
      return existing;
    },

    async row(id: string): Promise<ExecutionRow | null> {
      const [row] = await db.select(executionColumns).from(executions).where(eq(executions.id, id));
      return row ?? null;
    },

    async forAccount(accountId: string, id: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .select(executionColumns)
        .from(executions)
        .where(and(eq(executions.accountId, accountId), eq(executions.id, id)));
      return row ?? null;
    },

    /**
     * Takes an execution for this worker: a queued one, a running one whose worker's claim ran out, or
     * a waiting one whose time came; only while the account runs fewer than `limit` executions.
     * The account's advisory lock makes the count and the claim one step.
     */
    async claim(id: string, { owner, leaseMs, limit }: { owner: string; leaseMs: number; limit: number }) {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ accountId: executions.accountId })
          .from(executions)
          .where(eq(executions.id, id));
        if (!target) return { row: null, reason: 'missing' as const };
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${target.accountId}))`);
        const result = await tx.execute(sql`
          update executions e
          set status = 'running', lease_owner = ${owner},
              lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
              started_at = coalesce(e.started_at, now()), resume_at = null
          where e.id = ${id}
            and not e.cancel_requested
            and (e.status = 'queued'
                 or (e.status = 'running' and e.lease_until < now())
                 or (e.status = 'waiting' and e.resume_at <= now()))
            and (select count(*) from executions r
                 where r.account_id = e.account_id and r.status = 'running' and r.lease_until > now() and r.id <> e.id) < ${limit}
          returning e.id`);
        const claimed = (result as unknown as { rows: { id: string }[] }).rows.length > 0;
        if (claimed) {
          const [row] = await tx.select(executionColumns).from(executions).where(eq(executions.id, id));
          return { row: row ?? null, reason: 'claimed' as const };
        }
        const [row] = await tx.select(executionColumns).from(executions).where(eq(executions.id, id));
        if (!row) return { row: null, reason: 'missing' as const };
        const claimable =
          !row.cancelRequested &&
          (row.status === 'queued' ||
            (row.status === 'running' && (row.leaseUntil?.getTime() ?? 0) < Date.now()) ||
            (row.status === 'waiting' && (row.resumeAt?.getTime() ?? 0) <= Date.now()));
        return {
          row: null,
          reason: claimable ? ('busy' as const) : ('taken' as const),
          accountId: row.accountId,
        };
      });
    },

    /** Extends this worker's claim; says whether it still holds it and whether a cancel was asked for. */
    async heartbeat(id: string, owner: string, leaseMs: number) {
      const result = await db.execute(sql`
        update executions set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
        where id = ${id} and lease_owner = ${owner} and status = 'running'
        returning cancel_requested`);
      const rows = (result as unknown as { rows: { cancel_requested: boolean }[] }).rows;
      return rows[0] ? { held: true, cancel: rows[0].cancel_requested } : { held: false, cancel: false };
    },

    steps: (executionId: string): Promise<StepRow[]> => stepsOf(db, executionId),

    async saveStep(step: SaveStep) {
      const values = { id: newId('stp'), ...step };
      await db
        .insert(executionSteps)
        .values(values)
        .onConflictDoUpdate({
          target: [executionSteps.executionId, executionSteps.nodeId, executionSteps.runIndex],
          set: {
            status: step.status,
            input: step.input,
            output: step.output,
            logs: step.logs,
            error: step.error,
            attempts: step.attempts,
            finishedAt: step.finishedAt,
          },
        });
    },

    async copySteps(fromExecutionId: string, toExecutionId: string, nodeIds: string[]) {
      if (nodeIds.length === 0) return;
      await db.execute(sql`
        insert into execution_steps (id, execution_id, account_id, node_id, node_name, node_type, run_index, status,
                                     input, output, logs, error, attempts, started_at, finished_at)
        select 'stp_' || md5(random()::text || s.id), ${toExecutionId}, s.account_id, s.node_id, s.node_name, s.node_type,
               s.run_index, s.status, s.input, s.output, s.logs, s.error, s.attempts, s.started_at, s.finished_at
        from execution_step_runs s
        where s.execution_id = ${fromExecutionId} and s.status in ('succeeded', 'failed') and s.output is not null
          and s.node_id in (select jsonb_array_elements_text(${JSON.stringify(nodeIds)}::jsonb))
        on conflict do nothing`);
    },

    /** Saves a wait step and parks its execution until `resumeAt`, together (a wait never outlives its time unseen). */
    async waitStep(step: SaveStep, owner: string, resumeAt: Date) {
      const saved = {
        ...step,
        input: jsonbSafe(step.input),
        output: jsonbSafe(step.output),
        logs: jsonbSafe(step.logs),
      };
      await db.transaction(async (tx) => {
        await tx
          .update(executions)
          .set({ status: 'waiting', resumeAt, leaseOwner: null, leaseUntil: null })
          .where(and(eq(executions.id, step.executionId), eq(executions.leaseOwner, owner)));
        await tx
          .insert(executionSteps)
          .values({ id: newId('stp'), ...saved })
          .onConflictDoUpdate({
            target: [executionSteps.executionId, executionSteps.nodeId, executionSteps.runIndex],
            set: {
              status: saved.status,
              input: saved.input,
              output: saved.output,
              logs: saved.logs,
              error: saved.error,
            },
          });
      });
    },

    async setResponse(id: string, response: unknown) {
      await db.update(executions).set({ response }).where(eq(executions.id, id));
    },

    /** Ends an execution this worker holds and counts it on its flow, in one transaction. */
    async finish(
      row: ExecutionRow,
      owner: string,
      { status, error }: { status: 'succeeded' | 'failed' | 'cancelled'; error: ExecutionError | null },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(executions)
          .set({ status, error, finishedAt: sql`now()` as unknown as Date, leaseOwner: null, leaseUntil: null })
          .where(and(eq(executions.id, row.id), or(eq(executions.leaseOwner, owner), sql`${owner} = ''`)))
          .returning({ id: executions.id });
        if (!done) return false;
        await tx
          .update(flows)
          .set({
            lastExecutionId: row.id,
            lastExecutionStatus: status,
            lastExecutionAt: row.createdAt,
            executionsTotal: sql`${flows.executionsTotal} + 1`,
            executionsSucceeded: sql`${flows.executionsSucceeded} + ${status === 'succeeded' ? 1 : 0}`,
            executionsFailed: sql`${flows.executionsFailed} + ${status === 'failed' ? 1 : 0}`,
            updatedAt: sql`${flows.updatedAt}`,
          })
          .where(eq(flows.id, row.flowId));
        return true;
      });
    },

    /** Cancels at once what no worker runs (queued, waiting); a running one is asked to stop. */
    async requestCancel(accountId: string, id: string) {
      await db
        .update(executions)
        .set({ cancelRequested: true })
        .where(
          and(
            eq(executions.accountId, accountId),
            eq(executions.id, id),
            sql`${executions.status} in ('queued', 'running', 'waiting')`,
          ),
        );
      const [row] = await db
        .select(executionColumns)
        .from(executions)
        .where(and(eq(executions.accountId, accountId), eq(executions.id, id)));
      return row ?? null;
    },

    /** Deletes up to `limit` finished executions that ended before the cutoff (their steps go with them). */
    async prune({ olderThanDays, limit = 1000 }: { olderThanDays: number; limit?: number }): Promise<number> {
      const result = await db.execute(sql`
        delete from executions where id in (
          select id from executions
          where status in ('succeeded', 'failed', 'cancelled')
            and finished_at < now() - ${`${olderThanDays * 86_400_000} milliseconds`}::interval
          limit ${limit})
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    },

    /** Executions whose worker is gone, whose wait is over, or that were never picked up. */
    async orphans({ olderThanMs, limit = 100 }: { olderThanMs: number; limit?: number }) {
      const stale = sql`now() - ${`${olderThanMs} milliseconds`}::interval`;
      return db
        .select({ id: executions.id, accountId: executions.accountId })
        .from(executions)
        .where(
          or(
            and(eq(executions.status, 'running'), lt(executions.leaseUntil, sql`now()`)),
            and(eq(executions.status, 'waiting'), lt(executions.resumeAt, sql`now()`)),
            and(eq(executions.status, 'queued'), lt(executions.createdAt, stale)),
            and(eq(executions.cancelRequested, true), sql`${executions.status} in ('queued', 'waiting')`),
          ),
        )
        .orderBy(asc(executions.createdAt))
        .limit(limit);
    },

    ...executionReads(db),

    /** The graph an execution runs: its own copy (test runs) or its published version's. */
    async graphOf(row: Pick<ExecutionRow, 'graph' | 'versionId'>): Promise<FlowGraph> {
      if (row.graph) return row.graph as FlowGraph;
      if (!row.versionId) return { nodes: [], edges: [], stickies: [] };
      const cached = versionGraphs.get(row.versionId);
      if (cached) return cached;
      const [version] = await db
        .select({ graph: flowVersions.graph })
        .from(flowVersions)
        .where(eq(flowVersions.id, row.versionId));
      const graph = (version?.graph ?? { nodes: [], edges: [], stickies: [] }) as FlowGraph;
      // Versions never change: keep the recent ones.
      if (versionGraphs.size > 500) versionGraphs.clear();
      versionGraphs.set(row.versionId, graph);
      return graph;
    },

    /** The flow's newest execution; with `live`, the newest that was not a test run of the draft. */
    async latestForFlow(accountId: string, flowId: string, { live = false } = {}): Promise<ExecutionRow | null> {
      const [row] = await db
        .select(executionColumns)
        .from(executions)
        .where(
          and(
            eq(executions.accountId, accountId),
            eq(executions.flowId, flowId),
            live ? ne(executions.mode, 'test') : undefined,
          ),
        )
        .orderBy(desc(executions.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ExecutionRepository = ReturnType<typeof executionRepository>;
