import type { Logger } from 'pino';
import type { AccountAiModels } from '../ai/ai-models';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AccountConnections } from '../integrations/credentials';
import type { IntegrationService } from '../integrations/integration.service';
import type { ChangeBus } from '../live/change-bus';
import { createGuardedFetch } from '../net/guarded-fetch';
import type { NoteDocs } from '../notes/note-docs';
import type { Queue } from '../queue/queue';
import type { RecordService } from '../tables/record.service';
import { createFlowRuntime } from './engine/runtime';
import { stepServices } from './engine/step-services';
import type { FlowRow } from './flow.repository';
import type { Sandbox } from './sandbox/sandbox';
import { createStepMailer } from './services/mail';
import { startInboundSmtp } from './triggers/email-inbound';
import { startIntegrationPoller } from './triggers/integration-poller';
import { integrationTestPoll } from './triggers/integration-test-poll';
import { followEventSupport, integrationTriggerStatus, syncIntegrationTrigger } from './triggers/integration-triggers';
import { startScheduler, syncSchedule } from './triggers/schedule';
import type { TableTriggers } from './triggers/table-events';
import { testListens } from './triggers/test-listen';

/**
 * The runtime that runs executions and the triggers that start them, in one process (api or
 * worker). The services steps call are built once in services.ts and passed in.
 */
export function createFlowSystem({
  db,
  bus,
  config,
  logger,
  queue,
  records,
  noteDocs,
  sandbox,
  aiModels,
  tableTriggers,
  integrations,
  connections,
}: {
  db: Db;
  bus: ChangeBus;
  config: Config;
  logger: Logger;
  queue: Queue | null;
  records: RecordService;
  noteDocs: NoteDocs;
  sandbox: Sandbox;
  aiModels: AccountAiModels | null;
  tableTriggers: TableTriggers;
  integrations: IntegrationService;
  /** The account's connections (credentials, MCP servers) as steps reach them. */
  connections: (accountId: string) => AccountConnections;
}) {
  const runtime = createFlowRuntime({
    db,
    bus,
    logger,
    queue,
    expressions: sandbox,
    services: stepServices({
      db,
      records,
      noteDocs,
      sandbox,
      fetch: createGuardedFetch({ allowPrivate: config.flows.allowPrivateHttp, allowHosts: config.flows.allowHosts }),
      sendMail: createStepMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      aiModels,
      serverAi: config.ai.openai,
      integrations,
      connections,
    }),
    leaseMs: config.flows.leaseMs,
    accountConcurrency: config.flows.accountConcurrency,
    workerConcurrency: config.flows.workerConcurrency,
    retentionDays: config.flows.retentionDays,
  });
  /**
   * The editor's "Listen for a test call": read by the test URL (api routes) and the test address
   * (inbound mail); an integration trigger polls its service while it listens.
   */
  const listens = testListens({ db, bus, pollTest: integrationTestPoll({ integrations }) });
  let scheduler: ReturnType<typeof startScheduler> | null = null;
  let poller: ReturnType<typeof startIntegrationPoller> | null = null;
  /** Providers that push events to this server; their triggers listen without polling. */
  const eventsReady = (provider: string) => provider === 'slack' && Boolean(config.integrations.slack.signingSecret);
  let inbound: Awaited<ReturnType<typeof startInboundSmtp>> | null = null;

  return {
    runtime,
    testListens: listens,
    /** Follows a flow's published, active state (schedules; table listeners are re-read). */
    async syncTriggers(flow: FlowRow) {
      await syncSchedule(db, flow);
      await syncIntegrationTrigger(db, flow, { eventsReady });
      tableTriggers.clear();
    },
    /** How the flow's integration trigger listens (events or polling) and whether it is stopped. */
    integrationTriggerStatus: (flow: FlowRow) => integrationTriggerStatus(db, flow, { eventsReady }),
    /** The worker role: takes executions from the queue, reaps, fires schedules and polls integration triggers. */
    async startWorker({ schedulerIntervalMs = 1000 }: { schedulerIntervalMs?: number } = {}) {
      await runtime.startWorker();
      const moved = await followEventSupport(db, { eventsReady });
      if (moved > 0) logger.info({ moved }, 'integration triggers moved to how this server now listens');
      scheduler = startScheduler({ db, runtime, logger, intervalMs: schedulerIntervalMs });
      poller = startIntegrationPoller({ db, runtime, integrations, logger, intervalMs: schedulerIntervalMs });
    },
    /** The api role: takes mail for email-triggered flows when SMTP_INBOUND_PORT is set. */
    async startInbound(port = config.flows.inboundPort, host = config.host) {
      if (port === null) return null;
      inbound = await startInboundSmtp({ port, host, db, runtime, logger, listens });
      return inbound;
    },
    inboundPort: () => inbound?.port ?? null,
    async stop() {
      scheduler?.stop();
      poller?.stop();
      await inbound?.close();
      await runtime.stop();
    },
  };
}

export type FlowSystem = ReturnType<typeof createFlowSystem>;
