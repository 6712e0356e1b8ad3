import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Health } from '@flowmind/shared/health';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { registerAccountLiveSources } from './accounts/account.live';
import { registerAccountRoutes } from './accounts/account.routes';
import { accountService } from './accounts/account.service';
import { inviteService } from './accounts/invite.service';
import { registerAgentRoutes } from './agents/agent.routes';
import { agentService } from './agents/agent.service';
import { agentGalleryService } from './agents/agent-gallery.service';
import { accountAiModels } from './ai/ai-models';
import { registerAiProviderRoutes } from './ai/ai-provider.routes';
import { aiProviderService } from './ai/ai-provider.service';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/auth.routes';
import { sessionLookup } from './auth/session-lookup';
import { registerChatRoutes } from './chat/chat.routes';
import { chatService } from './chat/chat.service';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerExecutionLiveSources } from './flows/execution.live';
import { registerExecutionRoutes } from './flows/execution.routes';
import { executionService } from './flows/execution.service';
import { registerFlowLiveSources } from './flows/flow.live';
import { registerFlowRoutes } from './flows/flow.routes';
import { flowService } from './flows/flow.service';
import { createFlowSystem, type FlowSystem } from './flows/flow-system';
import { registerPinRoutes } from './flows/pins/pin.routes';
import { pinService } from './flows/pins/pin.service';
import { registerTestListenRoutes } from './flows/triggers/test-listen.routes';
import { registerWebhookRoutes } from './flows/triggers/webhook.routes';
import { registerFocusRoutes } from './focus/focus.routes';
import { focusService } from './focus/focus.service';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/errors';
import { frameworkErrors, registerInputGuard } from './http/input-guard';
import { registerOpenApi } from './http/openapi';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { sessionReader } from './http/session';
import { registerWebApp } from './http/static';
import { type ChangeBus, topics } from './live/change-bus';
import { registerLiveRoutes } from './live/live.routes';
import { createLiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import { registerNoteLiveSources } from './notes/note.live';
import { registerNoteRoutes } from './notes/note.routes';
import { noteService } from './notes/note.service';
import { noteCollabChannel } from './notes/note-collab';
import { registerPublicFormRoutes } from './tables/public-form.routes';
import { publicFormService } from './tables/public-form.service';
import { registerRecordImportRoutes } from './tables/record-import.routes';
import { registerTableLiveSources } from './tables/table.live';
import { registerTableRoutes } from './tables/table.routes';

export type AppDeps = {
  config: Config;
  database: Database;
  bus: ChangeBus;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  buildId?: string;
  /** Flows' runtime and triggers; without one, the app runs executions in-process (no queue). */
  flows?: FlowSystem;
  /** Where the server's own AI providers come from (OPENAI_*, ANTHROPIC_*); process.env unless given. */
  env?: NodeJS.ProcessEnv;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({
  config,
  database,
  bus,
  mailer,
  logger,
  secret,
  buildId = 'dev',
  flows: givenFlows,
  env = process.env,
}: AppDeps) {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, request.ip (sign-in and form rate limits) is the client's only when the proxy is trusted.
    trustProxy: config.trustProxy,
    frameworkErrors,
  });
  const { db } = database;
  /** Which model answers for an account: its own providers, then the server's from env. */
  const aiModels = accountAiModels({
    db,
    secret,
    env,
    allowPrivateHttp: config.flows.allowPrivateHttp,
    allowHosts: config.flows.allowHosts,
    localPorts: config.flows.aiLocalPorts,
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  registerOpenApi(app, { version: buildId });
  await app.register(rateLimit, { global: false });
  // Note documents send Yjs updates over the socket; a long offline session can make a large one.
  await app.register(websocket, { options: { maxPayload: 8 * 1024 * 1024 } });

  registerOriginCheck(app, { appUrl: config.appUrl });
  registerSecurityHeaders(app, { appUrl: config.appUrl });
  registerCompression(app);

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
  const lookup = sessionLookup({ auth, db });
  const session = sessionReader(auth, lookup);
  // A request that may change who its cookie belongs to, or what they may do, ends the reuse of its session.
  app.addHook('onResponse', async (request) => {
    const path = request.url;
    if (path.startsWith('/api/auth/') || (request.method !== 'GET' && path.startsWith('/api/me')))
      session.forget(request);
  });
  const hub = createLiveHub({ bus, logger });
  registerAccountLiveSources(hub, { db, accounts, invites });
  const flowSystem = givenFlows ?? createFlowSystem({ database, bus, config, logger, queue: null, env, secret });
  if (!givenFlows) {
    await flowSystem.startWorker();
    app.addHook('onClose', () => flowSystem.stop());
  }
  const { tables, records } = flowSystem;
  registerTableLiveSources(hub, { tables });
  const flows = flowService({
    db,
    bus,
    accounts,
    inboundDomain: config.flows.inboundDomain,
    onTriggersChanged: (flow) => flowSystem.syncTriggers(flow),
  });
  const pins = pinService({ db, bus, flows });
  const executions = executionService({
    db,
    accounts,
    flows,
    runtime: flowSystem.runtime,
    expressions: flowSystem.sandbox,
    pins,
  });
  registerFlowLiveSources(hub, { flows });
  const notes = noteService({ db, bus, accounts, docs: flowSystem.noteDocs, appUrl: config.appUrl });
  registerNoteLiveSources(hub, { notes });
  hub.channel(noteCollabChannel({ docs: flowSystem.noteDocs, notes, bus, logger }));
  registerExecutionLiveSources(hub, { executions });

  app.get('/api/health', async (): Promise<Health> => {
    await db.execute(sql`select 1`);
    return { ok: true, database: database.kind, build: buildId };
  });
  app.get('/api/config', async () => ({
    googleSignIn: Boolean(config.google),
    codeTimeoutMaxMs: config.flows.sandbox.codeTimeoutMaxMs,
    repositoryUrl: config.repositoryUrl,
  }));
  registerAuthRoutes(app, { auth, appUrl: config.appUrl });
  registerAccountRoutes(app, { db, session, accounts, invites });
  registerTableRoutes(app, { db, session, tables, records });
  registerRecordImportRoutes(app, { session, records });
  registerFlowRoutes(app, { session, flows });
  registerExecutionRoutes(app, { session, executions });
  registerPinRoutes(app, { session, pins });
  registerTestListenRoutes(app, { session, flows, listens: flowSystem.testListens });
  registerFocusRoutes(app, { session, focus: focusService({ db, accounts }) });
  registerWebhookRoutes(app, { db, runtime: flowSystem.runtime });
  registerPublicFormRoutes(app, { forms: publicFormService({ db, bus, onRecords: flowSystem.onRecords }) });
  registerNoteRoutes(app, { session, notes });
  registerAiProviderRoutes(app, { session, providers: aiProviderService({ db, accounts, models: aiModels }) });
  const agentGallery = agentGalleryService({ db, accounts });
  registerAgentRoutes(app, { session, agents: agentService({ db, accounts }), gallery: agentGallery });
  const chats = chatService({
    db,
    accounts,
    models: aiModels,
    logger,
    agents: agentGallery,
    workspace: { notes, tables, records, flows, executions },
    appUrl: config.appUrl,
  });
  app.addHook('onClose', () => chats.close());
  registerChatRoutes(app, { session, chats });
  registerLiveRoutes(app, { hub, auth, lookup, appUrl: config.appUrl });
  await registerWebApp(app, { webDist: config.webDist ?? defaultWebDist });

  return app;
}
