import type { Logger } from 'pino';
import { accountService } from './accounts/account.service';
import { inviteService } from './accounts/invite.service';
import { agentService } from './agents/agent.service';
import { agentGalleryService } from './agents/agent-gallery.service';
import { accountAiModels } from './ai/ai-models';
import { aiProviderService } from './ai/ai-provider.service';
import { createAuth } from './auth/auth';
import { sessionLookup } from './auth/session-lookup';
import { chatService } from './chat/chat.service';
import type { Config } from './config';
import type { Database } from './db/client';
import { executionService } from './flows/execution.service';
import { flowService } from './flows/flow.service';
import { createFlowSystem, type FlowSystem } from './flows/flow-system';
import { pinService } from './flows/pins/pin.service';
import { createSandbox } from './flows/sandbox/sandbox';
import { tableTriggers } from './flows/triggers/table-events';
import { focusService } from './focus/focus.service';
import { credentialService } from './integrations/credentials';
import { integrationService } from './integrations/integration.service';
import { type ChangeBus, topics } from './live/change-bus';
import type { Mailer } from './mail/mailer';
import { noteService } from './notes/note.service';
import { createNoteDocs } from './notes/note-docs';
import type { Queue } from './queue/queue';
import { fieldService } from './tables/field.service';
import { kanbanColumnService } from './tables/kanban-columns';
import { publicFormService } from './tables/public-form.service';
import { recordService } from './tables/record.service';
import { recordIndexes } from './tables/record-indexes';
import { recordSummaryService } from './tables/record-summary';
import { tableService } from './tables/table.service';
import { viewService } from './tables/view.service';

export type ServiceDeps = {
  config: Config;
  database: Database;
  bus: ChangeBus;
  mailer: Mailer;
  logger: Logger;
  /** The server secret: signs sessions and seals accounts' AI provider keys. */
  secret: string;
  /** pg-boss, which spreads executions over worker processes; null runs them in this process. */
  queue: Queue | null;
};

/**
 * The composition root: every service of the server, built once from the parsed config. The api
 * (app.ts) registers routes over them, the worker role starts `flowSystem`, tests and benches
 * build the same graph.
 */
export function createServices({ config, database, bus, mailer, logger, secret, queue }: ServiceDeps) {
  const { db } = database;
  const accounts = accountService({ db, bus });
  const invites = inviteService({ db, bus, mailer, accounts, appUrl: config.appUrl });
  const auth = createAuth({
    db,
    config,
    secret,
    mailer,
    logger,
    hooks: {
      onUserCreated: async (user) => {
        await accounts.createPersonal(user);
      },
      beforeUserDeleted: (user) => accounts.prepareUserDeletion(user.id),
      onSessionEnded: (ended) => bus.publish([topics.session(ended.id)]),
    },
  });
  /** Which model answers for an account: its own providers, then the server's (config.ai). */
  const aiModels = accountAiModels({
    db,
    secret,
    ai: config.ai,
    allowPrivateHttp: config.flows.allowPrivateHttp,
    allowHosts: config.flows.allowHosts,
    localPorts: config.flows.aiLocalPorts,
  });

  // Table triggers start flows from record changes; the runtime they start them on comes after the records.
  let flowSystem: FlowSystem | null = null;
  const triggers = tableTriggers({ db, runtime: () => flowSystem?.runtime ?? null, logger });
  const indexes = recordIndexes({ db, logger });
  const tables = tableService({ db, bus, accounts, indexes });
  const fields = fieldService({ db, bus, tables, indexes });
  const records = recordService({ db, bus, tablesService: tables, indexes, onRecords: triggers.onRecords });
  const sandbox = createSandbox(config.flows.sandbox);
  /** Notes' Yjs documents: one store per process, shared by the api (editors) and flow steps. */
  const noteDocs = createNoteDocs({ db, bus, logger });
  /** The flows' address rules, which MCP servers and their sign-ins obey as the HTTP request step does. */
  const network = { allowPrivate: config.flows.allowPrivateHttp, allowHosts: config.flows.allowHosts };
  const integrations = integrationService({
    db,
    accounts,
    config: config.integrations,
    appUrl: config.appUrl,
    secret,
    network,
    logger,
  });
  const credentials = credentialService({ db, accounts, integrations, secret, network });
  const flowsOfProcess = createFlowSystem({
    db,
    bus,
    config,
    logger,
    queue,
    records,
    noteDocs,
    sandbox,
    aiModels,
    tableTriggers: triggers,
    integrations,
    connections: credentials.forAccount,
  });
  flowSystem = flowsOfProcess;

  const flows = flowService({
    db,
    bus,
    accounts,
    inboundDomain: config.flows.inboundDomain,
    onTriggersChanged: (flow) => flowsOfProcess.syncTriggers(flow),
    triggerStatus: (flow) => flowsOfProcess.integrationTriggerStatus(flow),
    requireOwnConnections: (accountId, graph) => integrations.requireOwnConnections(accountId, graph),
  });
  const pins = pinService({ db, bus, flows });
  const executions = executionService({
    db,
    accounts,
    flows,
    runtime: flowsOfProcess.runtime,
    expressions: sandbox,
    pins,
  });
  const notes = noteService({ db, bus, accounts, docs: noteDocs, appUrl: config.appUrl });
  const agentGallery = agentGalleryService({ db, accounts });
  const chats = chatService({
    db,
    accounts,
    models: aiModels,
    logger,
    agents: agentGallery,
    workspace: { notes, tables, fields, records, flows, executions, integrations, connections: credentials.forAccount },
    appUrl: config.appUrl,
  });

  return {
    db,
    auth,
    lookup: sessionLookup({ auth, db }),
    accounts,
    invites,
    aiModels,
    aiProviders: aiProviderService({ db, accounts, models: aiModels }),
    integrations,
    credentials,
    indexes,
    tables,
    fields,
    views: viewService({ db, bus, tables }),
    records,
    recordSummaries: recordSummaryService({ db, tablesService: tables }),
    kanbanColumns: kanbanColumnService({ db, tablesService: tables, records }),
    publicForms: publicFormService({ db, bus, onRecords: triggers.onRecords }),
    flowSystem: flowsOfProcess,
    flows,
    pins,
    executions,
    sandbox,
    noteDocs,
    notes,
    focus: focusService({ db, accounts }),
    agents: agentService({ db, accounts }),
    agentGallery,
    chats,
    /** Stops what runs in the background: flows first (their steps use the rest), then chats, sandbox and notes. */
    async stop() {
      await flowsOfProcess.stop();
      await chats.close();
      await sandbox.close();
      await noteDocs.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
