import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, readEmail, signedInUser, uniqueEmail } from './support';

const headers = { origin: APP_ORIGIN };
const row = (page: Page, name: string) =>
  page.getByTestId('flow-row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function createFromDialog(page: Page, { name, start }: { name?: string; start?: string }) {
  await page.getByRole('button', { name: 'New flow' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New flow' });
  if (start) await dialog.getByText(start, { exact: true }).click();
  if (name) await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(/\/flows\/[^/?]+$/);
  return new URL(page.url()).pathname.split('/').pop() as string;
}

test('create, rename, duplicate, search, trash with Undo, restore from the Trash and delete forever', async ({
  page,
}) => {
  await signedInUser(page, 'Flora');
  await page.goto('/flows');
  await expect(page.getByRole('heading', { name: 'Create your first flow' })).toBeVisible();

  const flowId = await createFromDialog(page, { name: 'Lead router' });
  const created = await (await page.request.get(`/api/flows/${flowId}`)).json();
  expect(created).toMatchObject({ name: 'Lead router', triggerType: 'manual', publishedVersion: null });

  await page.goto('/flows');
  const lead = row(page, 'Lead router');
  await expect(lead).toContainText('Manual trigger');
  await expect(lead).toContainText('Never run');
  await expect(lead).toContainText('Draft');

  // A flow never published has nothing to turn on, and says so.
  await lead.getByRole('switch', { name: 'Active: Lead router' }).click();
  await expect(page.getByText(/Publish the flow first: open "Lead router"/)).toBeVisible();
  await expect(lead.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

  await rowAction(page, 'Lead router', 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename flow' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Lead intake');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Lead intake')).toBeVisible();
  await expect(row(page, 'Lead router')).toHaveCount(0);

  await rowAction(page, 'Lead intake', 'Duplicate');
  await expect(row(page, 'Lead intake (copy)')).toBeVisible();

  await page.getByLabel('Search flows').fill('copy');
  await expect(page.getByTestId('flow-row')).toHaveCount(1);
  await page.getByLabel('Search flows').fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No flows match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('flow-row')).toHaveCount(2);

  // Trash, then Undo from the toast.
  await rowAction(page, 'Lead intake (copy)', 'Move to trash');
  await expect(row(page, 'Lead intake (copy)')).toHaveCount(0);
  await page.getByRole('status').filter({ hasText: 'moved to trash' }).getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Lead intake (copy)')).toBeVisible();

  // Trash, then restore from the Trash tab.
  await rowAction(page, 'Lead intake (copy)', 'Move to trash');
  await expect(row(page, 'Lead intake (copy)')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/tab=trash/);
  const trashed = page.getByTestId('flow-row').filter({ hasText: 'Lead intake (copy)' });
  await expect(trashed).toContainText('deleted');
  await trashed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
  // The tabs follow the keyboard: Home goes back to Flows.
  await page.getByRole('tab', { name: 'Trash' }).press('Home');
  await expect(page.getByRole('tab', { name: 'Flows' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Flows' })).toBeFocused();
  await expect(row(page, 'Lead intake (copy)')).toBeVisible();

  // Delete forever asks first.
  await rowAction(page, 'Lead intake (copy)', 'Move to trash');
  await page.getByRole('tab', { name: 'Trash' }).click();
  await page.getByRole('button', { name: 'Delete Lead intake (copy) forever' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
  const left = await (await page.request.get(`/api/flows?accountId=${created.accountId}&trash=true`)).json();
  expect(left).toEqual([]);

  // A row opens its flow.
  await page.getByRole('tab', { name: 'Flows' }).click();
  await row(page, 'Lead intake').click({ position: { x: 600, y: 20 } });
  await expect(page).toHaveURL(`/flows/${flowId}`);
});

test('create from a template, turn a published flow on and off, export and import JSON', async ({ page }) => {
  await signedInUser(page, 'Tempest');
  await page.goto('/flows');

  // The gallery filters by category.
  await page.getByRole('button', { name: 'New flow' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New flow' });
  await dialog.getByRole('button', { name: 'Email', exact: true }).click();
  await expect(dialog.getByText('Email inbox with AI summaries')).toBeVisible();
  await expect(dialog.getByText('Webhook intake with validation')).toBeHidden();
  await dialog.getByRole('button', { name: 'All', exact: true }).click();
  await dialog.getByText('Webhook intake with validation', { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute(
    'placeholder',
    'Webhook intake with validation',
  );
  await dialog.getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(/\/flows\/[^/?]+$/);
  const flowId = new URL(page.url()).pathname.split('/').pop() as string;
  const flow = await (await page.request.get(`/api/flows/${flowId}`)).json();
  expect(flow.name).toBe('Webhook intake with validation');
  expect(flow.triggerType).toBe('webhook');
  expect(flow.graph.nodes.map((n: { type: string }) => n.type)).toEqual([
    'trigger.webhook',
    'if',
    'table.records',
    'webhook.respond',
    'webhook.respond',
  ]);

  // Pick a table for the template's empty table picker (publishing checks the graph), then publish: that turns it
  // on, and the switch turns it off and on again.
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: flow.accountId, name: 'Leads' }, headers })
  ).json();
  for (const [name, type] of [
    ['Email', 'email'],
    ['Message', 'long_text'],
  ])
    await page.request.post(`/api/tables/${table.id}/fields`, { data: { name, options: { type } }, headers });
  const graph = {
    ...flow.graph,
    nodes: flow.graph.nodes.map((n: { id: string; params: object }) =>
      n.id === 'save' ? { ...n, params: { ...n.params, tableId: table.id } } : n,
    ),
  };
  const saved = await page.request.patch(`/api/flows/${flowId}`, { data: { graph }, headers });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const publish = await page.request.post(`/api/flows/${flowId}/publish`, { data: {}, headers });
  expect(publish.ok(), await publish.text()).toBeTruthy();
  await page.goto('/flows');
  const intake = row(page, 'Webhook intake with validation');
  await expect(intake).toContainText('Webhook');
  await expect(intake).toContainText('v1');
  const active = intake.getByRole('switch', { name: 'Active: Webhook intake with validation' });
  await expect(active).toHaveAttribute('aria-checked', 'true');
  await active.click();
  await expect(active).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await (await page.request.get(`/api/flows/${flowId}`)).json()).active).toBe(false);
  await active.click();
  await expect(active).toHaveAttribute('aria-checked', 'true');

  // The template works as described: a bad email gets a 400 with an error, a good one is saved and gets a 201.
  await expect.poll(async () => (await (await page.request.get(`/api/flows/${flowId}`)).json()).active).toBe(true);
  const hook = `/api/hooks/${flow.webhookId}`;
  const refused = await page.request.post(hook, { data: { email: 'not an address', name: 'Bob' } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ ok: false, error: 'A valid email address is required' });
  const accepted = await page.request.post(hook, {
    data: { email: 'ada@example.com', name: 'Ada', message: 'Hello' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  expect(await accepted.json()).toMatchObject({ ok: true, id: expect.any(String) });
  const records = await (await page.request.get(`/api/tables/${table.id}/records?offset=0&limit=10`)).json();
  expect(records.records).toHaveLength(1);

  // Export, then import the file as a new flow.
  const downloading = page.waitForEvent('download');
  await rowAction(page, 'Webhook intake with validation', 'Export JSON');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Webhook intake with validation.flow.json');
  const exported = await readFile((await download.path()) as string);

  await page.getByRole('button', { name: 'New flow' }).first().click();
  const importing = page.getByRole('dialog', { name: 'New flow' });
  await importing
    .getByLabel('Import JSON file')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"nodes": []}') });
  await expect(importing.getByRole('alert')).toHaveText('This JSON file is not a Flowmind flow export.');
  await importing
    .getByLabel('Import JSON file')
    .setInputFiles({ name: 'intake.flow.json', mimeType: 'application/json', buffer: exported });
  await expect(importing.getByRole('alert')).toHaveCount(0);
  await expect(importing).toContainText('intake.flow.json · 5 steps');
  await importing.getByRole('textbox', { name: 'Name' }).fill('Imported intake');
  await importing.getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(/\/flows\/[^/?]+$/);
  const importedId = new URL(page.url()).pathname.split('/').pop() as string;
  expect(importedId).not.toBe(flowId);
  const imported = await (await page.request.get(`/api/flows/${importedId}`)).json();
  expect(imported.name).toBe('Imported intake');
  expect(imported.graph).toEqual(graph);
  expect(imported.publishedVersion).toBeNull();
});

test('the Executions tab: live rows, filters, cancel, re-run and open in the editor', async ({ page }) => {
  const user = await signedInUser(page, 'Exa');
  const node = (id: string, type: string, name: string, x: number, params: object = {}) => ({
    id,
    type,
    name,
    position: { x, y: 0 },
    params,
  });
  async function flowThatRuns(name: string, steps: ReturnType<typeof node>[]) {
    const nodes = [node('start', 'trigger.manual', 'Start', 0), ...steps];
    const edges = steps.map((step, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: step.id }));
    const created = await page.request.post('/api/flows', {
      data: { accountId: user.personalAccountId, name, graph: { nodes, edges } },
      headers,
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const flow = await created.json();
    const run = await page.request.post(`/api/flows/${flow.id}/run`, { data: {}, headers });
    expect(run.ok(), await run.text()).toBeTruthy();
    return { flow, execution: await run.json() };
  }
  const quick = await flowThatRuns('Quick', []);
  const broken = await flowThatRuns('Broken fetch', [
    node('fetch', 'http.request', 'Fetch', 300, { url: 'http://127.0.0.1:9/nothing' }),
  ]);
  await flowThatRuns('Slow job', [node('wait', 'wait', 'Wait an hour', 300, { amount: 1, unit: 'hours' })]);

  await page.goto('/flows');
  await expect(row(page, 'Broken fetch')).toContainText('Failed');
  await expect(row(page, 'Broken fetch')).toContainText('1 run · 1 failed');
  await expect(row(page, 'Quick')).toContainText('Succeeded');

  await page.getByRole('tab', { name: 'Flows' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Executions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=executions/);
  const executions = page.getByTestId('execution-row');
  await expect(executions).toHaveCount(3);
  const failed = executions.filter({ hasText: 'Broken fetch' });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('Fetch:');
  const slow = executions.filter({ hasText: 'Slow job' });
  await expect(slow).toContainText('Waiting');

  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(executions).toHaveCount(1);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByLabel('Flow', { exact: true }).selectOption({ label: 'Quick' });
  await expect(executions).toHaveCount(1);
  await page.getByLabel('Flow', { exact: true }).selectOption({ label: 'All flows' });
  await expect(executions).toHaveCount(3);

  await slow.getByRole('button', { name: 'Cancel execution of Slow job' }).click();
  await expect(slow).toContainText('Cancelled');
  await expect(slow.getByRole('button', { name: /Cancel execution/ })).toHaveCount(0);

  await executions.filter({ hasText: 'Quick' }).getByRole('button', { name: 'Re-run execution of Quick' }).click();
  await expect(executions).toHaveCount(4);
  await expect(executions.filter({ hasText: 'Quick' }).first()).toContainText('Re-run');

  await failed.getByRole('link', { name: 'Broken fetch' }).click();
  await expect(page).toHaveURL(`/flows/${broken.flow.id}?execution=${broken.execution.id}`);
  expect(quick.flow.id).not.toBe(broken.flow.id);
});

test('the Executions tab loads older executions past the live window', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, 'Pager');
  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Busy flow' },
    headers,
  });
  const flow = await created.json();
  const runs = 205;
  for (let done = 0; done < runs; done += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, runs - done) }, async () => {
        const run = await page.request.post(`/api/flows/${flow.id}/run`, { data: {}, headers });
        expect(run.ok(), await run.text()).toBeTruthy();
      }),
    );
  }
  await page.goto('/flows?tab=executions');
  const rows = page.getByTestId('execution-row');
  // The 205 runs may still be finishing on the worker (10 at a time for the account) as the page opens.
  await expect(rows).toHaveCount(200, { timeout: 45_000 });
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(runs);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('templates run as written: lead enrichment cleans and upserts, the daily report counts and emails', async ({
  page,
}) => {
  const user = await signedInUser(page, 'Runner');
  const accountId = user.personalAccountId;
  async function tableWith(name: string, fields: [string, string][]) {
    const table = await (await page.request.post('/api/tables', { data: { accountId, name }, headers })).json();
    for (const [fieldName, type] of fields)
      await page.request.post(`/api/tables/${table.id}/fields`, {
        data: { name: fieldName, options: { type } },
        headers,
      });
    return table;
  }
  async function fromTemplate(templateId: string, params: Record<string, Record<string, unknown>>) {
    const flow = await (
      await page.request.post('/api/flows', { data: { accountId, templateId, name: templateId }, headers })
    ).json();
    const nodes = flow.graph.nodes.map((n: { id: string; params: object }) => ({
      ...n,
      params: { ...n.params, ...params[n.id] },
    }));
    const saved = await page.request.patch(`/api/flows/${flow.id}`, {
      data: { graph: { ...flow.graph, nodes } },
      headers,
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    return flow.id as string;
  }
  async function runToEnd(flowId: string, trigger: object[]) {
    const run = await page.request.post(`/api/flows/${flowId}/run`, { data: { trigger }, headers });
    expect(run.ok(), await run.text()).toBeTruthy();
    const { id } = await run.json();
    let execution: { status: string; error: unknown } = { status: 'queued', error: null };
    await expect
      .poll(async () => {
        execution = await (await page.request.get(`/api/executions/${id}`)).json();
        return ['succeeded', 'failed', 'cancelled'].includes(execution.status);
      })
      .toBe(true);
    expect(execution.error).toBeNull();
    expect(execution.status).toBe('succeeded');
  }

  const leads = await tableWith('Leads', [
    ['Email', 'email'],
    ['First name', 'text'],
    ['Last name', 'text'],
    ['Company', 'text'],
    ['Free mail', 'checkbox'],
  ]);
  const enrich = await fromTemplate('lead-enrichment', { upsert: { tableId: leads.id } });
  await runToEnd(enrich, [{ body: { name: ' Ada  King Lovelace ', email: ' ADA@Analytical.io ' } }]);
  await runToEnd(enrich, [{ body: { name: 'Ada Lovelace', email: 'ada@analytical.io' } }]);
  const saved = await (await page.request.get(`/api/tables/${leads.id}/records?offset=0&limit=10`)).json();
  expect(saved.records).toHaveLength(1);
  const values = Object.values(saved.records[0].values);
  expect(values).toEqual(expect.arrayContaining(['ada@analytical.io', 'Ada', 'Lovelace', 'analytical', false]));

  const tasks = await tableWith('Tasks', [['Status', 'text']]);
  const fields = await (await page.request.get(`/api/tables/${tasks.id}/fields`)).json();
  const status = fields.find((f: { name: string }) => f.name === 'Status').id;
  await page.request.post(`/api/tables/${tasks.id}/records`, {
    data: { records: ['Open', 'Open', 'Blocked', 'Done'].map((value) => ({ values: { [status]: value } })) },
    headers,
  });
  const to = uniqueEmail('report');
  const report = await fromTemplate('daily-table-report', { find: { tableId: tasks.id }, send: { to } });
  await runToEnd(report, [{}]);
  const mail = await readEmail(to, 'Daily report');
  expect(mail.subject).toBe('Daily report: 3 open records');
  expect(mail.text).toContain('Open: 2');
  expect(mail.text).toContain('Blocked: 1');
  expect(mail.text).not.toContain('Done');
});
