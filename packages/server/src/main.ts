import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded';
import { importPgliteFolder } from './db/pglite-import';
import { collectWhenIdle } from './idle-gc';
import { createPostgresChangeBus } from './live/change-bus';
import { createMailer } from './mail/mailer';
import { defaultWebDist } from './paths';
import { startQueue } from './queue/queue';
import { resolveSecret } from './secret';
import { createServices } from './services';

type Role = 'api' | 'worker' | 'all';
const roles: Role[] = ['api', 'worker', 'all'];

async function main() {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!roles.includes(role)) {
    console.error(`Usage: flowmind [api|worker|all]   (got "${role}")`);
    process.exit(2);
  }
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const secret = resolveSecret(config);
  let embedded: EmbeddedPostgres | null = null;
  let database: Database;
  if (config.database.kind === 'embedded') {
    const { dataDir } = config.database;
    embedded = await startEmbeddedPostgres({
      dataDir,
      logger: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
    });
    try {
      database = await openDatabase({ kind: 'embedded', connection: embedded.connection });
      await importPgliteFolder({ dataDir, database, logger });
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  } else {
    database = await openDatabase({ kind: 'postgres', url: config.database.url });
  }
  logger.info({ database: database.kind, role }, 'database ready');
  const bus = await createPostgresChangeBus({ connection: database.connection, logger });
  const queue = await startQueue({ connection: database.connection, logger });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });

  const webDist = config.webDist ?? defaultWebDist;
  const buildFile = join(webDist, 'build.json');
  const buildId = existsSync(buildFile) ? (JSON.parse(readFileSync(buildFile, 'utf8')) as { id: string }).id : 'dev';

  const services = createServices({ config, database, bus, mailer, logger, secret, queue });
  if (role !== 'api') await services.flowSystem.startWorker();
  const app = role === 'worker' ? null : await buildApp({ config, database, bus, logger, services, buildId });
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    await services.flowSystem.startInbound();
    logger.info(`Flowmind is running at ${config.appUrl}`);
  }
  // A full GC whenever the process goes quiet, so an idle server gives back what a burst of work left.
  const idleGc = collectWhenIdle();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      idleGc.stop();
      await app?.close();
      await services.stop();
      await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
      await bus.close();
      mailer.close();
      await database.close();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
