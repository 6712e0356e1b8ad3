import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestClient, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let n = 0;
async function member() {
  n += 1;
  const { client, user } = await signUpVerified(server, { name: `N${n}`, email: `notes${n}@example.com` });
  return { client, user, accountId: user.personalAccountId as string };
}

async function create(client: TestClient, accountId: string, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/notes', { accountId, ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('notes API', () => {
  it('creates, reads, renames, pins, tags and lists with sorts and cursor paging', async () => {
    const { client, accountId } = await member();
    const a = await create(client, accountId, { title: 'Banana', markdown: 'first **body**' });
    expect(a).toMatchObject({ title: 'Banana', pinned: false, tags: [], excerpt: 'first body', deletedAt: null });
    expect(a.content.content[0].content[1]).toMatchObject({ text: 'body', marks: [{ type: 'bold' }] });
    const b = await create(client, accountId, { title: 'apple', tags: ['work', ' work ', 'home'] });
    expect(b.tags).toEqual(['work', 'home']);
    const c = await create(client, accountId, { title: 'Cherry' });

    const pinned = await client.patch(`/api/notes/${c.id}`, { pinned: true, tags: ['work'] });
    expect(pinned.body).toMatchObject({ pinned: true, tags: ['work'] });
    const renamed = await client.patch(`/api/notes/${a.id}`, { title: 'Avocado' });
    expect(renamed.body.title).toBe('Avocado');

    const byTitle = await client.get(`/api/notes?accountId=${accountId}&sort=title`);
    expect(byTitle.body.notes.map((x: { title: string }) => x.title)).toEqual(['Cherry', 'apple', 'Avocado']);
    const byUpdated = await client.get(`/api/notes?accountId=${accountId}`);
    expect(byUpdated.body.notes.map((x: { title: string }) => x.title)).toEqual(['Cherry', 'Avocado', 'apple']);

    const page1 = await client.get(`/api/notes?accountId=${accountId}&sort=created&limit=2`);
    expect(page1.body.notes.map((x: { id: string }) => x.id)).toEqual([c.id, b.id]);
    const page2 = await client.get(
      `/api/notes?accountId=${accountId}&sort=created&limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body).toEqual({ notes: [expect.objectContaining({ id: a.id })], nextCursor: null });

    const tagged = await client.get(`/api/notes?accountId=${accountId}&tag=work`);
    expect(tagged.body.notes.map((x: { id: string }) => x.id)).toEqual([c.id, b.id]);
    const tags = await client.get(`/api/notes/tags?accountId=${accountId}`);
    expect(tags.body.tags).toEqual([
      { tag: 'work', count: 2 },
      { tag: 'home', count: 1 },
    ]);

    const copy = await client.post(`/api/notes/${a.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Avocado (copy)', excerpt: 'first body' });
    expect(copy.body.id).not.toBe(a.id);
  });

  it('searches titles and bodies with highlighted matches', async () => {
    const { client, accountId } = await member();
    await create(client, accountId, { title: 'Groceries', markdown: 'Buy oat milk and bread' });
    const trip = await create(client, accountId, {
      title: 'Trip plan',
      markdown: '# Day one\n\nWe were **running** along the harbour, then kayaking.',
    });
    await create(client, accountId, { title: 'Kayak rentals', markdown: 'prices' });

    const body = await client.get(`/api/notes?accountId=${accountId}&q=harbour`);
    expect(body.body.notes).toHaveLength(1);
    expect(body.body.notes[0].id).toBe(trip.id);
    expect(body.body.notes[0].highlight.body).toContainEqual({ text: 'harbour', match: true });
    expect(body.body.notes[0].highlight.body.map((s: { text: string }) => s.text).join('')).toContain(
      'running along the harbour',
    );

    // Stemmed and prefix: "run" finds "running"; "kayak" finds the title first (title weighs more).
    const stem = await client.get(`/api/notes?accountId=${accountId}&q=run`);
    expect(stem.body.notes.map((x: { id: string }) => x.id)).toEqual([trip.id]);
    const both = await client.get(`/api/notes?accountId=${accountId}&q=kayak`);
    expect(both.body.notes.map((x: { title: string }) => x.title)).toEqual(['Kayak rentals', 'Trip plan']);
    expect(both.body.notes[0].highlight.title).toEqual([
      { text: 'Kayak', match: true },
      { text: ' rentals', match: false },
    ]);
    const none = await client.get(`/api/notes?accountId=${accountId}&q=${encodeURIComponent('<b>zebra</b>')}`);
    expect(none.body.notes).toEqual([]);
  });

  it('moves to trash, restores, and deletes for good', async () => {
    const { client, accountId } = await member();
    const note = await create(client, accountId, { title: 'Old', markdown: 'bin me' });
    const early = await client.delete(`/api/notes/${note.id}/permanent`);
    expect(early.status).toBe(409);

    const trashed = await client.delete(`/api/notes/${note.id}`);
    expect(trashed.body.deletedAt).not.toBeNull();
    expect((await client.get(`/api/notes?accountId=${accountId}`)).body.notes).toEqual([]);
    const trash = await client.get(`/api/notes?accountId=${accountId}&trash=true`);
    expect(trash.body.notes.map((x: { id: string }) => x.id)).toEqual([note.id]);
    expect((await client.get(`/api/notes?accountId=${accountId}&q=bin`)).body.notes).toEqual([]);

    const restored = await client.post(`/api/notes/${note.id}/restore`);
    expect(restored.body.deletedAt).toBeNull();
    expect((await client.get(`/api/notes?accountId=${accountId}&trash=false`)).body.notes).toHaveLength(1);

    await client.delete(`/api/notes/${note.id}`);
    expect((await client.delete(`/api/notes/${note.id}/permanent`)).status).toBe(204);
    expect((await client.get(`/api/notes/${note.id}`)).status).toBe(404);
  });

  it('shares by a public link that opens signed out and stops working when revoked or trashed', async () => {
    const { client, accountId } = await member();
    const note = await create(client, accountId, { title: 'Public plan', markdown: 'Hello **world**' });
    const share = await client.request('PUT', `/api/notes/${note.id}/share`);
    expect(share.status).toBe(200);
    expect(share.body.publicId).toMatch(/^nts_/);
    expect(share.body.url).toBe(`http://localhost:3000/share/${share.body.publicId}`);
    const again = await client.request('PUT', `/api/notes/${note.id}/share`);
    expect(again.body.publicId).toBe(share.body.publicId);

    const visitor = server.client();
    const open = await visitor.get(`/api/public/notes/${share.body.publicId}`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ title: 'Public plan', content: { type: 'doc' } });
    expect(open.body.accountId).toBeUndefined();

    await client.delete(`/api/notes/${note.id}`);
    expect((await visitor.get(`/api/public/notes/${share.body.publicId}`)).status).toBe(404);
    await client.post(`/api/notes/${note.id}/restore`);
    expect((await visitor.get(`/api/public/notes/${share.body.publicId}`)).status).toBe(200);

    expect((await client.delete(`/api/notes/${note.id}/share`)).status).toBe(204);
    expect((await visitor.get(`/api/public/notes/${share.body.publicId}`)).status).toBe(404);
    expect((await client.get(`/api/notes/${note.id}`)).body.publicId).toBeNull();
  });

  it('saves versions and restores one after a restore snapshot', async () => {
    const { client, accountId } = await member();
    const note = await create(client, accountId, { title: 'Draft', markdown: '- [ ] first idea' });
    const saved = await client.post(`/api/notes/${note.id}/versions`);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ noteId: note.id, reason: 'manual', title: 'Draft' });

    await client.post(`/api/notes/${note.id}/tasks`, { index: 0, text: 'first idea', checked: true });
    const changed = await client.get(`/api/notes/${note.id}`);
    expect(changed.body.content.content[0].content[0].attrs.checked).toBe(true);

    const version = await client.get(`/api/notes/${note.id}/versions/${saved.body.id}`);
    expect(version.body.content.content[0].content[0].attrs.checked).toBe(false);
    const restored = await client.post(`/api/notes/${note.id}/versions/${saved.body.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.content.content[0].content[0].attrs.checked).toBe(false);

    const list = await client.get(`/api/notes/${note.id}/versions`);
    const reasons = list.body.versions.map((v: { reason: string }) => v.reason);
    expect(reasons).toContain('restore');
    expect(reasons).toContain('manual');
    const snapshot = list.body.versions.find((v: { reason: string }) => v.reason === 'restore');
    const before = await client.get(`/api/notes/${note.id}/versions/${snapshot.id}`);
    expect(before.body.content.content[0].content[0].attrs.checked).toBe(true);
  });

  it('lists tasks across notes and ticks one with a text guard', async () => {
    const { client, accountId } = await member();
    const a = await create(client, accountId, { title: 'Week', markdown: '- [ ] write report\n- [x] call Bo' });
    await create(client, accountId, { title: 'No tasks', markdown: 'just text' });
    const trashed = await create(client, accountId, { title: 'Gone', markdown: '- [ ] hidden' });
    await client.delete(`/api/notes/${trashed.id}`);

    const open = await client.get(`/api/notes/tasks?accountId=${accountId}&checked=false`);
    expect(open.body.tasks).toEqual([
      { noteId: a.id, noteTitle: 'Week', index: 0, text: 'write report', checked: false },
    ]);
    const all = await client.get(`/api/notes/tasks?accountId=${accountId}`);
    expect(all.body.tasks).toHaveLength(2);

    const moved = await client.post(`/api/notes/${a.id}/tasks`, { index: 0, text: 'call Bo', checked: true });
    expect(moved.status).toBe(409);
    const ticked = await client.post(`/api/notes/${a.id}/tasks`, { index: 0, text: 'write report', checked: true });
    expect(ticked.body).toMatchObject({ index: 0, text: 'write report', checked: true });
    expect((await client.get(`/api/notes/tasks?accountId=${accountId}&checked=false`)).body.tasks).toEqual([]);
    const md = await client.get(`/api/notes/${a.id}/export?format=md`);
    expect(md.text).toBe('# Week\n\n- [x] write report\n- [x] call Bo');
  });

  it('exports Markdown and HTML as attachments and imports Markdown', async () => {
    const { client, accountId } = await member();
    const markdown = '## Plan\n\n1. one\n2. two\n\n> note <script>x</script>\n\n```js\nlet a;\n```';
    const note = await create(client, accountId, { title: 'Launch / v2', markdown });
    const md = await client.get(`/api/notes/${note.id}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Launch%20%20v2.md");
    expect(md.headers.get('content-type')).toContain('text/markdown');
    expect(md.text).toBe(`# Launch / v2\n\n${markdown}`);
    const html = await client.get(`/api/notes/${note.id}/export?format=html`);
    expect(html.headers.get('content-disposition')).toContain('Launch%20%20v2.html');
    expect(html.text).toContain('<h2>Plan</h2><ol><li><p>one</p></li>');
    expect(html.text).toContain('&#60;script&#62;');
    expect(html.text).not.toContain('<script>');

    const appended = await client.post(`/api/notes/${note.id}/import`, { markdown: '- [ ] added' });
    expect(appended.status).toBe(200);
    expect(appended.body.content.content.at(-1)).toMatchObject({ type: 'taskList' });
    expect(appended.body.content.content).toHaveLength(5);
    const replaced = await client.post(`/api/notes/${note.id}/import`, { markdown: 'only this', mode: 'replace' });
    expect(replaced.body.content).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'only this' }] }],
    });
    const versions = await client.get(`/api/notes/${note.id}/versions`);
    expect(versions.body.versions.map((v: { reason: string }) => v.reason)).toContain('restore');
  });

  it('keeps other accounts’ notes, versions, shares and tasks out of reach (404)', async () => {
    const owner = await member();
    const other = await member();
    const note = await create(owner.client, owner.accountId, { title: 'Secret', markdown: '- [ ] secret task' });
    const version = await owner.client.post(`/api/notes/${note.id}/versions`);
    const c = other.client;
    const id = note.id;
    const attempts = [
      c.get(`/api/notes/${id}`),
      c.patch(`/api/notes/${id}`, { title: 'x' }),
      c.post(`/api/notes/${id}/duplicate`),
      c.delete(`/api/notes/${id}`),
      c.post(`/api/notes/${id}/restore`),
      c.delete(`/api/notes/${id}/permanent`),
      c.get(`/api/notes/${id}/versions`),
      c.post(`/api/notes/${id}/versions`),
      c.get(`/api/notes/${id}/versions/${version.body.id}`),
      c.post(`/api/notes/${id}/versions/${version.body.id}/restore`),
      c.request('PUT', `/api/notes/${id}/share`),
      c.delete(`/api/notes/${id}/share`),
      c.get(`/api/notes/${id}/export?format=md`),
      c.post(`/api/notes/${id}/tasks`, { index: 0, text: 'secret task', checked: true }),
      c.post(`/api/notes/${id}/import`, { markdown: 'x' }),
      c.get(`/api/notes?accountId=${owner.accountId}`),
      c.get(`/api/notes/tags?accountId=${owner.accountId}`),
      c.get(`/api/notes/tasks?accountId=${owner.accountId}`),
      c.post('/api/notes', { accountId: owner.accountId, title: 'intruder' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const mine = await owner.client.get(`/api/notes/${id}`);
    expect(mine.body).toMatchObject({ title: 'Secret', deletedAt: null });
    expect(mine.body.content.content[0].content[0].attrs.checked).toBe(false);
    expect((await server.client().get(`/api/notes/${id}`)).status).toBe(401);
  });

  it('answers bad input with a 400 naming the field, never a 500', async () => {
    const { client, accountId } = await member();
    const note = await create(client, accountId, { title: 'Input' });
    const cases: [Promise<{ status: number; body: { error?: { field?: string } } }>, string][] = [
      [client.get('/api/notes'), 'accountId'],
      [client.get(`/api/notes?accountId=${accountId}&sort=sideways`), 'sort'],
      [client.get(`/api/notes?accountId=${accountId}&limit=0`), 'limit'],
      [client.get(`/api/notes/tasks?accountId=${accountId}&checked=maybe`), 'checked'],
      [client.post('/api/notes', { accountId, tags: [''] }), 'tags.0'],
      [client.patch(`/api/notes/${note.id}`, { pinned: 'yes' }), 'pinned'],
      [client.post(`/api/notes/${note.id}/tasks`, { index: -1, text: 'x', checked: true }), 'index'],
      [client.post(`/api/notes/${note.id}/import`, { mode: 'append' }), 'markdown'],
      [client.get(`/api/notes/${note.id}/export?format=pdf`), 'format'],
      [client.get(`/api/notes/${'x'.repeat(65)}`), 'noteId'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body.error?.field).toBe(field);
    }
  });

  it('documents every notes route in the OpenAPI spec', async () => {
    const spec = await server.client().get('/api/openapi.json');
    const paths = Object.keys(spec.body.paths).filter((p) => p.includes('/notes'));
    expect(paths.sort()).toEqual(
      [
        '/api/notes',
        '/api/notes/tags',
        '/api/notes/tasks',
        '/api/notes/{noteId}',
        '/api/notes/{noteId}/duplicate',
        '/api/notes/{noteId}/restore',
        '/api/notes/{noteId}/permanent',
        '/api/notes/{noteId}/versions',
        '/api/notes/{noteId}/versions/{versionId}',
        '/api/notes/{noteId}/versions/{versionId}/restore',
        '/api/notes/{noteId}/share',
        '/api/notes/{noteId}/export',
        '/api/notes/{noteId}/tasks',
        '/api/notes/{noteId}/import',
        '/api/public/notes/{publicId}',
      ].sort(),
    );
  });
});
