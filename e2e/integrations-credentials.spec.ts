import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { startMcpServer, type TestMcpServer } from '../packages/server/src/test/mcp-server';
import { step } from './flow-editor-support';
import { mcpServerDialog } from './integrations-support';
import { APP_ORIGIN, expectAxeClean, screenshots, signedInUser } from './support';

const KEY = 'e2e-weather-key-5f3a91';
const headers = { origin: APP_ORIGIN };
const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

let api: Server;
let apiPort = 0;
const received: IncomingHttpHeaders[] = [];
let mcp: TestMcpServer;

test.beforeAll(async () => {
  // The API a flow calls: it echoes the headers it got, as debugging endpoints do.
  api = createServer((req, res) => {
    received.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, headers: req.headers }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  mcp = await startMcpServer();
});
test.afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await mcp.close();
});

test('add an API key, sign an HTTP request with it in a flow, and never see the key again', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Cora');
  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'API credentials and MCP servers' });
  // The first page of a cold server on a busy machine can take a while.
  await expect(card.getByText('No credentials yet.')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Add credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a credential' });
  await expect(dialog.getByRole('button', { name: 'API key' })).toHaveAttribute('aria-pressed', 'true');
  // Nothing typed: each field says what is missing.
  await dialog.getByRole('button', { name: 'Add credential' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await expect(dialog.getByText('Enter the key')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Weather API');
  await dialog.getByLabel('Header name').fill('X-Weather-Key');
  await dialog.getByLabel('API key').fill(KEY);
  await expectAxeClean(page);
  await screenshots(page, 'credentials-add');
  await dialog.getByRole('button', { name: 'Add credential' }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByRole('listitem').filter({ hasText: 'Weather API' });
  await expect(row.getByText('Header X-Weather-Key')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(KEY);
  await expectAxeClean(page);
  await screenshots(page, 'credentials-list');

  // Manual trigger → HTTP request signed with it.
  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Weather check' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await step(page, 'Manual trigger').click();
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('http request');
  await page.getByRole('option', { name: /^HTTP request/ }).click();
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, 'HTTP request').click();
  await settings(page).getByLabel('URL').fill(`http://localhost:${apiPort}/forecast`);
  const credential = settings(page).getByLabel('Credential');
  await expect(credential.getByRole('option', { name: 'Weather API (API key)' })).toBeAttached();
  await credential.selectOption({ label: 'Weather API (API key)' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.getByRole('button', { name: 'Run flow' }).click();
  const run = page.getByRole('status', { name: 'Run' });
  await expect(run.getByTestId('run-status')).toHaveText('succeeded', { timeout: 30_000 });
  expect(received.map((h) => h['x-weather-key'])).toContain(KEY);

  // The execution shows the echoed header as [secret], never the key.
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, 'HTTP request').click();
  await settings(page).getByRole('tab', { name: 'Data' }).click();
  await expect(settings(page)).toContainText('GET http://localhost');
  await expect(page.locator('body')).not.toContainText(KEY);
  const executions = await (await page.request.get(`/api/executions?flowId=${flow.id}`)).json();
  const saved = await (await page.request.get(`/api/executions/${executions.executions[0].id}`)).text();
  expect(saved).toContain('[secret]');
  expect(saved).not.toContain(KEY);
  await screenshots(page, 'credentials-run');
});

test('add an MCP server and list its tools', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'Milo');
  const { card, dialog } = await mcpServerDialog(page, {
    name: 'Orders',
    url: mcp.url.replace('127.0.0.1', 'localhost'),
  });
  await dialog.getByRole('button', { name: 'Add credential' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Test Orders' }).click();
  const tools = card.getByRole('list', { name: 'Tools of Orders' });
  await expect(card.getByText('Orders answered with 3 tools:')).toBeVisible();
  await expect(tools.getByRole('listitem')).toHaveCount(3);
  await expect(tools.getByRole('listitem').filter({ hasText: 'create_ticket' })).toContainText('May write');
  await expect(tools.getByRole('listitem').filter({ hasText: 'lookup_order' })).toContainText('Reads');
  await expectAxeClean(page);
  await screenshots(page, 'credentials-mcp-tools');
});
