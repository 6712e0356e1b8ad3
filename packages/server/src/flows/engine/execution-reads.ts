import {
  EXECUTION_DETAIL_STEPS,
  type ExecutionDetail,
  type ExecutionStatus,
  type FlowGraph,
} from '@flowmind/shared/flows';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executionStepRuns, executions, flows, flowVersions } from '../../db/schema';
import type { StepRow } from './execution.repository';
import { decodeCursor, encodeCursor, toExecution, toStep } from './execution-shapes';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An execution's columns but its packed steps, which are read as steps (`execution_step_runs`). */
const { steps: _packedSteps, ...executionColumns } = getTableColumns(executions);

export { executionColumns };

/** An execution's step runs in the order they started. */
export function stepsOf(db: Db, executionId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(executionStepRuns)
    .where(eq(executionStepRuns.executionId, executionId))
    .orderBy(asc(executionStepRuns.startedAt), asc(executionStepRuns.seq));
}

/** What the executions pages read: an account's list, one execution in detail, one step run. */
export function executionReads(db: Db) {
  return {
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
        .select({ execution: executionColumns, flowName: flows.name })
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
        .select({ execution: executionColumns, flowName: flows.name, versionGraph: flowVersions.graph })
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
                from execution_step_runs s2, jsonb_each(coalesce(s2.output, '{}'::jsonb)) o
                where s2.execution_id = ${id} and s2.node_id = s.node_id and jsonb_typeof(o.value) = 'array'
                group by o.key
              ) c
            ), '{}'::jsonb) as counts
          from execution_step_runs s
          where s.execution_id = ${id}
          group by s.node_id`),
      );
      const total = summaries.reduce((sum, summary) => sum + Number(summary.runs), 0);
      const steps =
        total <= EXECUTION_DETAIL_STEPS
          ? await stepsOf(db, id)
          : await db
              .selectDistinctOn([executionStepRuns.nodeId])
              .from(executionStepRuns)
              .where(eq(executionStepRuns.executionId, id))
              .orderBy(asc(executionStepRuns.nodeId), desc(executionStepRuns.runIndex));
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
        .from(executionStepRuns)
        .where(
          and(
            eq(executionStepRuns.accountId, accountId),
            eq(executionStepRuns.executionId, executionId),
            eq(executionStepRuns.nodeId, nodeId),
            eq(executionStepRuns.runIndex, runIndex),
          ),
        );
      return row ? toStep(row) : null;
    },
  };
}
