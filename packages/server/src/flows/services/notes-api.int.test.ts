import { docToMarkdown } from '@flowmind/shared/note-markdown';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../db/schema-notes';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { createNotesApi } from './notes-api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('notes for flows', () => {
  it('creates and appends within one account, and never reaches another’s note', async () => {
    const ann = await signUpVerified(server, { name: 'Ann', email: 'ann@example.com' });
    const bo = await signUpVerified(server, { name: 'Bo', email: 'bo@example.com' });
    const mine = createNotesApi({
      db: server.db,
      docs: server.services.noteDocs,
      accountId: ann.user.personalAccountId,
      actorUserId: ann.user.id,
    });
    const theirs = createNotesApi({
      db: server.db,
      docs: server.services.noteDocs,
      accountId: bo.user.personalAccountId,
      actorUserId: bo.user.id,
    });
    const note = await mine.create({ title: '  Standup  ', markdown: '# Monday' });
    expect(note.title).toBe('Standup');
    await mine.append({ noteId: note.id, markdown: '- shipped flows' });
    const [row] = await server.db.select().from(notes).where(eq(notes.id, note.id));
    // Appended as blocks through the note's Yjs document; the derived content follows.
    expect(docToMarkdown(await server.services.noteDocs.read(note.id))).toBe('# Monday\n\n- shipped flows');
    expect(row?.content).toMatchObject({ content: [{ type: 'heading' }, { type: 'bulletList' }] });
    expect(row?.text).toBe('Monday\nshipped flows');
    expect(row?.accountId).toBe(ann.user.personalAccountId);
    await expect(theirs.append({ noteId: note.id, markdown: 'x' })).rejects.toThrow(/was not found in this account/);
    expect((await mine.create({ title: '', markdown: 'x' })).title).toBe('Untitled');
  });

  it('makes one note per idempotency key: an attempt run again finds the note the first one made', async () => {
    const cy = await signUpVerified(server, { name: 'Cy', email: 'cy@example.com' });
    const api = createNotesApi({
      db: server.db,
      docs: server.services.noteDocs,
      accountId: cy.user.personalAccountId,
      actorUserId: cy.user.id,
    });
    const key = 'exe_test:note:0:0';
    const first = await api.create({ title: 'Daily log', markdown: 'one', idempotencyKey: key });
    const again = await api.create({ title: 'Daily log', markdown: 'one', idempotencyKey: key });
    expect(again).toEqual(first);
    const other = await api.create({ title: 'Daily log', markdown: 'one', idempotencyKey: 'exe_test:note:0:1' });
    expect(other.id).not.toBe(first.id);
    const rows = await server.db.select().from(notes).where(eq(notes.accountId, cy.user.personalAccountId));
    expect(rows.filter((row) => row.title === 'Daily log')).toHaveLength(2);
  });
});
