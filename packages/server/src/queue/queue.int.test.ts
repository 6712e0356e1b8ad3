import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { type Queue, startQueue } from './queue';

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
