import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createFlowSystem } from './flows/flow-system';
import { type ChangeBus, createLocalChangeBus, createPostgresChangeBus } from './live/change-bus';
import { createMailer } from './mail/mailer';
import { defaultWebDist } from './paths';
import { startQueue } from './queue/queue';
import { resolveSecret } from './secret';

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
  if (config.database.kind === 'pglite' && role !== 'all') {
    throw new Error('The embedded database serves one process: run `flowmind all`, or set DATABASE_URL to scale out.');
  }
  const secret = resolveSecret(config);
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  logger.info({ database: database.kind, role }, 'database ready');
  const bus: ChangeBus =
    database.kind === 'postgres'
      ? await createPostgresChangeBus({ connection: database.connection, logger })
      : createLocalChangeBus();
  const queue = await startQueue({ connection: database.connection, logger });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });

  const webDist = config.webDist ?? defaultWebDist;
  const buildFile = join(webDist, 'build.json');
  const buildId = existsSync(buildFile) ? (JSON.parse(readFileSync(buildFile, 'utf8')) as { id: string }).id : 'dev';

  const flows = createFlowSystem({ database, bus, config, logger, queue, secret });
  if (role !== 'api') await flows.startWorker();
  const app =
    role === 'worker' ? null : await buildApp({ config, database, bus, mailer, logger, secret, buildId, flows });
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    await flows.startInbound();
    logger.info(`Flowmind is running at ${config.appUrl}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      await flows.stop();
      await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
      await bus.close();
      mailer.close();
      await database.close();
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
