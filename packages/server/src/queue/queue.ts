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

/**
 * pg-boss's createQueue takes no lock: processes creating the same queue at once (api and worker
 * roles starting together on a database) deadlock in PostgreSQL, which aborts all of them but
 * one, and the aborted ones failed to start. Tried again, each finds the queue made (creating an
 * existing queue does nothing) or makes it.
 */
export async function createQueueInTurn(queue: Queue, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await queue.createQueue(name);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt));
    }
  }
}
const DEADLOCK = '40P01';
