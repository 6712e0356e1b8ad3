import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { accountService } from '../accounts/account.service';
import { accountAiModels } from '../ai/ai-models';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accountMembers, flows, flowVersions } from '../db/schema';
import type { ChangeBus } from '../live/change-bus';
import { createNoteDocs } from '../notes/note-docs';
import type { Queue } from '../queue/queue';
import { recordService } from '../tables/record.service';
import { recordIndexes } from '../tables/record-indexes';
import { tableService } from '../tables/table.service';
import { createAiApi } from './ai/ai-api';
import type { ExecutionRow } from './engine/execution.repository';
import { createFlowRuntime, type FlowRuntime } from './engine/runtime';
import type { FlowRow } from './flow.repository';
import { createGuardedFetch } from './net/guarded-fetch';
import { createSandbox } from './sandbox/sandbox';
import { createStepMailer } from './services/mail';
import { createNotesApi } from './services/notes-api';
import { createRecordsApi } from './services/records-api';
import type { StepServices } from './steps/step';
import { StepError } from './steps/step';
import { startInboundSmtp } from './triggers/email-inbound';
import { startScheduler, syncSchedule } from './triggers/schedule';
import { tableTriggers } from './triggers/table-events';
import { testListens } from './triggers/test-listen';

/**
 * Everything flows need in one process, api or worker: the services steps call, the runtime
 * that runs executions, and the triggers that start them.
 */
export function createFlowSystem({
  database,
  bus,
  config,
  logger,
  queue,
  env = process.env,
  secret,
}: {
  database: Database;
  bus: ChangeBus;
  config: Config;
  logger: Logger;
  queue: Queue | null;
  /** Where the AI step finds the server's model settings (OPENAI_BASE_URL, OPENAI_API_KEY, FLOWMIND_AI_MODEL). */
  env?: NodeJS.ProcessEnv;
  /** Opens accounts' AI provider keys, so AI steps use the account's default provider; without it, env only. */
  secret?: string;
}) {
  const { db } = database;
  let runtime: FlowRuntime | null = null;
  const triggers = tableTriggers({ db, runtime: () => runtime, logger });
  const accounts = accountService({ db, bus });
  const indexes = recordIndexes({ db, logger });
  const tables = tableService({ db, bus, accounts, indexes });
  const records = recordService({ db, bus, tablesService: tables, indexes, onRecords: triggers.onRecords });
  const fetch = createGuardedFetch({
    allowPrivate: config.flows.allowPrivateHttp,
    allowHosts: config.flows.allowHosts,
  });
  const aiModels = secret
    ? accountAiModels({
        db,
        secret,
        env,
        allowPrivateHttp: config.flows.allowPrivateHttp,
        allowHosts: config.flows.allowHosts,
        localPorts: config.flows.aiLocalPorts,
      })
    : null;
  const sandbox = createSandbox(config.flows.sandbox);
  /** Notes' Yjs documents: one store per process, shared by the api (editors) and flow steps. */
  const noteDocs = createNoteDocs({ db, bus, logger });
  const sendMail = createStepMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  /** The editor's "Listen for a test call": read by the test URL (api routes) and the test address (inbound mail). */
  const listens = testListens({ db, bus });

  /** Steps act as the flow's creator while they are a member, else as an owner of the account. */
  async function actorFor(execution: ExecutionRow): Promise<string> {
    const [flow] = await db.select({ createdBy: flows.createdBy }).from(flows).where(eq(flows.id, execution.flowId));
    const members = await db
      .select({ userId: accountMembers.userId, role: accountMembers.role })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, execution.accountId))
      .orderBy(asc(accountMembers.createdAt));
    const creator = members.find((m) => m.userId === flow?.createdBy);
    const owner = members.find((m) => m.role === 'owner') ?? members[0];
    const actor = creator ?? owner;
    if (!actor) throw new StepError('This account has no members left to act for');
    return actor.userId;
  }

  function services(execution: ExecutionRow, rt: FlowRuntime): StepServices {
    let actor: Promise<string> | null = null;
    const actorOnce = () => {
      actor ??= actorFor(execution);
      return actor;
    };
    // Its own record writes name the flow: they do not start it again through its table trigger.
    const recordsApi = async () =>
      createRecordsApi({
        db,
        records,
        accountId: execution.accountId,
        actorUserId: await actorOnce(),
        flowId: execution.flowId,
      });
    return {
      fetch,
      sendMail,
      runCode: sandbox.runCode,
      records: {
        create: async (tableId, values, keys) => (await recordsApi()).create(tableId, values, keys),
        find: async (tableId, query) => (await recordsApi()).find(tableId, query),
        update: async (tableId, id, values) => (await recordsApi()).update(tableId, id, values),
        remove: async (tableId, id) => (await recordsApi()).remove(tableId, id),
        upsert: async (tableId, field, values) => (await recordsApi()).upsert(tableId, field, values),
      },
      notes: {
        create: async (input) =>
          createNotesApi({ db, docs: noteDocs, accountId: execution.accountId, actorUserId: await actorOnce() }).create(
            input,
          ),
        append: async (input) =>
          createNotesApi({ db, docs: noteDocs, accountId: execution.accountId, actorUserId: await actorOnce() }).append(
            input,
          ),
      },
      ai: createAiApi({
        env,
        accountId: execution.accountId,
        resolveModel: aiModels?.flowModel,
      }),
      runFlow: (input) => runSubflow(rt, execution, input),
    };
  }

  /** Runs another published flow of the account with items; its id is fixed per calling step run, so a resume finds it. */
  async function runSubflow(
    rt: FlowRuntime,
    parent: ExecutionRow,
    {
      flowId,
      items,
      wait,
      idempotencyKey,
    }: { flowId: string; items: Record<string, unknown>[]; wait: boolean; idempotencyKey?: string },
  ) {
    const [target] = await db
      .select()
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.accountId, parent.accountId)));
    if (!target || target.deletedAt) throw new StepError('The flow to run was not found in this account');
    if (!target.publishedVersionId) throw new StepError(`"${target.name}" has not been published yet`);
    if (parent.flowId === target.id) throw new StepError('A flow cannot run itself');
    const [version] = await db.select().from(flowVersions).where(eq(flowVersions.id, target.publishedVersionId));
    if (!version) throw new StepError(`"${target.name}" has not been published yet`);
    // Named by the calling step run, so a step run again after a crash finds its child instead of starting another.
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
          `"${target.name}" ${outcome.status === 'cancelled' ? 'was cancelled' : `failed${outcome.error?.node_name ? ` at "${outcome.error.node_name}"` : ''}: ${outcome.error?.message ?? ''}`}`,
        );
      return { executionId: child.id, items: outcome.items };
    }
    throw new StepError(
      `"${target.name}" did not finish in this run (it is ${outcome.kind === 'waiting' ? 'waiting' : 'busy'})`,
    );
  }

  runtime = createFlowRuntime({
    db,
    bus,
    logger,
    queue,
    expressions: sandbox,
    services,
    leaseMs: config.flows.leaseMs,
    accountConcurrency: config.flows.accountConcurrency,
    workerConcurrency: config.flows.workerConcurrency,
    retentionDays: config.flows.retentionDays,
    // The embedded database belongs to this one process: it wakes its own delayed executions.
  });
  const flowRuntime = runtime;
  let scheduler: ReturnType<typeof startScheduler> | null = null;
  let inbound: Awaited<ReturnType<typeof startInboundSmtp>> | null = null;

  return {
    accounts,
    indexes,
    tables,
    records,
    runtime: flowRuntime,
    sandbox,
    onRecords: triggers.onRecords,
    noteDocs,
    testListens: listens,
    /** Follows a flow's published, active state (schedules; table listeners are re-read). */
    async syncTriggers(flow: FlowRow) {
      await syncSchedule(db, flow);
      triggers.clear();
    },
    /** The worker role: takes executions from the queue, reaps, and fires schedules. */
    async startWorker({ schedulerIntervalMs = 1000 }: { schedulerIntervalMs?: number } = {}) {
      await flowRuntime.startWorker();
      scheduler = startScheduler({ db, runtime: flowRuntime, logger, intervalMs: schedulerIntervalMs });
    },
    /** The api role: takes mail for email-triggered flows when SMTP_INBOUND_PORT is set. */
    async startInbound(port = config.flows.inboundPort, host = config.host) {
      if (port === null) return null;
      inbound = await startInboundSmtp({ port, host, db, runtime: flowRuntime, logger, listens });
      return inbound;
    },
    inboundPort: () => inbound?.port ?? null,
    async stop() {
      scheduler?.stop();
      await inbound?.close();
      await flowRuntime.stop();
      await sandbox.close();
      await noteDocs.close();
    },
  };
}

export type FlowSystem = ReturnType<typeof createFlowSystem>;
