import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer } from '../test/test-server';
import { createPostgresChangeBus } from './change-bus';

describe.skipIf(!process.env.TEST_DATABASE_URL)('live changes across api processes (PostgreSQL)', () => {
  it('a change made through one process reaches a listener on another', async () => {
    const first = await startTestServer();
    const second = await startTestServer({}, { shareWith: first });
    try {
      const { client } = await signUpVerified(first, { name: 'Val', email: 'val@example.com' });
      const viaSecond = second.client();
      const signIn = await viaSecond.post('/api/auth/sign-in/email', {
        email: 'val@example.com',
        password: 'correct horse battery',
      });
      expect(signIn.status).toBe(200);
      const socket = await viaSecond.live();
      socket.send({ type: 'subscribe', id: 'a', path: 'accounts' });
      await socket.next((m) => m.id === 'a' && m.initial);

      await client.post('/api/accounts', { name: 'Val Co', handle: 'val-co' });
      const update = await socket.next((m) => m.id === 'a' && !m.initial);
      expect(update.changes[0]).toMatchObject({ type: 'added', doc: { handle: 'val-co' } });
      socket.close();
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('relays short messages to the other processes only, and drops ones too long for NOTIFY', async () => {
    const connection = { connectionString: process.env.TEST_DATABASE_URL };
    const logger = pino({ level: 'silent' });
    const one = await createPostgresChangeBus({ connection, logger });
    const two = await createPostgresChangeBus({ connection, logger });
    try {
      const heardByOne: string[] = [];
      const heardByTwo: string[] = [];
      one.onRelay('cursor', (message) => heardByOne.push(message));
      two.onRelay('cursor', (message) => heardByTwo.push(message));
      two.onRelay('other', (message) => heardByTwo.push(`other:${message}`));
      one.relay('cursor', 'x'.repeat(8000));
      one.relay('cursor', 'line one\nline two');
      await expect.poll(() => heardByTwo, { timeout: 5000 }).toEqual(['line one\nline two']);
      expect(heardByOne).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
