import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Health } from '@flowmind/shared/health';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { registerAccountLiveSources } from './accounts/account.live';
import { registerAccountRoutes } from './accounts/account.routes';
import { registerAgentRoutes } from './agents/agent.routes';
import { registerAiProviderRoutes } from './ai/ai-provider.routes';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerChatRoutes } from './chat/chat.routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerExecutionLiveSources } from './flows/execution.live';
import { registerExecutionRoutes } from './flows/execution.routes';
import { registerFlowLiveSources } from './flows/flow.live';
import { registerFlowRoutes } from './flows/flow.routes';
import { registerPinRoutes } from './flows/pins/pin.routes';
import { registerTestListenRoutes } from './flows/triggers/test-listen.routes';
import { registerWebhookRoutes } from './flows/triggers/webhook.routes';
import { registerFocusRoutes } from './focus/focus.routes';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/errors';
import { frameworkErrors, registerInputGuard } from './http/input-guard';
import { registerOpenApi } from './http/openapi';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { sessionReader } from './http/session';
import { registerWebApp } from './http/static';
import { registerIntegrationRoutes } from './integrations/integration.routes';
import { registerSlackEventRoutes } from './integrations/slack/slack-events.routes';
import type { ChangeBus } from './live/change-bus';
import { registerLiveRoutes } from './live/live.routes';
import { createLiveHub } from './live/live-hub';
import { registerNoteLiveSources } from './notes/note.live';
import { registerNoteRoutes } from './notes/note.routes';
import { noteCollabChannel } from './notes/note-collab';
import type { Services } from './services';
import { registerFieldRoutes } from './tables/field.routes';
import { registerKanbanColumnRoutes } from './tables/kanban-columns.routes';
import { registerPublicFormRoutes } from './tables/public-form.routes';
import { registerRecordImportRoutes } from './tables/record-import.routes';
import { registerRecordSummaryRoutes } from './tables/record-summary.routes';
import { registerTableLiveSources } from './tables/table.live';
import { registerTableRoutes } from './tables/table.routes';
import { registerViewRoutes } from './tables/view.routes';

export type AppDeps = {
  config: Config;
  database: Database;
  bus: ChangeBus;
  logger: Logger;
  /** Every service, built once (services.ts); the caller starts and stops them. */
  services: Services;
  buildId?: string;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The HTTP api over the services: plugins, hooks and every route. */
export async function buildApp({ config, database, bus, logger, services, buildId = 'dev' }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, request.ip (sign-in and form rate limits) is the client's only when the proxy is trusted.
    trustProxy: config.trustProxy,
    frameworkErrors,
  });
  const { db } = database;
  const { auth, lookup, accounts, invites, tables, records, flows, executions, notes, noteDocs, chats } = services;

  registerErrorHandling(app);
  registerInputGuard(app);
  registerOpenApi(app, { version: buildId });
  await app.register(rateLimit, { global: false });
  // Note documents send Yjs updates over the socket; a long offline session can make a large one.
  await app.register(websocket, { options: { maxPayload: 8 * 1024 * 1024 } });

  registerOriginCheck(app, { appUrl: config.appUrl });
  registerSecurityHeaders(app, { appUrl: config.appUrl });
  registerCompression(app);

  const session = sessionReader(auth, lookup);
  // A request that may change who its cookie belongs to, or what they may do, ends the reuse of its session.
  app.addHook('onResponse', async (request) => {
    const path = request.url;
    if (path.startsWith('/api/auth/') || (request.method !== 'GET' && path.startsWith('/api/me')))
      session.forget(request);
  });
  const hub = createLiveHub({ bus, logger });
  registerAccountLiveSources(hub, { db, accounts, invites });
  registerTableLiveSources(hub, { tables, fields: services.fields, views: services.views });
  registerFlowLiveSources(hub, { flows });
  registerNoteLiveSources(hub, { notes });
  hub.channel(noteCollabChannel({ docs: noteDocs, notes, bus, logger }));
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
  registerFieldRoutes(app, { session, fields: services.fields });
  registerViewRoutes(app, { session, views: services.views });
  registerRecordImportRoutes(app, { session, records });
  registerRecordSummaryRoutes(app, { session, summaries: services.recordSummaries });
  registerKanbanColumnRoutes(app, { session, columns: services.kanbanColumns });
  registerFlowRoutes(app, { session, flows });
  registerExecutionRoutes(app, { session, executions });
  registerPinRoutes(app, { session, pins: services.pins });
  registerTestListenRoutes(app, { session, flows, listens: services.flowSystem.testListens });
  registerFocusRoutes(app, { session, focus: services.focus });
  registerWebhookRoutes(app, { db, runtime: services.flowSystem.runtime });
  registerPublicFormRoutes(app, { session, forms: services.publicForms });
  registerNoteRoutes(app, { session, notes });
  registerAiProviderRoutes(app, { session, providers: services.aiProviders });
  registerIntegrationRoutes(app, {
    session,
    integrations: services.integrations,
    credentials: services.credentials,
  });
  registerSlackEventRoutes(app, {
    db,
    runtime: services.flowSystem.runtime,
    signingSecret: config.integrations.slack.signingSecret,
    logger,
  });
  registerAgentRoutes(app, { session, agents: services.agents, gallery: services.agentGallery });
  registerChatRoutes(app, { session, chats });
  registerLiveRoutes(app, { hub, auth, lookup, appUrl: config.appUrl });
  await registerWebApp(app, { webDist: config.webDist ?? defaultWebDist });

  return app;
}
