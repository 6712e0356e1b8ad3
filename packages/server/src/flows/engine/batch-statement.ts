import type { ExecutionError } from '@flowmind/shared/flows';
import { type SQL, sql } from 'drizzle-orm';
import { newId } from '../../db/ids';
import type { executions } from '../../db/schema';
import type { SaveStep } from './execution.repository';
import { jsonbText as json } from './stored-text';

export type NewRow = typeof executions.$inferInsert;
export type Finish = {
  id: string;
  flowId: string;
  createdAt: Date;
  owner: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  error: ExecutionError | null;
};

/** A change to an execution written earlier (a statement updates a row once). */
export type ExecutionUpdate = {
  id: string;
  has_response: boolean;
  response: unknown;
  finish: boolean;
  status?: Finish['status'];
  error?: ExecutionError | null;
  owner?: string;
};

/** What one batch writes, gathered by the execution writer. */
export type BatchWrites = {
  /** New executions as they stand at the end of the batch (an ended one with its steps packed). */
  fresh: NewRow[];
  /** Step rows; one with a fence owner is written only while that owner holds its execution. */
  steps: (SaveStep & { fenceOwner: string | null })[];
  updates: ExecutionUpdate[];
  /** Executions to delete while their owner (or anyone, '') still holds them. */
  discards: { id: string; owner: string }[];
  /** Every end of the batch, counted on its flow if it took effect. */
  ends: Finish[];
  /** Whether to tell which step rows were written (some were fenced). */
  askSavedSteps: boolean;
};

/**
 * Times travel as milliseconds since 1970, not as Dates: JSON.stringify of an object with a Date
 * leaves V8's fast path, and a quick run has a dozen of them.
 */
const ms = (date: Date | null | undefined) => (date ? date.getTime() : null);
const at = (column: SQL) => sql`to_timestamp(${column} / 1000.0)`;

const wireRow = (row: NewRow) => ({
  ...row,
  leaseUntil: ms(row.leaseUntil),
  resumeAt: ms(row.resumeAt),
  createdAt: ms(row.createdAt),
  startedAt: ms(row.startedAt),
  finishedAt: ms(row.finishedAt),
});

/**
 * One statement for a whole batch (one round trip and one commit however many executions take part;
 * data-modifying CTEs make it atomic). Rows travel as JSON, so building it costs the same for one row
 * or a hundred. Its rows name what took effect: `ended` executions, saved fenced `step`s (by
 * execution:node:run), `discarded` executions. Null when there is nothing to write.
 */
export function batchStatement(w: BatchWrites): SQL | null {
  const parts: SQL[] = [];
  const endedSources: SQL[] = [];
  const results: SQL[] = [];
  if (w.fresh.length > 0) {
    parts.push(sql`inserted as (
      insert into executions (id, account_id, flow_id, version_id, version, graph, status, mode, trigger,
        start_node_id, seed_execution_id, stop_after_node_id, parent_execution_id, error, response, steps,
        lease_owner, lease_until, resume_at, cancel_requested, created_at, started_at, finished_at)
      select id, "accountId", "flowId", "versionId", version, graph, status, mode, trigger,
        "startNodeId", "seedExecutionId", "stopAfterNodeId", "parentExecutionId", error, response, steps,
        "leaseOwner", ${at(sql`"leaseUntil"`)}, ${at(sql`"resumeAt"`)}, coalesce("cancelRequested", false),
        coalesce(${at(sql`"createdAt"`)}, now()), ${at(sql`"startedAt"`)}, ${at(sql`"finishedAt"`)}
      from jsonb_to_recordset(${json(w.fresh.map(wireRow))}::jsonb) as x(id text, "accountId" text, "flowId" text,
        "versionId" text, version int, graph jsonb, status text, mode text, trigger jsonb, "startNodeId" text,
        "seedExecutionId" text, "stopAfterNodeId" text, "parentExecutionId" text, error jsonb, response jsonb,
        steps jsonb, "leaseOwner" text, "leaseUntil" float8, "resumeAt" float8, "cancelRequested" boolean,
        "createdAt" float8, "startedAt" float8, "finishedAt" float8)
      on conflict do nothing
      returning id, status)`);
    endedSources.push(sql`select id from inserted where status in ('succeeded', 'failed', 'cancelled')`);
  }
  if (w.steps.length > 0) {
    const rows = w.steps.map((step) => ({
      ...step,
      id: newId('stp'),
      startedAt: ms(step.startedAt),
      finishedAt: ms(step.finishedAt),
    }));
    parts.push(sql`saved_steps as (
      insert into execution_steps (id, execution_id, account_id, node_id, node_name, node_type, run_index, status,
        input, output, logs, error, attempts, started_at, finished_at)
      select id, "executionId", "accountId", "nodeId", "nodeName", "nodeType", "runIndex", status,
        input, output, logs, error, attempts, ${at(sql`"startedAt"`)}, ${at(sql`"finishedAt"`)}
      from jsonb_to_recordset(${json(rows)}::jsonb)
        as x(id text, "executionId" text, "accountId" text, "nodeId" text, "nodeName" text, "nodeType" text,
          "runIndex" int, status text, input jsonb, output jsonb, logs jsonb, error text, attempts int,
          "startedAt" float8, "finishedAt" float8, "fenceOwner" text)
      where x."fenceOwner" is null
        or exists (select 1 from executions e where e.id = x."executionId" and e.lease_owner = x."fenceOwner")
      on conflict (execution_id, node_id, run_index) do update set
        status = excluded.status, input = excluded.input, output = excluded.output, logs = excluded.logs,
        error = excluded.error, attempts = excluded.attempts, finished_at = excluded.finished_at
      returning execution_id || ':' || node_id || ':' || run_index as key)`);
    if (w.askSavedSteps) results.push(sql`select key as id, 'step' as kind from saved_steps`);
  }
  const responsesOnly = w.updates.filter((entry) => !entry.finish);
  const ending = w.updates.filter((entry) => entry.finish);
  if (responsesOnly.length > 0)
    parts.push(sql`responded as (
      update executions e set response = x.response
      from jsonb_to_recordset(${json(responsesOnly)}::jsonb) as x(id text, response jsonb)
      where e.id = x.id)`);
  if (ending.length > 0) {
    // An end counts only while this owner still holds the execution and it has not ended. A
    // response saved with it goes in the same update (a statement changes a row once), so it
    // is dropped along with an end that came too late: the execution's new owner answers.
    parts.push(sql`finished as (
      update executions e set
        response = case when x.has_response then x.response else e.response end,
        status = x.status, error = x.error, finished_at = now(), lease_owner = null, lease_until = null
      from jsonb_to_recordset(${json(ending)}::jsonb)
        as x(id text, has_response boolean, response jsonb, status text, error jsonb, owner text)
      where e.id = x.id and (e.lease_owner = x.owner or x.owner = '')
        and e.status not in ('succeeded', 'failed', 'cancelled')
      returning e.id)`);
    endedSources.push(sql`select id from finished`);
  }
  if (w.discards.length > 0) {
    parts.push(sql`discarded as (
      delete from executions e
      using jsonb_to_recordset(${json(w.discards)}::jsonb) as x(id text, owner text)
      where e.id = x.id and (e.lease_owner = x.owner or x.owner = '')
        and e.status not in ('succeeded', 'failed', 'cancelled')
      returning e.id)`);
    results.push(sql`select id, 'discarded' as kind from discarded`);
  }
  if (endedSources.length > 0) {
    // Counted on their flows in the same statement: the list never counts executions.
    parts.push(sql`ended as (${sql.join(endedSources, sql` union all `)})`);
    const ends = w.ends.map((end) => ({
      id: end.id,
      flowId: end.flowId,
      status: end.status,
      createdAt: ms(end.createdAt),
    }));
    parts.push(sql`counted as (
      update flows f
      set executions_total = f.executions_total + c.total,
          executions_succeeded = f.executions_succeeded + c.succeeded,
          executions_failed = f.executions_failed + c.failed,
          last_execution_id = case when f.last_execution_at is null or c.last_at >= f.last_execution_at then c.last_id else f.last_execution_id end,
          last_execution_status = case when f.last_execution_at is null or c.last_at >= f.last_execution_at then c.last_status else f.last_execution_status end,
          last_execution_at = greatest(f.last_execution_at, c.last_at)
      from (
        select x."flowId" as flow_id, count(*)::int as total,
          (count(*) filter (where x.status = 'succeeded'))::int as succeeded,
          (count(*) filter (where x.status = 'failed'))::int as failed,
          (array_agg(x.id order by x."createdAt" desc))[1] as last_id,
          (array_agg(x.status order by x."createdAt" desc))[1] as last_status,
          ${at(sql`max(x."createdAt")`)} as last_at
        from jsonb_to_recordset(${json(ends)}::jsonb) as x(id text, "flowId" text, status text, "createdAt" float8)
        where x.id in (select id from ended)
        group by x."flowId"
      ) c
      where f.id = c.flow_id)`);
    results.unshift(sql`select id, 'ended' as kind from ended`);
  }
  if (parts.length === 0) return null;
  return sql`with ${sql.join(parts, sql`, `)} ${results.length > 0 ? sql.join(results, sql` union all `) : sql`select 1`}`;
}
