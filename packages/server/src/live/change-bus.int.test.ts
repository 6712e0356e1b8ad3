import { describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer } from '../test/test-server';

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
});
