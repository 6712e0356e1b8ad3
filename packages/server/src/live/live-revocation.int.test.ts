import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { accountMembers, sessions } from '../db/schema';
import { toBase64 } from '../notes/note-docs';
import {
  businessAccountWithMember,
  type LiveTestSocket,
  signUpVerified,
  startTestServer,
  TEST_APP_URL,
  type TestServer,
} from '../test/test-server';
import { CLOSE_SESSION_ENDED } from './live-hub';

const PASSWORD = 'correct horse battery';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
async function user(on: TestServer = server) {
  n += 1;
  const email = `revoke${n}@example.com`;
  return { ...(await signUpVerified(on, { name: `R${n}`, email })), email };
}

/** A second sign-in of the same user: another session, as from another browser. */
async function secondSession(on: TestServer, email: string) {
  const client = on.client();
  const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  return client;
}

async function listening(socket: LiveTestSocket, id = 'acc') {
  socket.send({ type: 'subscribe', id, path: 'accounts' });
  await socket.next((m) => m.id === id && m.initial);
}

/** The issue asks for a second; the close is sent before the sign-out's own response. */
const closedWithinASecond = (socket: LiveTestSocket) =>
  expect.poll(() => socket.closeCode, { timeout: 1000, interval: 10 }).toBe(CLOSE_SESSION_ENDED);

/** A note edit as the browser sends it: a Yjs update adding one paragraph. */
function noteEdit(noteId: string, updateId: string, text: string) {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  return { type: 'note-update', noteId, updateId, update: toBase64(Y.encodeStateAsUpdate(doc)) };
}

describe('closing a session closes its live sockets', () => {
  it('after sign-out the socket closes and hears nothing more; another session of the user stays open', async () => {
    const { client, email } = await user();
    const other = await secondSession(server, email);
    const signedOut = await client.live();
    const stays = await other.live();
    await listening(signedOut);
    await listening(stays);

    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    await closedWithinASecond(signedOut);

    await other.post('/api/accounts', { name: 'Still here', handle: `still-here-${n}` });
    const update = await stays.next((m) => m.id === 'acc' && !m.initial);
    expect(update.changes[0]).toMatchObject({ type: 'added', doc: { name: 'Still here' } });
    expect(signedOut.messages).toEqual([]);
    expect(stays.closeCode).toBeNull();
    stays.close();
  });

  it('a password reset closes the sockets of every session of the user', async () => {
    const { client, email } = await user();
    const other = await secondSession(server, email);
    const first = await client.live();
    const second = await other.live();
    await listening(first);
    await listening(second);

    const anon = server.client();
    await anon.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/new-password' });
    const message = await server.mail.waitFor(email, /reset/i);
    const landing = await anon.get(server.local(server.mail.link(message, `${TEST_APP_URL}/api/auth/reset-password/`)));
    const token = new URL(landing.headers.get('location') ?? '', TEST_APP_URL).searchParams.get('token');
    expect((await anon.post('/api/auth/reset-password', { newPassword: 'another-password-1', token })).status).toBe(
      200,
    );
    await closedWithinASecond(first);
    await closedWithinASecond(second);
  });

  it('revoking the other sessions closes their sockets and keeps this one', async () => {
    const { client, email } = await user();
    const other = await secondSession(server, email);
    const kept = await client.live();
    const revoked = await other.live();
    await listening(kept);
    await listening(revoked);
    expect((await client.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    await closedWithinASecond(revoked);
    kept.send({ type: 'ping' });
    expect(await kept.next((m) => m.type === 'pong')).toBeTruthy();
    kept.close();
  });

  it('deleting the user closes the sockets of all their sessions', async () => {
    const { client, email } = await user();
    const other = await secondSession(server, email);
    const first = await client.live();
    const second = await other.live();
    await listening(first);
    await listening(second);
    expect((await client.post('/api/auth/delete-user', { password: PASSWORD })).status).toBe(200);
    await closedWithinASecond(first);
    await closedWithinASecond(second);
  });

  it('checks the session on every message, so a session gone without notice can neither listen nor edit', async () => {
    const { client, user: me } = await user();
    const note = await client.post('/api/notes', { accountId: me.personalAccountId, title: 'Mine', markdown: 'a' });
    const socket = await client.live();
    socket.send({ type: 'note-open', noteId: note.body.id, stateVector: toBase64(Y.encodeStateVector(new Y.Doc())) });
    await socket.next((m) => m.type === 'note-sync');

    // Deleted behind the server's back: no session-ended topic is published for this one.
    const [row] = await server.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.id));
    await server.db.delete(sessions).where(eq(sessions.id, row?.id as string));

    socket.send(noteEdit(note.body.id, 'u1', 'after the session ended'));
    socket.send({ type: 'subscribe', id: 'late', path: 'accounts' });
    await expect(socket.next((m) => m.type === 'note-ack' || m.id === 'late', 5000)).rejects.toThrow(
      `closed: ${CLOSE_SESSION_ENDED}`,
    );
  });
});

describe('removal from an account', () => {
  it('stops that account’s updates and refuses note edits there, while the session stays open', async () => {
    const owner = await user();
    const { accountId, colleague } = await businessAccountWithMember(server, owner, {
      name: `Shop ${n}`,
      handle: `shop-${n}`,
      member: { name: 'Removed', email: `removed${n}@example.com` },
    });
    const note = await owner.client.post('/api/notes', { accountId, title: 'Plan', markdown: 'plan' });
    const socket = await colleague.client.live();
    socket.send({ type: 'subscribe', id: 'notes', path: `accounts/${accountId}/notes` });
    await socket.next((m) => m.id === 'notes' && m.initial);
    socket.send({ type: 'note-open', noteId: note.body.id, stateVector: toBase64(Y.encodeStateVector(new Y.Doc())) });
    await socket.next((m) => m.type === 'note-sync');
    await listening(socket, 'own');

    expect((await owner.client.delete(`/api/accounts/${accountId}/members/${colleague.user.id}`)).status).toBe(204);
    expect(await socket.next((m) => m.id === 'notes')).toMatchObject({ type: 'error', code: 'not_found' });
    socket.send(noteEdit(note.body.id, 'u1', 'after removal'));
    expect(await socket.next((m) => m.type === 'note-error' && m.updateId === 'u1')).toMatchObject({
      code: 'not_found',
    });

    await owner.client.post('/api/notes', { accountId, title: 'Secret', markdown: 'not for them' });
    await colleague.client.post('/api/accounts', { name: 'Own Co', handle: `own-co-${n}` });
    await socket.next((m) => m.id === 'own' && !m.initial);
    expect(socket.messages.filter((m) => m.id === 'notes' || m.type === 'note-ack')).toEqual([]);
    expect(socket.closeCode).toBeNull();
    socket.close();
  });
  it('refuses a note edit once the membership is gone, before the change is even heard', async () => {
    const owner = await user();
    const { accountId, colleague } = await businessAccountWithMember(server, owner, {
      name: `Quiet ${n}`,
      handle: `quiet-${n}`,
      member: { name: 'Quietly removed', email: `quiet${n}@example.com` },
    });
    const note = await owner.client.post('/api/notes', { accountId, title: 'Plan', markdown: 'plan' });
    const socket = await colleague.client.live();
    socket.send({ type: 'note-open', noteId: note.body.id, stateVector: toBase64(Y.encodeStateVector(new Y.Doc())) });
    await socket.next((m) => m.type === 'note-sync');
    socket.send(noteEdit(note.body.id, 'u1', 'while a member'));
    await socket.next((m) => m.type === 'note-ack' && m.updateId === 'u1');

    // As when the removal was made by another process whose notice has not arrived yet.
    await server.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, colleague.user.id)));
    socket.send(noteEdit(note.body.id, 'u2', 'after removal'));
    expect(await socket.next((m) => m.type === 'note-error' && m.updateId === 'u2')).toMatchObject({
      code: 'not_found',
    });
    expect(socket.messages.filter((m) => m.type === 'note-ack')).toEqual([]);
    socket.close();
  });

  it('relays no cursor of a member whose membership is gone, once their last access check is a second old', async () => {
    const owner = await user();
    const { accountId, colleague } = await businessAccountWithMember(server, owner, {
      name: `Cursor ${n}`,
      handle: `cursor-${n}`,
      member: { name: 'Cursor', email: `cursor${n}@example.com` },
    });
    const note = await owner.client.post('/api/notes', { accountId, title: 'Plan', markdown: 'plan' });
    const open = { type: 'note-open', noteId: note.body.id, stateVector: toBase64(Y.encodeStateVector(new Y.Doc())) };
    const watching = await owner.client.live();
    watching.send(open);
    await watching.next((m) => m.type === 'note-sync');
    const socket = await colleague.client.live();
    socket.send(open);
    await socket.next((m) => m.type === 'note-sync');

    await server.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, colleague.user.id)));
    // Cursor moves within a second of a check are relayed on it; this one comes after that.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const cursor = new Awareness(new Y.Doc());
    cursor.setLocalState({ user: { name: 'Cursor' } });
    const update = toBase64(encodeAwarenessUpdate(cursor, [cursor.clientID]));
    socket.send({ type: 'note-awareness', noteId: note.body.id, update });
    expect(await socket.next((m) => m.type === 'note-error')).toMatchObject({ code: 'not_found' });
    watching.send({ type: 'ping' });
    await watching.next((m) => m.type === 'pong');
    expect(watching.messages.filter((m) => m.type === 'note-awareness')).toEqual([]);
    socket.close();
    watching.close();
  });
});

describe('subscription caps', () => {
  it('refuses a subscription past the per-socket and the per-user cap, saying why', async () => {
    const { client, user: me } = await user();
    const sockets = [await client.live(), await client.live(), await client.live(), await client.live()];
    const [first, second, third, fourth] = sockets as [LiveTestSocket, LiveTestSocket, LiveTestSocket, LiveTestSocket];
    for (const socket of [first, second, third]) {
      for (let i = 0; i < 100; i++) socket.send({ type: 'subscribe', id: `s${i}`, path: `users/${me.id}` });
    }
    first.send({ type: 'subscribe', id: 'one-too-many', path: `users/${me.id}` });
    expect(await first.next((m) => m.id === 'one-too-many')).toMatchObject({
      type: 'error',
      code: 'rate_limited',
      message: expect.stringContaining('at most 100'),
    });
    for (const socket of [first, second, third]) {
      for (let i = 0; i < 100; i++) await socket.next((m) => m.id === `s${i}` && m.type === 'snapshot');
    }
    fourth.send({ type: 'subscribe', id: 'past-user-cap', path: `users/${me.id}` });
    expect(await fourth.next((m) => m.id === 'past-user-cap')).toMatchObject({
      type: 'error',
      code: 'rate_limited',
      message: expect.stringContaining('at most 300'),
    });
    // Unsubscribing makes room again.
    first.send({ type: 'unsubscribe', id: 's0' });
    // A socket's messages are handled in order: its pong means the unsubscribe is done.
    first.send({ type: 'ping' });
    await first.next((m) => m.type === 'pong');
    fourth.send({ type: 'subscribe', id: 'room-again', path: `users/${me.id}` });
    expect(await fourth.next((m) => m.id === 'room-again')).toMatchObject({ type: 'snapshot' });
    for (const socket of sockets) socket.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('across api processes (PostgreSQL)', () => {
  it('signing out through one process closes the session’s socket on another', async () => {
    const second = await startTestServer({}, { shareWith: server });
    try {
      const { client, email } = await user();
      const viaSecond = second.client();
      expect((await viaSecond.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      const socket = await viaSecond.live();
      await listening(socket);
      // The second process's session is signed out through the first.
      const onFirst = server.client();
      const cookie = viaSecond.cookieHeader;
      const res = await onFirst.request('POST', '/api/auth/sign-out', {}, { cookie });
      expect(res.status).toBe(200);
      await expect.poll(() => socket.closeCode, { timeout: 1000, interval: 10 }).toBe(CLOSE_SESSION_ENDED);
      expect((await client.get('/api/me')).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
