import {
  EXECUTION_DETAIL_STEPS,
  type Execution,
  type ExecutionDetail,
  type ExecutionError,
  type ExecutionMode,
  type ExecutionStatus,
  type ExecutionStep,
  type FlowGraph,
  type Item,
  type StepLog,
  type StepStatus,
} from '@flowmind/shared/flows';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { executionSteps, executions, flows, flowVersions } from '../../db/schema';
import { jsonbSafe, storedErrorText } from './writer';

export type ExecutionRow = typeof executions.$inferSelect;
export type StepRow = typeof executionSteps.$inferSelect;
type Outputs = Record<string, Item[]>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Rows saved before errors were cleaned on the way in may still quote a failed query (and so other accounts' data),
 * and rows saved before the API spoke camelCase name the step as node_id/node_name.
 */
type StoredError = ExecutionError & { node_id?: string | null; node_name?: string | null };
const shownError = (error: StoredError | null): ExecutionError | null =>
  error
    ? {
        nodeId: error.nodeId ?? error.node_id ?? null,
        nodeName: error.nodeName ?? error.node_name ?? null,
        message: storedErrorText(error.message),
      }
    : null;

export function toExecution(row: ExecutionRow, flowName: string): Execution {
  return {
    id: row.id,
    accountId: row.accountId,
    flowId: row.flowId,
    flowName: flowName,
    version: row.version ?? null,
    status: row.status as ExecutionStatus,
    mode: row.mode as ExecutionMode,
    error: shownError(row.error as StoredError | null),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    resumeAt: row.resumeAt?.toISOString() ?? null,
    parentExecutionId: row.parentExecutionId ?? null,
  };
}

export function toStep(row: StepRow): ExecutionStep {
  return {
    id: row.id,
    nodeId: row.nodeId,
    nodeName: row.nodeName,
    nodeType: row.nodeType,
    runIndex: row.runIndex,
    status: row.status as StepStatus,
    input: row.input as Outputs,
    output: (row.output as Outputs | null) ?? null,
    logs: row.logs as StepLog[],
    error: row.error === null ? null : storedErrorText(row.error),
    attempts: row.attempts,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}

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

/** Cursor of the executions list: created_at and id of the last row shown. */
function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : null;
}

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
        .returning();
      if (row) return row;
      // A deterministic id already taken (a sub-flow resumed after a crash): the existing one stands.
      const existing = await this.row(input.id as string);
      if (!existing) throw new Error('execution insert failed');
      return existing;
    },

    async row(id: string): Promise<ExecutionRow | null> {
      const [row] = await db.select().from(executions).where(eq(executions.id, id));
      return row ?? null;
    },

    async forAccount(accountId: string, id: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .select()
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
          const [row] = await tx.select().from(executions).where(eq(executions.id, id));
          return { row: row ?? null, reason: 'claimed' as const };
        }
        const [row] = await tx.select().from(executions).where(eq(executions.id, id));
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

    async steps(executionId: string): Promise<StepRow[]> {
      return db
        .select()
        .from(executionSteps)
        .where(eq(executionSteps.executionId, executionId))
        .orderBy(asc(executionSteps.startedAt), asc(executionSteps.seq));
    },

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
        from execution_steps s
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
        .select()
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

    async list({
      accountId,
      flowId,
      status,
      limit,
      cursor,
    }: {
      accountId: string;
      flowId?: string;
      status?: ExecutionStatus;
      limit: number;
      cursor?: string;
    }) {
      const conditions = [eq(executions.accountId, accountId)];
      if (flowId) conditions.push(eq(executions.flowId, flowId));
      if (status) conditions.push(eq(executions.status, status));
      const after = cursor ? decodeCursor(cursor) : null;
      if (after)
        conditions.push(
          sql`(${executions.createdAt}, ${executions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
        );
      const rows = await db
        .select({ execution: executions, flowName: flows.name })
        .from(executions)
        .innerJoin(flows, eq(flows.id, executions.flowId))
        .where(and(...conditions))
        .orderBy(desc(executions.createdAt), desc(executions.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        executions: page.map((r) => toExecution(r.execution, r.flowName)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.execution) : null,
      };
    },

    async detail(accountId: string, id: string): Promise<ExecutionDetail | null> {
      const [row] = await db
        .select({ execution: executions, flowName: flows.name, versionGraph: flowVersions.graph })
        .from(executions)
        .innerJoin(flows, eq(flows.id, executions.flowId))
        .leftJoin(flowVersions, eq(flowVersions.id, executions.versionId))
        .where(and(eq(executions.accountId, accountId), eq(executions.id, id)));
      if (!row) return null;
      // Per step: its runs, items out per handle and time, summed in the database.
      const summaries = rowsOf<{ node_id: string; runs: number; duration_ms: number | null; counts: unknown }>(
        await db.execute(sql`
          select s.node_id, count(*)::int as runs,
            (sum(extract(epoch from (s.finished_at - s.started_at)) * 1000))::float8 as duration_ms,
            coalesce((
              select jsonb_object_agg(c.key, c.n) from (
                select o.key, sum(jsonb_array_length(o.value))::int as n
                from execution_steps s2, jsonb_each(coalesce(s2.output, '{}'::jsonb)) o
                where s2.execution_id = ${id} and s2.node_id = s.node_id and jsonb_typeof(o.value) = 'array'
                group by o.key
              ) c
            ), '{}'::jsonb) as counts
          from execution_steps s
          where s.execution_id = ${id}
          group by s.node_id`),
      );
      const total = summaries.reduce((sum, summary) => sum + Number(summary.runs), 0);
      const steps =
        total <= EXECUTION_DETAIL_STEPS
          ? await this.steps(id)
          : await db
              .selectDistinctOn([executionSteps.nodeId])
              .from(executionSteps)
              .where(eq(executionSteps.executionId, id))
              .orderBy(asc(executionSteps.nodeId), desc(executionSteps.runIndex));
      return {
        ...toExecution(row.execution, row.flowName),
        graph: (row.execution.graph ?? row.versionGraph ?? { nodes: [], edges: [], stickies: [] }) as FlowGraph,
        trigger: row.execution.trigger ? { items: row.execution.trigger } : null,
        steps: steps.map(toStep).sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
        stepsTotal: total,
        nodes: summaries.map((summary) => ({
          nodeId: summary.node_id,
          runs: Number(summary.runs),
          counts: (typeof summary.counts === 'string' ? JSON.parse(summary.counts) : summary.counts) as Record<
            string,
            number
          >,
          durationMs: summary.duration_ms === null ? null : Math.round(Number(summary.duration_ms)),
        })),
      };
    },

    /** One run of one step of an account's execution (loops run steps many times). */
    async stepRun(accountId: string, executionId: string, nodeId: string, runIndex: number) {
      const [row] = await db
        .select()
        .from(executionSteps)
        .where(
          and(
            eq(executionSteps.accountId, accountId),
            eq(executionSteps.executionId, executionId),
            eq(executionSteps.nodeId, nodeId),
            eq(executionSteps.runIndex, runIndex),
          ),
        );
      return row ? toStep(row) : null;
    },

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

    async latestForFlow(accountId: string, flowId: string): Promise<ExecutionRow | null> {
      const [row] = await db
        .select()
        .from(executions)
        .where(and(eq(executions.accountId, accountId), eq(executions.flowId, flowId)))
        .orderBy(desc(executions.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ExecutionRepository = ReturnType<typeof executionRepository>;
