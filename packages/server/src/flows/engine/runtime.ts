import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_ACCOUNT_CONCURRENCY } from '@flowmind/shared/flows';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { flows } from '../../db/schema';
import { type ChangeBus, topics } from '../../live/change-bus';
import { createQueueInTurn, type Queue } from '../../queue/queue';
import { stepDefinitions } from '../steps';
import type { StepServices, WebhookResponse } from '../steps/step';
import { type ExecutionRepository, type ExecutionRow, executionRepository } from './execution.repository';
import { indexGraph } from './graph';
import { newExecutionRow, type StartInput, semaphore } from './new-execution';
import { createQueuedResponses } from './queued-responses';
import { RunAbort } from './run-signal';
import { keepsEveryRun, type RunStore, runStore } from './run-store';
import { type ExpressionEngine, type FlowInfo, type RunOutcome, runExecution } from './runner';
import { createTurns } from './turns';
import { createExecutionWriter } from './writer';

export const EXECUTION_QUEUE = 'flow-execution';
export const executionTopic = (id: string) => `execution:${id}`;
export const executionsTopic = (accountId: string) => `executions:${accountId}`;
const cancelTopic = (id: string) => `execution-cancel:${id}`;

/** How long a webhook call at its account's limit waits in process for a turn before queueing. */
const TURN_WAIT_MS = 10_000;
/**
 * Writes waiting for the execution writer past which a webhook caller waits for its run to be
 * saved: the backpressure that keeps unwritten runs (and memory) bounded when the database falls
 * behind.
 */
const MAX_UNWRITTEN = 2_000;

export type FlowRuntimeOptions = {
  db: Db;
  bus: ChangeBus;
  logger: Logger;
  /** pg-boss; null runs jobs in this process (tests that do not need a queue). */
  queue: Queue | null;
  expressions: ExpressionEngine;
  services: (execution: ExecutionRow, runtime: FlowRuntime) => StepServices;
  leaseMs?: number;
  accountConcurrency?: number;
  workerConcurrency?: number;
  /** Finished executions older than this are deleted by the workers. */
  retentionDays?: number;
};

/**
 * Where executions run. Every execution is a row first (its trigger items saved); a queue job
 * only wakes a worker, which claims the row with a lease it keeps alive by heartbeat. A reaper
 * hands out again what a dead worker held, what a lost job never woke, and waits whose time came,
 * so nothing stays "running" or "queued" for ever.
 */
export function createFlowRuntime(options: FlowRuntimeOptions) {
  const { db, bus, logger, queue } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const accountConcurrency = options.accountConcurrency ?? DEFAULT_ACCOUNT_CONCURRENCY;
  const slots = semaphore(options.workerConcurrency ?? 50);
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const repo: ExecutionRepository = executionRepository(db);
  const writer = createExecutionWriter({ db, logger });
  /** Executions of each account running in this process, however they were claimed, and their line. */
  const turns = createTurns({
    limit: accountConcurrency,
    wakeExecution: (executionId) => void execute(executionId, undefined, false, undefined, true),
    isStopped: () => stopped,
  });
  const queuedResponses = createQueuedResponses(repo);
  const local = new Map<string, RunAbort>();
  const timers = new Set<NodeJS.Timeout>();
  let working = false;
  let stopped = false;
  const flowInfos = new Map<string, { info: FlowInfo; at: number }>();

  const changed = (execution: { id: string; accountId: string; flowId: string }) =>
    bus.publish([
      executionTopic(execution.id),
      executionsTopic(execution.accountId),
      `flow:${execution.flowId}`,
      topics.account(execution.accountId),
    ]);

  const unsubscribe = bus.subscribe((topic) => {
    if (!topic.startsWith('execution-cancel:')) return;
    local.get(topic.slice('execution-cancel:'.length))?.abort();
  });

  /** A flow's name and "save executions" setting, kept 2 s (a changed setting shows within that). */
  async function flowInfo(flowId: string): Promise<FlowInfo> {
    const cached = flowInfos.get(flowId);
    if (cached && Date.now() - cached.at < 2000) return cached.info;
    const [row] = await db
      .select({ name: flows.name, saveExecutions: flows.saveExecutions })
      .from(flows)
      .where(eq(flows.id, flowId));
    const info: FlowInfo = { name: row?.name ?? 'Flow', saveExecutions: row?.saveExecutions ?? 'all' };
    if (flowInfos.size > 10_000) flowInfos.clear();
    flowInfos.set(flowId, { info, at: Date.now() });
    return info;
  }

  function later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timer.unref?.();
    timers.add(timer);
  }

  // pg-boss drops jobs sent to a queue that does not exist yet, so the api role creates it too.
  let queueReady: Promise<unknown> | null = null;
  const ensureQueue = () => {
    queueReady ??= createQueueInTurn(queue as Queue, EXECUTION_QUEUE).catch((error) => {
      queueReady = null;
      throw error;
    });
    return queueReady;
  };

  /** Wakes a worker for an execution now or at a time. */
  async function enqueue(executionId: string, at?: Date) {
    // A worker in this process takes what is due now at once (no queue round trip); the row is
    // already saved, and a claim it loses (another worker, the account's limit) is retried.
    if (working && !stopped && !at) {
      void execute(executionId);
      return;
    }
    const delay = at ? Math.max(0, at.getTime() - Date.now()) : 0;
    if (queue) {
      await ensureQueue();
      await queue.send(EXECUTION_QUEUE, { executionId }, at ? { startAfter: at } : {});
      return;
    }
    later(() => void execute(executionId), delay);
  }

  const finishRow = (row: ExecutionRow, status: 'cancelled', owner = '') =>
    writer.finish({ id: row.id, flowId: row.flowId, createdAt: row.createdAt, owner, status, error: null });

  const runtime = {
    owner,
    repo,
    writer,
    changed,
    enqueue,
    execute,

    /** Saves a new execution (trigger items first) and wakes a worker for it. */
    async start(input: StartInput): Promise<ExecutionRow> {
      const row = input.id ? await repo.create(input) : await insert(input, 'queued');
      if (input.seedExecutionId) {
        // Steps before the start keep the seed's results; the start and what follows run again.
        const index = indexGraph(input.graph);
        const rerun = input.startNodeId ? index.downstream(input.startNodeId) : new Set<string>();
        const keep = input.graph.nodes.map((n) => n.id).filter((id) => !rerun.has(id));
        await repo.copySteps(input.seedExecutionId, row.id, keep);
      }
      changed(row);
      await enqueue(row.id);
      return row;
    },

    /**
     * Runs an execution in this process at once (a webhook answered by a Respond step), saving as
     * it goes; resolves with the first response a Respond step gives, or null when it ends without
     * one. If the account is at its limit, the execution waits its turn in the queue and this
     * waits for its response.
     */
    async startAndRespond(
      input: StartInput,
      { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
    ): Promise<{ execution: ExecutionRow; response: WebhookResponse | null; outcome: RunOutcome | null }> {
      // Under the account's limit (counted at once) it starts claimed here, with no claim round
      // trip; at the limit it waits here for a turn a while, and only then goes to the queue.
      const inline =
        turns.tryTake(input.accountId) || (await turns.waitFor(input.accountId, Math.min(timeoutMs, TURN_WAIT_MS)));
      let row: ExecutionRow;
      let store: RunStore | undefined;
      try {
        row = newExecutionRow(input, inline ? 'running' : 'queued', { owner, leaseMs });
        if (!inline) await writer.insert(row);
        // An inline run starts with its row held (see `runStore`): written with its steps once it
        // must be durable (its caller is answered only then), or, for a quick flow, at its end: one
        // batch, one row. One its flow may not keep is held in memory to its end.
        else
          store = runStore({
            writer,
            repo,
            execution: row,
            mode: input.flow && !keepsEveryRun(input.flow.saveExecutions, input.mode) ? 'memory' : 'deferred',
            policy: input.flow?.saveExecutions ?? 'all',
            leaseMs,
          });
      } catch (error) {
        if (inline) turns.release(input.accountId);
        throw error;
      }
      if (!inline) changed(row);
      let respond: (response: WebhookResponse) => void = () => {};
      const responded = new Promise<WebhookResponse>((resolve) => {
        respond = resolve;
      });
      const run = inline
        ? execute(row.id, respond, false, row, false, { store, flow: input.flow })
        : enqueue(row.id).then((): RunOutcome => ({ kind: 'not-claimed', reason: 'busy' }));
      const outcome = await Promise.race([run, responded.then(() => null)]);
      // A run that has not acted outside itself yet (nothing of it written: an effectful step
      // writes the run before it acts) is answered at once, its record following in the next
      // batch: a crash in between loses the record of a run that changed nothing. Otherwise, or
      // when the writer is behind, its caller is answered once the run is saved.
      if (store && (!store.isHeld() || writer.backlog > MAX_UNWRITTEN)) await store.whenDurable();
      if (outcome === null) return { execution: row, response: await responded, outcome: null };
      if (outcome.kind === 'not-claimed' && outcome.reason === 'busy') {
        // Queued behind the account's other executions: wait for a worker to answer for it.
        const response = await queuedResponses.wait(row.id, { timeoutMs, local: working });
        return { execution: row, response, outcome: null };
      }
      return { execution: row, response: null, outcome };
    },

    async cancel(accountId: string, executionId: string): Promise<ExecutionRow | null> {
      const row = await repo.requestCancel(accountId, executionId);
      if (!row) return null;
      if (row.status === 'queued' || row.status === 'waiting') {
        await finishRow(row, 'cancelled');
        changed(row);
      } else if (row.status === 'running') {
        local.get(executionId)?.abort();
        bus.publish([cancelTopic(executionId)]);
      }
      return repo.row(executionId);
    },

    /** Deletes finished executions past the retention period, a batch at a time; returns how many. */
    async prune(): Promise<number> {
      let total = 0;
      for (;;) {
        const deleted = await repo.prune({ olderThanDays: options.retentionDays ?? 30 });
        total += deleted;
        if (deleted < 1000 || stopped) return total;
      }
    },

    /** Starts taking executions from the queue, and the reaper. */
    async startWorker(): Promise<void> {
      if (working) return;
      working = true;
      if (queue) {
        await ensureQueue();
        await queue.work<{ executionId: string }>(
          EXECUTION_QUEUE,
          { batchSize: 20, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            for (const job of jobs) {
              await slots.acquire();
              void execute(job.data.executionId, undefined, true);
            }
          },
        );
      }
      const reap = async () => {
        try {
          const orphans = await repo.orphans({ olderThanMs: Math.max(leaseMs, 5000) });
          for (const orphan of orphans) {
            const row = await repo.row(orphan.id);
            if (row?.cancelRequested && (row.status === 'queued' || row.status === 'waiting')) {
              if (await finishRow(row, 'cancelled')) changed(row);
              continue;
            }
            if (!local.has(orphan.id)) void execute(orphan.id);
          }
        } catch (error) {
          if (!stopped) logger.warn({ err: error }, 'execution reaper failed');
        }
        later(() => void reap(), Math.max(500, Math.floor(leaseMs / 2)));
      };
      later(() => void reap(), 200);
      // Old executions go once an hour (any worker may do it; deleting twice deletes nothing).
      const pruneLoop = async () => {
        try {
          await runtime.prune();
        } catch (error) {
          if (!stopped) logger.warn({ err: error }, 'pruning old executions failed');
        }
        later(() => void pruneLoop(), 3_600_000);
      };
      later(() => void pruneLoop(), 60_000);
    },

    async stop(): Promise<void> {
      stopped = true;
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (queue) await queue.offWork(EXECUTION_QUEUE).catch(() => {});
      for (const controller of local.values()) controller.abort('shutdown');
    },

    /** Executions this process is running now. */
    get running(): number {
      return local.size;
    },
  };

  /** Saves a new execution with its trigger items (group commit); resolves once it is written. */
  async function insert(input: StartInput, status: 'queued' | 'running'): Promise<ExecutionRow> {
    const row = newExecutionRow(input, status, { owner, leaseMs });
    await writer.insert(row);
    return row;
  }

  /** Claims and runs one execution here; `held` means a slot was taken for it already. */
  async function execute(
    executionId: string,
    onRespond?: (response: WebhookResponse) => void,
    held = false,
    claimed?: ExecutionRow,
    woken = false,
    { store, flow }: { store?: RunStore; flow?: FlowInfo } = {},
  ): Promise<RunOutcome> {
    if (!held) await slots.acquire();
    if (local.has(executionId)) {
      slots.release();
      return { kind: 'not-claimed', reason: 'taken' };
    }
    const controller = new RunAbort();
    local.set(executionId, controller);
    let ranFor: string | null = claimed?.accountId ?? null;
    const releaseTurn = () => {
      if (!ranFor) return;
      const account: string = ranFor;
      ranFor = null;
      turns.release(account);
    };
    try {
      const outcome = await runExecution(
        {
          repo,
          writer,
          steps: stepDefinitions,
          expressions: options.expressions,
          services: (execution) => options.services(execution, runtime),
          changed,
          resumeAt: (execution, at) => enqueue(execution.id, at),
          flowInfo,
          logger,
          owner,
          leaseMs,
          // Its turn ends with its steps: the account's next one need not wait for the last writes.
          onWalkDone: () => releaseTurn(),
          onClaimed: (row) => {
            if (claimed) return; // counted when it was created
            ranFor = row.accountId;
            turns.take(row.accountId);
          },
        },
        executionId,
        {
          accountConcurrency,
          onRespond: onRespond ?? ((response) => queuedResponses.answer(executionId, response)),
          signal: controller.signal,
          claimed,
          store,
          flow,
        },
      );
      if (outcome.kind === 'finished' || outcome.kind === 'lost') queuedResponses.answer(executionId, null);
      if (outcome.kind === 'not-claimed' && outcome.reason === 'busy') {
        const account = outcome.accountId;
        // Not running here any more: whoever wakes it next must not find it still "local".
        local.delete(executionId);
        if (account && working) {
          // One woken but still refused keeps its place at the front.
          turns.queueExecution(account, executionId, woken);
          // What it waited for may have ended while it asked; one woken and still refused waits
          // for the last writes of the ones that just ended (the database counts them until then).
          if (woken) later(() => turns.wakeNext(account), 25);
          else queueMicrotask(() => turns.wakeNext(account));
        }
        await enqueue(executionId, new Date(Date.now() + (working ? 5000 : 1000)));
      }
      return outcome;
    } catch (error) {
      logger.error({ err: error, executionId }, 'execution failed to run');
      return { kind: 'lost' };
    } finally {
      local.delete(executionId);
      slots.release();
      releaseTurn();
    }
  }

  return runtime;
}

export type FlowRuntime = ReturnType<typeof createFlowRuntime>;
