import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { createServices } from '../services';
import {
  signUpVerified,
  startTestServer,
  TEST_APP_URL,
  TEST_SECRET,
  TestClient,
  type TestServer,
} from '../test/test-server';
import { CollabTestClient } from './note-collab.test-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
async function member(on: TestServer = server) {
  n += 1;
  const { client, user } = await signUpVerified(on, { name: `C${n}`, email: `collab${n}@example.com` });
  return { client, user, accountId: user.personalAccountId as string };
}

async function newNote(client: TestClient, accountId: string, markdown = 'Hello') {
  const res = await client.post('/api/notes', { accountId, title: 'Shared', markdown });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The REST view of the note once the derived columns caught up. */
async function savedTexts(client: TestClient, noteId: string, want: (texts: string[]) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await client.get(`/api/notes/${noteId}`);
    const texts = (res.body.content.content ?? []).map((b: { content?: { text: string }[] }) =>
      (b.content ?? []).map((t) => t.text).join(''),
    );
    if (want(texts)) return texts;
    if (Date.now() > deadline) throw new Error(`saved content never matched: ${JSON.stringify(texts)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('note documents over /api/live', () => {
  it('two sockets editing at once converge, and the result is saved', async () => {
    const { client, accountId } = await member();
    const noteId = await newNote(client, accountId, 'Hello');
    // A second tab of the same user, and a member of a shared account, both count; two tabs here.
    const second = new TestClient(server.baseUrl);
    await second.post('/api/auth/sign-in/email', {
      email: `collab${n}@example.com`,
      password: 'correct horse battery',
    });
    const a = new CollabTestClient(client, noteId);
    const b = new CollabTestClient(second, noteId);
    await a.connect();
    await b.connect();
    expect(a.texts()).toEqual(['Hello']);

    for (let i = 0; i < 10; i++) {
      a.typeAt(0, 'A');
      b.typeAt(b.texts()[0]?.length ?? 0, 'b');
      if (i % 3 === 0) a.addParagraph(`line a ${i}`);
      if (i % 4 === 0) b.addParagraph(`line b ${i}`);
    }
    await a.settled();
    await b.settled();
    const same = (texts: string[]) => JSON.stringify(texts) === JSON.stringify(a.texts());
    await b.waitFor(same);
    await a.waitFor((texts) => JSON.stringify(texts) === JSON.stringify(b.texts()));
    const final = a.texts();
    expect(final[0]).toBe(`${'A'.repeat(10)}Hello${'b'.repeat(10)}`);
    expect(final).toEqual(expect.arrayContaining(['line a 0', 'line a 9', 'line b 0', 'line b 8']));
    expect(final).toHaveLength(1 + 4 + 3);

    expect(await savedTexts(client, noteId, (texts) => texts.length === final.length)).toEqual(final);
    // The search columns are derived shortly after the edits.
    let found: string[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      const search = await client.get(`/api/notes?accountId=${accountId}&q=lines`);
      found = search.body.notes.map((x: { id: string }) => x.id);
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toEqual([noteId]);
    a.disconnect();
    b.disconnect();
  });

  it('a client that edited offline merges its edits when it reconnects', async () => {
    const { client, accountId } = await member();
    const noteId = await newNote(client, accountId, 'Start');
    const a = new CollabTestClient(client, noteId);
    const b = new CollabTestClient(client, noteId);
    await a.connect();
    await b.connect();
    a.disconnect();
    // Offline: the edits stay in a's document (the browser keeps them in IndexedDB).
    a.addParagraph('written offline');
    a.typeAt(0, '>> ');
    b.addParagraph('written online');
    await b.settled();

    await a.connect();
    await a.settled();
    const expected = ['>> Start', 'written online', 'written offline'];
    const sorted = (texts: string[]) => [...texts].sort().join('|') === [...expected].sort().join('|');
    await a.waitFor(sorted);
    await b.waitFor(sorted);
    expect(a.texts()).toEqual(b.texts());
    await savedTexts(client, noteId, sorted);
    a.disconnect();
    b.disconnect();
  });

  it('a server-side change (task tick, version restore) reaches open editors', async () => {
    const { client, accountId } = await member();
    const noteId = await newNote(client, accountId, '- [ ] ship it');
    const a = new CollabTestClient(client, noteId);
    await a.connect();
    const version = await client.post(`/api/notes/${noteId}/versions`);
    const tick = await client.post(`/api/notes/${noteId}/tasks`, { index: 0, text: 'ship it', checked: true });
    expect(tick.status).toBe(200);
    const checked = () =>
      ((a.fragment.get(0) as import('yjs').XmlElement).get(0) as import('yjs').XmlElement).getAttribute(
        'checked',
      ) as unknown;
    const deadline = Date.now() + 5000;
    while (checked() !== true && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(checked()).toBe(true);
    await client.post(`/api/notes/${noteId}/versions/${version.body.id}/restore`);
    while (checked() !== false && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 10));
    expect(checked()).toBe(false);
    a.disconnect();
  });

  it('a new app instance on the same database serves the latest saved state', async () => {
    const { client, accountId } = await member();
    const noteId = await newNote(client, accountId, 'Before');
    const a = new CollabTestClient(client, noteId);
    await a.connect();
    a.addParagraph('last words');
    await a.settled();
    a.disconnect();

    // Another instance with its own memory (a restart, or another api process).
    const logger = pino({ level: 'silent' });
    const config = loadConfig({
      APP_URL: TEST_APP_URL,
      SMTP_URL: server.mail.smtpUrl,
      FLOWMIND_WEB_DIST: '/nonexistent',
    });
    const mailer = createMailer({ smtpUrl: server.mail.smtpUrl, from: config.mailFrom, logger });
    const services = createServices({
      config,
      database: server.database,
      bus: server.bus,
      mailer,
      logger,
      secret: TEST_SECRET,
      queue: null,
    });
    const app = await buildApp({ config, database: server.database, bus: server.bus, logger, services });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const other = new TestClient(`http://127.0.0.1:${address.port}`);
      await other.post('/api/auth/sign-in/email', {
        email: `collab${n}@example.com`,
        password: 'correct horse battery',
      });
      const fresh = new CollabTestClient(other, noteId);
      await fresh.connect();
      expect(fresh.texts()).toEqual(['Before', 'last words']);
      fresh.disconnect();
    } finally {
      await app.close();
      await services.stop();
      mailer.close();
    }
  });

  it('refuses other accounts’ notes and unopened notes; a trashed note is read-only', async () => {
    const owner = await member();
    const other = await member();
    const noteId = await newNote(owner.client, owner.accountId, 'Private');
    const intruder = new CollabTestClient(other.client, noteId);
    await expect(intruder.connect()).rejects.toMatchObject({ code: 'not_found' });
    const socket = intruder.socket as NonNullable<typeof intruder.socket>;
    socket.send({ type: 'note-update', noteId, updateId: 'x1', update: 'AAA=' });
    expect(await socket.next((m) => m.type === 'note-error' && m.updateId === 'x1')).toMatchObject({
      code: 'not_found',
    });
    socket.send({ type: 'note-update', noteId, updateId: 'x2', update: 'not base64!' });
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ code: 'bad_request' });
    intruder.disconnect();

    await owner.client.delete(`/api/notes/${noteId}`);
    const reader = new CollabTestClient(owner.client, noteId);
    const sync = await reader.connect();
    expect(sync.readOnly).toBe(true);
    expect(reader.texts()).toEqual(['Private']);
    reader.addParagraph('sneaky');
    const refused = await (reader.socket as NonNullable<typeof reader.socket>).next((m) => m.type === 'note-error');
    expect(refused).toMatchObject({ code: 'forbidden', updateId: expect.any(String) });
    reader.disconnect();
    await owner.client.post(`/api/notes/${noteId}/restore`);
    expect(await savedTexts(owner.client, noteId, () => true)).toEqual(['Private']);
  });
});

/** A cursor as a browser announces it, and what another socket's copy of the cursors holds. */
function cursorOf(client: CollabTestClient, name: string) {
  const awareness = new Awareness(new Y.Doc());
  awareness.setLocalStateField('user', { name });
  const socket = client.socket as NonNullable<typeof client.socket>;
  socket.send({
    type: 'note-awareness',
    noteId: client.noteId,
    update: Buffer.from(encodeAwarenessUpdate(awareness, [awareness.clientID])).toString('base64'),
  });
  return awareness;
}
async function cursorsSeenBy(client: CollabTestClient, want: (names: string[]) => boolean, timeoutMs = 5000) {
  const seen = new Awareness(new Y.Doc());
  seen.setLocalState(null);
  const socket = client.socket as NonNullable<typeof client.socket>;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = [...seen.getStates().values()].map((state) => (state.user as { name: string }).name).sort();
    if (want(names)) return names;
    const message = await socket.next((m) => m.type === 'note-awareness', Math.max(1, deadline - Date.now()));
    applyAwarenessUpdate(seen, new Uint8Array(Buffer.from(message.update as string, 'base64')), 'server');
  }
}

describe('cursors', () => {
  it('reach the note’s other sockets; a newcomer gets them; a closed socket’s go', async () => {
    const { client, accountId } = await member();
    const noteId = await newNote(client, accountId, 'Cursors');
    const a = new CollabTestClient(client, noteId);
    const b = new CollabTestClient(client, noteId);
    await a.connect();
    await b.connect();
    cursorOf(a, 'Ada');
    expect(await cursorsSeenBy(b, (names) => names.includes('Ada'))).toEqual(['Ada']);
    const c = new CollabTestClient(client, noteId);
    await c.connect();
    expect(await cursorsSeenBy(c, (names) => names.includes('Ada'))).toEqual(['Ada']);
    a.disconnect();
    expect(await cursorsSeenBy(b, (names) => names.length === 0)).toEqual([]);
    b.disconnect();
    c.disconnect();
  });
});

describe('losing access while a note is open', () => {
  it('closes the note on the socket of a member removed from its account, and refuses their edits', async () => {
    const owner = await member();
    const teammate = await member();
    const account = await owner.client.post('/api/accounts', { name: `Team ${n}`, handle: `team-collab-${n}` });
    expect(account.status).toBe(201);
    const accountId = account.body.id as string;
    await owner.client.post(`/api/accounts/${accountId}/invites`, { email: teammate.user.email, role: 'member' });
    const email = await server.mail.waitFor(teammate.user.email as string, /invited you/i);
    const token = server.mail.link(email, `${TEST_APP_URL}/invites/`).split('/invites/')[1] as string;
    expect((await teammate.client.post(`/api/invites/${token}/respond`, { accept: true })).status).toBe(200);

    const noteId = await newNote(owner.client, accountId, 'Team plan');
    const editor = new CollabTestClient(teammate.client, noteId);
    await editor.connect();
    editor.addParagraph('while a member');
    await editor.settled();

    const removed = await owner.client.delete(`/api/accounts/${accountId}/members/${teammate.user.id}`);
    expect(removed.status).toBe(204);
    const socket = editor.socket as NonNullable<typeof editor.socket>;
    expect(await socket.next((m) => m.type === 'note-error' && m.noteId === noteId && !m.updateId)).toMatchObject({
      code: 'not_found',
    });
    editor.addParagraph('after removal');
    expect(await socket.next((m) => m.type === 'note-error' && Boolean(m.updateId))).toMatchObject({
      code: 'not_found',
    });
    editor.disconnect();
    expect(await savedTexts(owner.client, noteId, (texts) => texts.includes('while a member'))).toEqual([
      'Team plan',
      'while a member',
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('note documents across api processes (PostgreSQL)', () => {
  it('editors on two processes converge through the change bus and the updates table', async () => {
    const second = await startTestServer({}, { shareWith: server });
    try {
      const { client, accountId } = await member();
      const noteId = await newNote(client, accountId, 'Cross');
      const viaSecond = second.client();
      await viaSecond.post('/api/auth/sign-in/email', {
        email: `collab${n}@example.com`,
        password: 'correct horse battery',
      });
      const a = new CollabTestClient(client, noteId);
      const b = new CollabTestClient(viaSecond, noteId);
      await a.connect();
      await b.connect();
      a.addParagraph('from the first');
      b.addParagraph('from the second');
      await a.settled();
      await b.settled();
      const both = (texts: string[]) => texts.length === 3;
      await a.waitFor(both, 10_000);
      await b.waitFor(both, 10_000);
      expect(a.texts()).toEqual(b.texts());

      // Cursors cross too, both ways, and go with their socket.
      cursorOf(a, 'On the first');
      expect(await cursorsSeenBy(b, (names) => names.includes('On the first'), 10_000)).toEqual(['On the first']);
      cursorOf(b, 'On the second');
      expect(await cursorsSeenBy(a, (names) => names.includes('On the second'), 10_000)).toEqual(['On the second']);
      a.disconnect();
      b.disconnect();
    } finally {
      await second.close();
    }
  });
});
