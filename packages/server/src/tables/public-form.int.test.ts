import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { FORM_SUBMITS_PER_MINUTE } from './public-form.routes';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Fay', email: 'fay@example.com' });
});
afterAll(() => server.close());

/** A table with a name, a select, a number, a hidden note and a formula, and a form view over it. */
async function tableWithForm(name: string, who = owner) {
  const { body: table } = await who.client.post('/api/tables', {
    accountId: who.user.personalAccountId,
    name,
  });
  const [primary] = (await who.client.get(`/api/tables/${table.id}/fields`)).body;
  const field = async (fieldName: string, options: object) =>
    (await who.client.post(`/api/tables/${table.id}/fields`, { name: fieldName, options })).body;
  const size = await field('Size', {
    type: 'single_select',
    choices: [
      { id: 'opt_s', name: 'Small', color: 'blue' },
      { id: 'opt_l', name: 'Large', color: 'green' },
    ],
  });
  const count = await field('Count', { type: 'number' });
  const secret = await field('Internal note', { type: 'text' });
  const formula = await field('Double', { type: 'formula', expression: '{Count} * 2' });
  await who.client.post(`/api/tables/${table.id}/records`, {
    records: [{ values: { [primary.id]: 'Existing secret record', [secret.id]: 'do not leak' } }],
  });
  const { body: view } = await who.client.post(`/api/tables/${table.id}/views`, {
    name: 'Order form',
    type: 'form',
    config: {
      formTitle: 'Order a shirt',
      formDescription: 'We ship in a week.',
      hiddenFieldIds: [secret.id],
      formRequiredFieldIds: [primary.id],
    },
  });
  const shared = await who.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
    config: { formPublic: true },
  });
  expect(shared.status, shared.text).toBe(200);
  const publicId = shared.body.publicId as string;
  expect(publicId).toMatch(/^frm_/);
  return { table, view, publicId, primary, size, count, secret, formula };
}

describe('public forms', () => {
  it('shows a signed-out visitor the form and nothing else of the table', async () => {
    const { publicId, primary, size, count, secret, formula } = await tableWithForm('Orders');
    const visitor = server.client();
    const form = await visitor.get(`/api/forms/${publicId}`);
    expect(form.status, form.text).toBe(200);
    expect(form.body).toEqual({
      title: 'Order a shirt',
      description: 'We ship in a week.',
      fields: [
        { id: primary.id, name: 'Name', type: 'text', options: { type: 'text' }, required: true },
        { id: size.id, name: 'Size', type: 'single_select', options: size.options, required: false },
        { id: count.id, name: 'Count', type: 'number', options: count.options, required: false },
      ],
    });
    // Neither the hidden field, the formula, the records nor the account appear anywhere in the answer.
    for (const leak of [secret.id, formula.id, 'Existing secret record', 'do not leak', owner.user.personalAccountId])
      expect(form.text).not.toContain(leak);
  });

  it('creates a record from a signed-out submission, without an author, and history names the form', async () => {
    const { table, publicId, primary, size, count } = await tableWithForm('Signups');
    const visitor = server.client();
    const submitted = await visitor.post(`/api/forms/${publicId}/submit`, {
      values: { [primary.id]: 'Ada', [size.id]: 'Large', [count.id]: 3 },
    });
    expect(submitted.status, submitted.text).toBe(201);
    expect(submitted.body).toEqual({ ok: true });

    const { body: page } = await owner.client.get(`/api/tables/${table.id}/records?limit=10`);
    const created = page.records.find(
      (record: { values: Record<string, unknown> }) => record.values[primary.id] === 'Ada',
    );
    expect(created).toBeDefined();
    expect(created.values[size.id]).toBe('opt_l');
    expect(created.values[count.id]).toBe(3);
    expect(created.createdBy).toBeNull();
    expect(created.autonumber).toBe(2);
    const history = await owner.client.get(`/api/tables/${table.id}/records/${created.id}/history`);
    const changes = Array.isArray(history.body) ? history.body : history.body.changes;
    expect(changes).toMatchObject([{ kind: 'created', userId: null, userName: 'Public form' }]);
  });

  it('accepts a cookie-less submission from another site (the form may be embedded)', async () => {
    const { publicId, primary } = await tableWithForm('Embedded');
    const answer = await fetch(`${server.baseUrl}/api/forms/${publicId}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ values: { [primary.id]: 'From afar' } }),
    });
    expect(answer.status).toBe(201);
  });

  it('refuses hidden, computed, unknown and bad values with a 400 naming the field, writing nothing', async () => {
    const { table, publicId, primary, count, secret, formula } = await tableWithForm('Strict');
    const visitor = server.client();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ [primary.id]: 'x', [secret.id]: 'sneaky' }, `values.${secret.id}`, /not on this form/],
      [{ [primary.id]: 'x', [formula.id]: 4 }, `values.${formula.id}`, /not on this form/],
      [{ [primary.id]: 'x', fld_nope: 1 }, 'values.fld_nope', /not on this form/],
      [{ [primary.id]: 'x', [count.id]: 'many' }, `values.${count.id}`, /Count/],
      [{ [count.id]: 2 }, `values.${primary.id}`, /Name is required/],
      [{}, `values.${primary.id}`, /required/],
    ];
    for (const [values, field, message] of cases) {
      const answer = await visitor.post(`/api/forms/${publicId}/submit`, { values });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error.field).toBe(field);
      expect(answer.body.error.message).toMatch(message);
    }
    const { body: page } = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.records).toHaveLength(1);
  });

  it('is 404 for unknown ids, unshared forms, other view types and tables in the trash', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/forms/frm_unknown')).status).toBe(404);
    expect((await visitor.post('/api/forms/frm_unknown/submit', { values: {} })).status).toBe(404);

    const { table, view, publicId, primary } = await tableWithForm('Closing');
    await owner.client.patch(`/api/tables/${table.id}/views/${view.id}`, { config: { formPublic: false } });
    const closed = await visitor.get(`/api/forms/${publicId}`);
    expect(closed.status).toBe(404);
    expect(closed.body.error.message).toBe('This form is not available');
    expect((await visitor.post(`/api/forms/${publicId}/submit`, { values: { [primary.id]: 'late' } })).status).toBe(
      404,
    );
    // Sharing again brings the same link back.
    const reopened = await owner.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
      config: { formPublic: true },
    });
    expect(reopened.body.publicId).toBe(publicId);
    expect((await visitor.get(`/api/forms/${publicId}`)).status).toBe(200);

    // A grid view flagged public is still not a form.
    const [grid] = (await owner.client.get(`/api/tables/${table.id}/views`)).body;
    const flagged = await owner.client.patch(`/api/tables/${table.id}/views/${grid.id}`, {
      config: { formPublic: true },
    });
    expect(flagged.body.publicId).toBeNull();

    await owner.client.delete(`/api/tables/${table.id}`);
    expect((await visitor.get(`/api/forms/${publicId}`)).status).toBe(404);
  });

  it('gives a form created already shared a link of its own at once; other accounts cannot share it', async () => {
    const { table, view, publicId, primary } = await tableWithForm('Copies');
    // A duplicate of a shared form arrives with formPublic set: it must not be "shared" without a link.
    const copy = await owner.client.post(`/api/tables/${table.id}/views`, {
      name: 'Order form copy',
      type: 'form',
      config: { ...view.config, formPublic: true },
    });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.publicId).toMatch(/^frm_/);
    expect(copy.body.publicId).not.toBe(publicId);
    const visitor = server.client();
    const opened = await visitor.get(`/api/forms/${copy.body.publicId}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.fields[0]).toMatchObject({ id: primary.id, required: true });

    // Other view types never get a link, shared flag or not.
    const grid = await owner.client.post(`/api/tables/${table.id}/views`, {
      name: 'Flagged grid',
      type: 'grid',
      config: { formPublic: true },
    });
    expect(grid.body.publicId).toBeNull();

    const stranger = await signUpVerified(server, { name: 'Stan', email: 'stan@example.com' });
    const unshared = await owner.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
      config: { formPublic: false },
    });
    expect(unshared.status).toBe(200);
    const foreign = await stranger.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
      config: { formPublic: true },
    });
    expect(foreign.status).toBe(404);
    expect((await visitor.get(`/api/forms/${publicId}`)).status).toBe(404);
  });

  it('limits submissions per IP', async () => {
    // A server of its own: the other tests' submissions came from the same IP and count too.
    const fresh = await startTestServer();
    const flo = await signUpVerified(fresh, { name: 'Flo', email: 'flo@example.com' });
    const { publicId, primary } = await tableWithForm('Flood', flo);
    const visitor = fresh.client();
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_SUBMITS_PER_MINUTE; i += 1) {
      statuses.push(
        (await visitor.post(`/api/forms/${publicId}/submit`, { values: { [primary.id]: `n${i}` } })).status,
      );
    }
    expect(statuses.slice(0, FORM_SUBMITS_PER_MINUTE).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await fresh.close();
  });

  it('documents its routes as open to signed-out callers', async () => {
    const { body } = await server.client().get('/api/openapi.json');
    expect(body.paths['/api/forms/{publicId}'].get.security).toEqual([]);
    expect(body.paths['/api/forms/{publicId}/submit'].post.security).toEqual([]);
  });
});
