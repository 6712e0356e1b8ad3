import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Rhea', email: 'rhea@example.com' });
});
afterAll(() => server.close());

async function table(name: string) {
  const { body } = await owner.client.post('/api/tables', { accountId: owner.user.personalAccountId, name });
  const [primary] = (await owner.client.get(`/api/tables/${body.id}/fields`)).body;
  return { id: body.id as string, primary: primary as { id: string } };
}

describe('restoring deleted records', () => {
  it('brings them back with their ids, autonumbers, values, history and links on both sides', async () => {
    const projects = await table('Projects');
    const people = await table('People');
    const link = (
      await owner.client.post(`/api/tables/${projects.id}/fields`, {
        name: 'Team',
        options: { type: 'link', linkedTableId: people.id, inverseFieldId: null },
      })
    ).body;
    const ann = (
      await owner.client.post(`/api/tables/${people.id}/records`, {
        records: [{ values: { [people.primary.id]: 'Ann' } }],
      })
    ).body.records[0];
    const created = (
      await owner.client.post(`/api/tables/${projects.id}/records`, {
        records: [
          { values: { [projects.primary.id]: 'Alpha', [link.id]: [ann.id] } },
          { values: { [projects.primary.id]: 'Beta' } },
        ],
      })
    ).body.records;
    const [alpha, beta] = created;
    const inverseId = link.options.inverseFieldId as string;
    const annBefore = (await owner.client.get(`/api/tables/${people.id}/records/${ann.id}`)).body;
    expect(annBefore.values[inverseId]).toEqual([alpha.id]);

    const removed = await owner.client.post(`/api/tables/${projects.id}/records/delete`, { ids: [alpha.id, beta.id] });
    expect(removed.body).toEqual({ deleted: 2 });
    const annAfterDelete = (await owner.client.get(`/api/tables/${people.id}/records/${ann.id}`)).body;
    expect(annAfterDelete.values[inverseId]).toBeUndefined();

    const restored = await owner.client.post(`/api/tables/${projects.id}/records/restore`, {
      ids: [alpha.id, beta.id],
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.records.map((r: { id: string; autonumber: number }) => [r.id, r.autonumber])).toEqual([
      [alpha.id, alpha.autonumber],
      [beta.id, beta.autonumber],
    ]);
    expect(restored.body.records[0].values).toMatchObject({ [projects.primary.id]: 'Alpha', [link.id]: [ann.id] });
    expect(restored.body.records[0].createdAt).toBe(alpha.createdAt);
    const annRestored = (await owner.client.get(`/api/tables/${people.id}/records/${ann.id}`)).body;
    expect(annRestored.values[inverseId]).toEqual([alpha.id]);

    const history = (await owner.client.get(`/api/tables/${projects.id}/records/${alpha.id}/history`)).body;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(
      expect.arrayContaining(['created', 'deleted', 'restored']),
    );

    const again = await owner.client.post(`/api/tables/${projects.id}/records/restore`, { ids: [alpha.id] });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      message: 'A record to restore is not deleted; only deleted records can be restored',
      recordId: alpha.id,
    });
    const never = await owner.client.post(`/api/tables/${projects.id}/records/restore`, { ids: ['rec_never'] });
    expect(never.status).toBe(404);
    expect(never.body.error).toMatchObject({
      message: 'A record to restore was never deleted from this table',
      recordId: 'rec_never',
    });
  });

  it('is a 404 for another account', async () => {
    const mine = await table('Mine');
    const record = (
      await owner.client.post(`/api/tables/${mine.id}/records`, { records: [{ values: { [mine.primary.id]: 'x' } }] })
    ).body.records[0];
    await owner.client.post(`/api/tables/${mine.id}/records/delete`, { ids: [record.id] });
    const other = await signUpVerified(server, { name: 'Ivo', email: 'ivo@example.com' });
    const res = await other.client.post(`/api/tables/${mine.id}/records/restore`, { ids: [record.id] });
    expect(res.status).toBe(404);
  });
});
