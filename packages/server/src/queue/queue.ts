import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * pg-boss on the product's own database (embedded or PostgreSQL): jobs, retries and cron share the
 * data's durability. Flows register their workers on it.
 */
export async function startQueue({ connection, logger }: { connection: pg.ClientConfig; logger: Logger }) {
  const boss = new PgBoss({ ...connection, max: 4, application_name: 'flowmind-queue' } as ConstructorParameters<
    typeof PgBoss
  >[0]);
  boss.on('error', (error) => logger.error({ err: error }, 'queue error'));
  await boss.start();
  return boss;
}

export type Queue = PgBoss;
