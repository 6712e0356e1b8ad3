import { afterAll, beforeAll, expect } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

/*
 * What the tables test files share. `useTablesServer()` starts the file's own test server with
 * two members in beforeAll; `owner` and `stranger` are live bindings, set once that has run.
 */
let server: TestServer;
export let owner: Member;
export let stranger: Member;

/** Starts the test file's server (its own database) with the owner Tara and the stranger Sam. */
export function useTablesServer() {
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
    stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  });
  afterAll(() => server.close());
}

/** A new table in the owner's personal account, and its primary field. */
export async function newTable(name = 'Products') {
  const res = await owner.client.post('/api/tables', { accountId: owner.user.personalAccountId, name });
  expect(res.status).toBe(201);
  const fields = await owner.client.get(`/api/tables/${res.body.id}/fields`);
  return { table: res.body, primary: fields.body[0] };
}

export async function addField(tableId: string, name: string, options: Record<string, unknown>) {
  const res = await owner.client.post(`/api/tables/${tableId}/fields`, { name, options });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; options: { choices?: { id: string; name: string }[] } };
}

/** A query string; non-string values (filters, sorts) go as JSON. */
export const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString()}`;
