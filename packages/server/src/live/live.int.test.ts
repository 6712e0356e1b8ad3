import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';
import { MISSING_DOCUMENT } from './live-hub';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/api/live', () => {
  it('refuses a socket without a session', async () => {
    const socket = await server.client().live();
    await expect(socket.next(() => false, 2000)).rejects.toThrow(/closed: 4401/);
  });

  it('sends the account list, then each change', async () => {
    const { client, user } = await signUpVerified(server, { name: 'Rae', email: 'rae@example.com' });
    const socket = await client.live();
    socket.send({ type: 'subscribe', id: 's1', path: 'accounts' });
    const first = await socket.next((m) => m.id === 's1');
    expect(first).toMatchObject({ type: 'snapshot', initial: true });
    expect(first.docs.map((d: { id: string }) => d.id)).toEqual([user.personalAccountId]);

    const { body } = await client.post('/api/accounts', { name: 'Rae Studio', handle: 'rae-studio' });
    const second = await socket.next((m) => m.id === 's1');
    expect(second.initial).toBe(false);
    expect(second.changes).toEqual([
      { type: 'added', doc: expect.objectContaining({ id: body.id, handle: 'rae-studio' }) },
    ]);

    await client.patch(`/api/accounts/${body.id}`, { name: 'Rae Studio 2' });
    const third = await socket.next((m) => m.id === 's1');
    expect(third.changes).toEqual([{ type: 'modified', doc: expect.objectContaining({ name: 'Rae Studio 2' }) }]);
    socket.close();
  });

  it('shows an accepted invite in the inviter’s member list without a reload', async () => {
    const owner = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
    const invitee = await signUpVerified(server, { name: 'Tia', email: 'tia@example.com' });
    const { body: account } = await owner.client.post('/api/accounts', { name: 'Sam Co', handle: 'sam-co' });
    const socket = await owner.client.live();
    socket.send({ type: 'subscribe', id: 'members', path: `accounts/${account.id}/members` });
    const initial = await socket.next((m) => m.id === 'members');
    expect(initial.docs).toHaveLength(1);

    await owner.client.post(`/api/accounts/${account.id}/invites`, { email: 'tia@example.com', role: 'member' });
    const email = await server.mail.waitFor('tia@example.com', /Sam Co/);
    const token = server.mail.link(email, `${TEST_APP_URL}/invites/`).split('/invites/')[1];
    await invitee.client.post(`/api/invites/${token}/respond`, { accept: true });

    const update = await socket.next(
      (m) => m.id === 'members' && m.changes.some((c: { type: string }) => c.type === 'added'),
    );
    expect(update.changes[0].doc).toMatchObject({ email: 'tia@example.com', role: 'member', id: invitee.user.id });
    socket.close();
  });

  it('scopes by access: other users and other accounts are refused', async () => {
    const eve = await signUpVerified(server, { name: 'Eve', email: 'eve@example.com' });
    const uma = await signUpVerified(server, { name: 'Uma', email: 'uma@example.com' });
    const { body: account } = await uma.client.post('/api/accounts', { name: 'Uma Co', handle: 'uma-co' });
    const socket = await eve.client.live();
    socket.send({ type: 'subscribe', id: 'u', path: `users/${uma.user.id}` });
    expect(await socket.next((m) => m.id === 'u')).toMatchObject({ type: 'error', message: MISSING_DOCUMENT });
    socket.send({ type: 'subscribe', id: 'm', path: `accounts/${account.id}/members` });
    expect(await socket.next((m) => m.id === 'm')).toMatchObject({ type: 'error', code: 'not_found' });
    socket.send({ type: 'subscribe', id: 'me', path: `users/${eve.user.id}` });
    expect(await socket.next((m) => m.id === 'me')).toMatchObject({
      type: 'snapshot',
      docs: [expect.objectContaining({ email: 'eve@example.com' })],
    });
    socket.send({ type: 'subscribe', id: 'big', path: 'accounts', limit: 301 });
    expect(await socket.next((m) => m.type === 'error' && m.code === 'bad_request')).toBeTruthy();
    socket.close();
  });

  it('answers bad bytes in a message with an error, and the socket goes on working', async () => {
    const { client } = await signUpVerified(server, { name: 'Nul', email: 'nul@example.com' });
    const socket = await client.live();
    socket.send({ type: 'note-open', noteId: 'nte_\u0000x', stateVector: '' });
    expect(await socket.next((m) => m.type === 'error' || m.type === 'note-error')).toMatchObject({
      code: 'bad_request',
    });
    socket.send({ type: 'note-update', noteId: 'nte_\ud800', updateId: 'u1', update: '' });
    expect(await socket.next((m) => m.type === 'error' || m.type === 'note-error')).toMatchObject({
      code: 'bad_request',
    });
    socket.send({ type: 'subscribe', id: 'after', path: 'accounts' });
    expect(await socket.next((m) => m.id === 'after')).toMatchObject({ type: 'snapshot' });
    expect((await client.get('/api/health')).status).toBe(200);
    socket.close();
  });
});
