import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { step } from './flow-editor-support';
import { APP_ORIGIN, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

let api: Server;
let apiPort = 0;
const received: unknown[] = [];

test.beforeAll(async () => {
  // The "third-party API" the HTTP step calls: it echoes what it got and says thanks.
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const parsed = body ? JSON.parse(body) : null;
      received.push(parsed);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ thanks: true, got: parsed }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

/** Closes the panel, fits the canvas in view and opens a step's settings. */
async function openStep(page: Page, name: string) {
  if (await settings(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(settings(page)).toContainText(name);
}

async function addAfter(page: Page, after: string, search: string, option?: RegExp) {
  await openStep(page, after);
  await page.getByRole('button', { name: 'Add step' }).click();
  const box = page.getByRole('combobox', { name: 'Search steps' });
  await box.fill(search);
  if (option) await page.getByRole('option', { name: option }).click();
  else await box.press('Enter');
  await expect(page.getByTestId('step-palette')).toBeHidden();
}

async function addAndOpen(page: Page, after: string, search: string, option: RegExp, name: string) {
  await addAfter(page, after, search, option);
  await openStep(page, name);
}

test('build webhook → code → if → HTTP request → respond in the editor, publish, call it, inspect the run, autocomplete from it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, 'Builder');
  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Order intake' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // Webhook trigger, answered by a Respond step.
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();
  await openStep(page, 'Webhook');
  await settings(page).getByLabel('Respond').selectOption('respond_step');

  // Code: total the order.
  await addAndOpen(page, 'Webhook', 'code', /^Code/, 'Code');
  const code = settings(page).getByLabel('JavaScript');
  await code.fill('return items.map((i) => ({ customer: i.body.customer, total: i.body.qty * i.body.price }));');

  // If: big orders only.
  await addAndOpen(page, 'Code', 'if', /^If/, 'If');
  await settings(page).getByRole('button', { name: 'Add condition' }).click();
  await settings(page).getByLabel('Value to check 1').fill('{{ $json.total }}');
  await settings(page).getByLabel('Comparison 1').selectOption('gt');
  await settings(page).getByLabel('Compare with 1').fill('100');

  // HTTP request to the local API with the order as JSON.
  await addAndOpen(page, 'If', 'http request', /^HTTP request/, 'HTTP request');
  await settings(page).getByLabel('URL').fill(`http://localhost:${apiPort}/orders`);
  await settings(page).getByLabel('Method').selectOption('POST');
  await settings(page).getByLabel('Body', { exact: true }).selectOption('json');
  await settings(page)
    .getByLabel('JSON body')
    .fill('{ "customer": "{{ $json.customer }}", "total": {{ $json.total }} }');

  // Respond with what the API said.
  await addAfter(page, 'HTTP request', 'respond', /^Respond to webhook/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  // The button is disabled while the publish is still on its way too; the webhook answers once it has landed.
  await expect(page.getByTestId('publish-state')).toHaveText(/Published v1/);

  // Call the webhook: the Respond step answers with the HTTP step's output.
  const published = await (await page.request.get(`/api/flows/${flow.id}`)).json();
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, {
    data: { customer: 'Ada', qty: 3, price: 50 },
  });
  expect(call.status()).toBe(200);
  const answer = await call.json();
  expect(answer).toMatchObject({ status: 200, body: { thanks: true, got: { customer: 'Ada', total: 150 } } });
  expect(received).toContainEqual({ customer: 'Ada', total: 150 });

  // Inspect the execution step by step.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Executions' }).click();
  const list = page.getByRole('complementary', { name: 'Executions' });
  await list
    .getByRole('button', { name: /succeeded/ })
    .first()
    .click();
  await expect(page.getByText('Viewing an execution (read-only)')).toBeVisible();
  for (const name of ['Webhook', 'Code', 'If', 'HTTP request', 'Respond to webhook'])
    await expect(step(page, name).getByTestId('step-run')).toContainText('succeeded');
  await openStep(page, 'Code');
  await settings(page).getByRole('tab', { name: 'Data' }).click();
  await expect(settings(page)).toContainText('total');
  await expect(settings(page)).toContainText('150');
  await page.getByRole('button', { name: 'Back to editor' }).click();

  // Expressions autocomplete from the fields seen in the last run.
  await openStep(page, 'HTTP request');
  const url = settings(page).getByLabel('URL');
  await url.fill('');
  await url.pressSequentially('https://example.com/?c={{ $json.');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /customer/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /total/ })).toBeVisible();
  await suggestions.getByRole('option', { name: /total/ }).click();
  await expect(url).toHaveText(/\{\{\s+\$json\.total\s*\}\}/);
});
