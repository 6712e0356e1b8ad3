import { NOTE_FRAGMENT } from '@flowmind/shared/note-doc';
import { docToMarkdown } from '@flowmind/shared/note-markdown';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { newId } from '../db/ids';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { createNoteDocs } from './note-docs';

let server: TestServer;
let accountId: string;
beforeAll(async () => {
  server = await startTestServer();
  const { user } = await signUpVerified(server, { name: 'Dee', email: 'dee@example.com' });
  accountId = user.personalAccountId;
});
afterAll(() => server.close());

const rows = async (query: ReturnType<typeof sql>) =>
  (await server.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

/** An editor's change: a paragraph appended in a client-side doc, as an update. */
function paragraphUpdate(client: Y.Doc, text: string): Uint8Array {
  const before = Y.encodeStateVector(client);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  client.getXmlFragment(NOTE_FRAGMENT).push([paragraph]);
  return Y.encodeStateAsUpdate(client, before);
}

describe('note documents', () => {
  it('saves updates as rows, compacts them into the state, and a fresh store reads the same document', async () => {
    const docs = server.services.noteDocs;
    const noteId = await docs.create({ accountId, userId: null, title: 'Log', content: { type: 'doc', content: [] } });
    const entry = await docs.acquire(noteId);
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(entry.doc));
    for (let i = 0; i < 5; i++) {
      expect(await docs.applyUpdate(entry, paragraphUpdate(client, `line ${i}`), { origin: null, userId: null })).toBe(
        true,
      );
    }
    expect((await rows(sql`select count(*)::int as n from note_updates where note_id = ${noteId}`)).rows[0]?.n).toBe(5);
    await docs.compact(noteId);
    expect((await rows(sql`select count(*)::int as n from note_updates where note_id = ${noteId}`)).rows[0]?.n).toBe(0);
    expect(
      Number((await rows(sql`select ydoc_through from notes where id = ${noteId}`)).rows[0]?.ydoc_through),
    ).toBeGreaterThan(0);
    await docs.release(entry);

    const fresh = createNoteDocs({ db: server.db, bus: server.bus, logger: pino({ level: 'silent' }) });
    expect(docToMarkdown(await fresh.read(noteId))).toBe('line 0\n\nline 1\n\nline 2\n\nline 3\n\nline 4');
    await fresh.close();
  });

  it('derives content and search text, and takes one auto version per ten minutes of editing', async () => {
    const docs = createNoteDocs({
      db: server.db,
      bus: server.bus,
      logger: pino({ level: 'silent' }),
      deriveDelayMs: 10,
    });
    const noteId = await docs.create({ accountId, userId: null, title: 'Auto', content: { type: 'doc', content: [] } });
    const entry = await docs.acquire(noteId);
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(entry.doc));
    await docs.applyUpdate(entry, paragraphUpdate(client, 'first draft'), { origin: null, userId: null });
    await new Promise((r) => setTimeout(r, 100));
    await docs.applyUpdate(entry, paragraphUpdate(client, 'second thought'), { origin: null, userId: null });
    await docs.release(entry);
    const note = (await rows(sql`select text from notes where id = ${noteId}`)).rows[0];
    expect(note?.text).toBe('first draft\nsecond thought');
    const versions = await rows(sql`select reason, content from note_versions where note_id = ${noteId}`);
    expect(versions.rows.map((v) => v.reason)).toEqual(['auto']);
    await docs.close();
  });

  it('starts a note written before the editor from its Markdown', async () => {
    const noteId = newId('nte');
    await server.db.execute(
      sql`insert into notes (id, account_id, title, markdown) values (${noteId}, ${accountId}, 'Old', ${'# Old\n\n- [ ] task'})`,
    );
    const doc = await server.services.noteDocs.read(noteId);
    expect(docToMarkdown(doc)).toBe('# Old\n\n- [ ] task');
    expect((await rows(sql`select ydoc is not null as seeded from notes where id = ${noteId}`)).rows[0]?.seeded).toBe(
      true,
    );
  });
});
