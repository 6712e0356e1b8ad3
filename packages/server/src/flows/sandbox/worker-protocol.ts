import type { Item, StepLog } from '@flowmind/shared/flows';
import type { ScopePart } from './expression-vm';

/** Given to each sandbox worker when it starts. */
export type WorkerSetup = { memoryLimitBytes: number; stackSizeBytes: number };

export type CodeRequest = {
  type: 'code';
  id: number;
  code: string;
  items: Item[];
  globals: Record<string, unknown>;
  timeoutMs: number;
};

export type ExpressionRequest = {
  type: 'expression';
  id: number;
  session: number;
  code: string;
  part: ScopePart;
  timeoutMs: number;
};

/** A session is over: its VM is freed. Needs no answer. */
export type EndSessionRequest = { type: 'end-session'; session: number };

export type WorkerRequest = CodeRequest | ExpressionRequest | EndSessionRequest;

/** `ms` is the time the worker spent on the request, counted against the budgets. */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'log'; id: number; level: StepLog['level']; message: string }
  | { type: 'code-done'; id: number; ms: number; ok: true; items: Item[] }
  | { type: 'code-done'; id: number; ms: number; ok: false; message: string }
  | { type: 'expression-done'; id: number; ms: number; ok: true; json: string | undefined }
  | { type: 'expression-done'; id: number; ms: number; ok: false; reason: string };
