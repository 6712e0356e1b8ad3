import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer } from '../test/test-server';
import { type ChangeBus, createPostgresChangeBus } from './change-bus';

/** Two buses on the test database, as two processes would have. */
async function withTwoBuses(test: (one: ChangeBus, two: ChangeBus) => Promise<void>) {
  const connection = { connectionString: process.env.TEST_DATABASE_URL };
  const logger = pino({ level: 'silent' });
  const one = await createPostgresChangeBus({ connection, logger });
  const two = await createPostgresChangeBus({ connection, logger });
  try {
    await test(one, two);
  } finally {
    await one.close();
    await two.close();
  }
}

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

  it('sends what one turn published together, split to fit NOTIFY, and every topic arrives once', () =>
    withTwoBuses(async (one, two) => {
      const heardByOne: string[] = [];
      const heardByTwo: string[] = [];
      one.subscribe((topic) => heardByOne.push(topic));
      two.subscribe((topic) => heardByTwo.push(topic));
      // 400 topics of about 45 bytes (more than one NOTIFY's 8,000), each published twice in the turn.
      const topics = Array.from({ length: 400 }, (_, i) => `execution:exe_${String(i).padStart(30, '0')}`);
      for (const topic of topics) one.publish([topic]);
      for (const topic of topics) one.publish([topic]);
      // Heard here at once, each time it was published.
      expect(heardByOne).toHaveLength(800);
      await expect.poll(() => heardByTwo.length, { timeout: 5000 }).toBe(400);
      expect(heardByTwo.sort()).toEqual([...topics].sort());
    }));

  it('relays short messages to the other processes only, and drops ones too long for NOTIFY', () =>
    withTwoBuses(async (one, two) => {
      const heardByOne: string[] = [];
      const heardByTwo: string[] = [];
      one.onRelay('cursor', (message) => heardByOne.push(message));
      two.onRelay('cursor', (message) => heardByTwo.push(message));
      two.onRelay('other', (message) => heardByTwo.push(`other:${message}`));
      one.relay('cursor', 'x'.repeat(8000));
      one.relay('cursor', 'line one\nline two');
      await expect.poll(() => heardByTwo, { timeout: 5000 }).toEqual(['line one\nline two']);
      expect(heardByOne).toEqual([]);
    }));
});
