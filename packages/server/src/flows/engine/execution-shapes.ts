import type {
  Execution,
  ExecutionError,
  ExecutionMode,
  ExecutionStatus,
  ExecutionStep,
  Item,
  StepLog,
  StepStatus,
} from '@flowmind/shared/flows';
import type { ExecutionRow, StepRow } from './execution.repository';
import { storedErrorText } from './stored-text';

// Executions and their steps as the API shows them, and the list's cursor.

type Outputs = Record<string, Item[]>;

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

/** Cursor of the executions list: created_at and id of the last row shown. */
export function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : null;
}
