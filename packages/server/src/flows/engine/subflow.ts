import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { flowRepository } from '../flow.repository';
import { StepError } from '../steps/step';
import type { ExecutionRow } from './execution.repository';
import type { FlowRuntime } from './runtime';

export type SubflowInput = { flowId: string; items: Record<string, unknown>[]; wait: boolean; idempotencyKey?: string };

/**
 * Runs another published flow of the parent's account with items. The child's id is fixed per
 * calling step run, so a step run again after a crash finds its child instead of starting another.
 */
export async function runSubflow(
  db: Db,
  rt: FlowRuntime,
  parent: ExecutionRow,
  { flowId, items, wait, idempotencyKey }: SubflowInput,
) {
  const repo = flowRepository(db);
  const target = await repo.get(parent.accountId, flowId);
  if (!target || target.deletedAt) throw new StepError('The flow to run was not found in this account');
  if (!target.publishedVersionId) throw new StepError(`"${target.name}" has not been published yet`);
  if (parent.flowId === target.id) throw new StepError('A flow cannot run itself');
  const version = await repo.versionRow(target.accountId, target.publishedVersionId);
  if (!version) throw new StepError(`"${target.name}" has not been published yet`);
  const id = idempotencyKey
    ? `exe_${createHash('sha256').update(`subflow:${idempotencyKey}`).digest('hex').slice(0, 24)}`
    : undefined;
  const child = await rt.repo.create({
    id,
    accountId: parent.accountId,
    flowId: target.id,
    versionId: version.id,
    version: version.version,
    graph: version.graph as never,
    mode: 'subflow',
    trigger: items,
    parentExecutionId: parent.id,
  });
  if (child.accountId !== parent.accountId) throw new StepError('The flow to run was not found in this account');
  if (wait && ['succeeded', 'failed', 'cancelled'].includes(child.status))
    throw new StepError(
      `"${target.name}" already ran for this step before the server stopped (execution ${child.id}, ${child.status}); see that execution for its result`,
    );
  rt.changed(child);
  if (!wait) {
    await rt.enqueue(child.id);
    return { executionId: child.id, items: [] };
  }
  const outcome = await rt.execute(child.id);
  if (outcome.kind === 'finished') {
    if (outcome.status !== 'succeeded')
      throw new StepError(
        `"${target.name}" ${outcome.status === 'cancelled' ? 'was cancelled' : `failed${outcome.error?.nodeName ? ` at "${outcome.error.nodeName}"` : ''}: ${outcome.error?.message ?? ''}`}`,
      );
    return { executionId: child.id, items: outcome.items };
  }
  throw new StepError(
    `"${target.name}" did not finish in this run (it is ${outcome.kind === 'waiting' ? 'waiting' : 'busy'})`,
  );
}
