import type { ExecutionMode, FlowGraph, Item, SaveExecutions } from '@flowmind/shared/flows';
import { newId } from '../../db/ids';
import type { ExecutionRow } from './execution.repository';

/** What starts an execution: its flow and version, the trigger's items, and where it starts. */
export type StartInput = {
  accountId: string;
  flowId: string;
  versionId: string | null;
  version: number | null;
  graph: FlowGraph;
  mode: ExecutionMode;
  trigger: Item[];
  startNodeId?: string | null;
  seedExecutionId?: string | null;
  stopAfterNodeId?: string | null;
  parentExecutionId?: string | null;
  id?: string;
  /** The flow's name and setting when the caller read them already (the webhook's cached lookup). */
  flow?: { name: string; saveExecutions: SaveExecutions };
};

/** A new execution's row, claimed by this process when it is to run here at once. */
export function newExecutionRow(
  input: StartInput,
  status: 'queued' | 'running',
  { owner, leaseMs }: { owner: string; leaseMs: number },
): ExecutionRow {
  const now = new Date();
  return {
    id: newId('exe'),
    accountId: input.accountId,
    flowId: input.flowId,
    versionId: input.versionId,
    version: input.version,
    // Published runs read their (immutable) version's graph; only test runs keep a copy.
    graph: input.versionId ? null : input.graph,
    status,
    mode: input.mode,
    trigger: input.trigger,
    startNodeId: input.startNodeId ?? null,
    seedExecutionId: input.seedExecutionId ?? null,
    stopAfterNodeId: input.stopAfterNodeId ?? null,
    parentExecutionId: input.parentExecutionId ?? null,
    error: null,
    response: null,
    leaseOwner: status === 'running' ? owner : null,
    leaseUntil: status === 'running' ? new Date(now.getTime() + leaseMs) : null,
    resumeAt: null,
    cancelRequested: false,
    createdAt: now,
    startedAt: status === 'running' ? now : null,
    finishedAt: null,
  };
}

/** A small counting semaphore: at most `size` executions run in this process at once. */
export function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) {
        free -= 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
