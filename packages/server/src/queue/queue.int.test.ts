import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { createQueueInTurn, type Queue, startQueue } from './queue';

let server: TestServer;
let queue: Queue;
beforeAll(async () => {
  server = await startTestServer();
  queue = await startQueue({ connection: server.database.connection, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await queue.stop({ graceful: false, wait: true });
  await server.close();
});

describe('queue on the product database', () => {
  it('takes a job and hands it to a worker', async () => {
    await queue.createQueue('test-echo');
    const done = new Promise<unknown>((resolve) => {
      void queue.work('test-echo', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    await queue.send('test-echo', { hello: 'world' });
    expect(await done).toEqual({ hello: 'world' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('queue on PostgreSQL shared by processes', () => {
  it('is created by four processes at once without any of them failing', { timeout: 60_000 }, async () => {
    const queues = await Promise.all(
      [1, 2, 3, 4].map(() => startQueue({ connection: server.database.connection, logger: pino({ level: 'silent' }) })),
    );
    try {
      // Without taking turns, most rounds lose some of the four to a deadlock.
      for (const name of ['race-a', 'race-b', 'race-c']) {
        const created = await Promise.allSettled(queues.map((q) => createQueueInTurn(q, name)));
        expect(created.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
          'ok',
          'ok',
        ]);
        expect(await queue.getQueue(name)).toMatchObject({ name });
      }
    } finally {
      for (const q of queues) await q.stop({ graceful: false, wait: true });
    }
  });
});
