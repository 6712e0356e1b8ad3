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
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/auth.routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerFlowLiveSources } from './flows/flow.live';
import { registerFlowRoutes } from './flows/flow.routes';
import { flowService } from './flows/flow.service';
import { registerErrorHandling } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { sessionReader } from './http/session';
import { registerWebApp } from './http/static';
import type { ChangeBus } from './live/change-bus';
import { registerLiveRoutes } from './live/live.routes';
import { createLiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import { registerPublicFormRoutes } from './tables/public-form.routes';
import { publicFormService } from './tables/public-form.service';
import { recordService } from './tables/record.service';
import { registerRecordImportRoutes } from './tables/record-import.routes';
import { recordIndexes } from './tables/record-indexes';
import { registerTableLiveSources } from './tables/table.live';
import { registerTableRoutes } from './tables/table.routes';
import { tableService } from './tables/table.service';

export type AppDeps = {
  config: Config;
  database: Database;
  bus: ChangeBus;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  buildId?: string;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({ config, database, bus, mailer, logger, secret, buildId = 'dev' }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  const { db } = database;

  registerErrorHandling(app);
  registerOpenApi(app, { version: buildId });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Cookie-authenticated writes must come from our own pages: browsers always send Origin on
  // cross-site POST/PATCH/DELETE, so a foreign Origin is refused before any handler runs.
  const appOrigin = new URL(config.appUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    // Public forms may be embedded on other sites; without a cookie there is no session to ride on.
    if (!request.headers.cookie && request.url.startsWith('/api/forms/')) return;
    if (origin && origin !== appOrigin) {
      return reply.status(403).send({ error: { code: 'forbidden', message: 'Cross-site request refused' } });
    }
  });

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
    },
  });
  const session = sessionReader(auth);
  // A request that may change who its cookie belongs to, or what they may do, ends the reuse of its session.
  app.addHook('onResponse', async (request) => {
    const path = request.url;
    if (path.startsWith('/api/auth/') || (request.method !== 'GET' && path.startsWith('/api/me')))
      session.forget(request);
  });
  const hub = createLiveHub({ bus, logger });
  registerAccountLiveSources(hub, { db, accounts, invites });
  const indexes = recordIndexes({ db, concurrent: database.kind === 'postgres', logger });
  const tables = tableService({ db, bus, accounts, indexes });
  const records = recordService({ db, bus, tablesService: tables, indexes });
  registerTableLiveSources(hub, { tables });
  const flows = flowService({ db, bus, accounts, inboundDomain: config.flows.inboundDomain });
  registerFlowLiveSources(hub, { flows });

  app.get('/api/health', async (): Promise<Health> => {
    await db.execute(sql`select 1`);
    return { ok: true, database: database.kind, build: buildId };
  });
  app.get('/api/config', async () => ({ googleSignIn: Boolean(config.google) }));
  registerAuthRoutes(app, { auth, appUrl: config.appUrl });
  registerAccountRoutes(app, { db, session, accounts, invites });
  registerTableRoutes(app, { db, session, tables, records });
  registerRecordImportRoutes(app, { session, records });
  registerFlowRoutes(app, { session, flows });
  registerPublicFormRoutes(app, { forms: publicFormService({ db, bus }) });
  registerLiveRoutes(app, { hub, session, appUrl: config.appUrl });
  await registerWebApp(app, { webDist: config.webDist ?? defaultWebDist });

  return app;
}
