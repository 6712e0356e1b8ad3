import type { FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type { AccountConnections } from '../../integrations/credentials';
import type { ConnectionAccess } from '../../integrations/define-integration';

/**
 * What a step type implements. The engine resolves nothing for it up front: a step asks for its
 * params per item (`ctx.params(i)`), because expressions read the item they are evaluated for.
 */
export type StepDefinition = {
  type: string;
  /**
   * Whether running it acts outside the execution (a request, a mail, a record). Such a step's
   * start is saved before it acts and its end before the execution goes on, so a worker taking
   * over after a crash replays it or knows it may have acted. A step without effects is saved
   * without waiting: running it again changes nothing.
   */
  sideEffects: boolean;
  /** It may pause the execution (`waitUntil`), so its end is saved before the execution goes on. */
  pauses?: boolean;
  run(ctx: StepContext): Promise<StepResult>;
};

export type StepResult =
  /** Items per output handle (`main`, `true`, `case-0`…). Handles not given send nothing. */
  | { outputs: Record<string, Item[]>; respond?: WebhookResponse }
  /** Pause the execution until this time; the engine saves it and resumes the step's output as its input. */
  | { waitUntil: Date };

export type WebhookResponse = { status: number; headers: Record<string, string>; body: unknown };

/** What the step's earlier runs in this execution gave (loops use it for their state). */
export type PreviousRun = { input: Record<string, Item[]>; output: Record<string, Item[]> };

export type StepContext = {
  accountId: string;
  flowId: string;
  executionId: string;
  /** `${executionId}:${nodeId}:${runIndex}`: side-effecting steps pass it on where the other end supports one. */
  idempotencyKey: string;
  node: FlowNode;
  runIndex: number;
  /** Items on the `main` input (merge: use `inputs`). */
  items: Item[];
  inputs: Record<string, Item[]>;
  /**
   * The node's params (defaults filled in) with every `{{ expression }}` evaluated for input item
   * `itemIndex` (default 0; with no input items, against an empty item).
   */
  params(itemIndex?: number): Promise<Record<string, unknown>>;
  /** Evaluate one template string for an item (used by steps whose params hold lists of templates). */
  evaluate(template: unknown, itemIndex?: number): Promise<unknown>;
  log(level: StepLog['level'], message: string): void;
  /** Aborted when the step times out or the execution is cancelled. */
  signal: AbortSignal;
  previousRuns: PreviousRun[];
  services: StepServices;
};

/**
 * The world a step may touch, injected by the engine so tests can hand in their own servers and
 * every call stays inside the account.
 */
export type StepServices = {
  /** fetch that refuses private, loopback and link-local addresses unless allowed. */
  fetch(url: string, init?: RequestInit & { timeoutMs?: number; sensitiveHeaders?: string[] }): Promise<Response>;
  /** Sends mail through the server's mailer. */
  sendMail(message: {
    to: string;
    subject: string;
    text?: string;
    html?: string;
    replyTo?: string;
    /** The same for every attempt at this message: it becomes its Message-ID, so a resend is recognisable. */
    idempotencyKey?: string;
  }): Promise<{
    messageId: string;
    accepted: string[];
  }>;
  /** Runs JavaScript in the sandbox (code step). */
  runCode(input: {
    code: string;
    items: Item[];
    globals: Record<string, unknown>;
    timeoutMs: number;
    log: (level: StepLog['level'], message: string) => void;
    /** Counts the run's time against the execution's sandbox budget. */
    executionId?: string;
    /** Whose code it is: one account may not hold every sandbox worker. */
    accountId?: string;
    signal?: AbortSignal;
  }): Promise<Item[]>;
  /** The account's table records by field name. */
  records: RecordsApi;
  notes: NotesApi;
  /** Prompt the account's model. */
  ai: AiApi;
  /** Run another flow of the account with items; waits for its end when asked. */
  runFlow(input: {
    flowId: string;
    items: Item[];
    wait: boolean;
    /** The same for every attempt: the sub-flow's execution is made once for it. */
    idempotencyKey?: string;
  }): Promise<{ executionId: string; items: Item[] }>;
  /** The account's connections: what signs a request, an MCP server's tools. Another account's are not found. */
  connections: AccountConnections;
  /** The execution's account's connections to other services (Integrations); never another account's. */
  integrations: IntegrationsApi;
};

export type IntegrationsApi = {
  /**
   * A working token of a connection of the execution's account to `provider` (refreshed when due),
   * and the provider's API address. Fails with words for the user when it is not there or must be reconnected.
   */
  access(input: { connectionId: string; provider: IntegrationProviderId }): Promise<ConnectionAccess>;
  /** The provider refused the token for good: marks the connection and gives the message to show. */
  needsReconnect(connectionId: string): Promise<string>;
};

export type RecordsApi = {
  /**
   * With `keys` (one per record), a record whose key was created before is given back instead of
   * created again: a step run again after a crash does not add its records twice.
   */
  create(tableId: string, values: Record<string, unknown>[], keys?: string[]): Promise<Item[]>;
  find(
    tableId: string,
    query: { conditions: { field: string; operator: string; value?: unknown }[]; limit: number },
  ): Promise<Item[]>;
  update(tableId: string, recordId: string, values: Record<string, unknown>): Promise<Item>;
  remove(tableId: string, recordId: string): Promise<void>;
  upsert(tableId: string, matchField: string, values: Record<string, unknown>): Promise<Item & { created: boolean }>;
};

export type NotesApi = {
  /** With a key, the same key names the same note: a run again after a crash finds it instead of making another. */
  create(input: { title: string; markdown: string; idempotencyKey?: string }): Promise<{ id: string; title: string }>;
  append(input: { noteId: string; markdown: string }): Promise<{ id: string; title: string }>;
};

export type AiApi = {
  generate(input: {
    prompt: string;
    system?: string;
    model?: string;
    /** A JSON schema: the answer is an object matching it. */
    schema?: Record<string, unknown>;
    signal: AbortSignal;
  }): Promise<{ text?: string; object?: unknown; model: string }>;
};

// A step's failure in words for the user (the engine adds which step); shared with the network guard.
export { StepError } from '../../user-error';
