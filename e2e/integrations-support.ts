import { expect, type Page } from '@playwright/test';
import { step } from './flow-editor-support';
import { APP_ORIGIN, expectAxeClean } from './support';

/** The open step's settings panel. */
export const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

/** Opens a step's settings (closing the one open first), after fitting the canvas so it is in view. */
export async function openStep(page: Page, name: string) {
  if (await settings(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(settings(page)).toContainText(name);
}

/** axe on the step's settings in both themes: serious and critical findings fail. */
export const expectPanelAxeClean = (page: Page) => expectAxeClean(page, '[aria-label="Step settings"]');

/**
 * Connects a provider from its card on /integrations through the whole OAuth dance against the
 * local server speaking its OAuth (its consent approves at once), and waits for the notice.
 * Gives the card and the authorize URL the browser was sent to (its origin is the local server's).
 */
export async function connectOnCard(
  page: Page,
  { label, authorizePath, connectedAs }: { label: string; authorizePath: RegExp; connectedAs: string },
) {
  await page.goto('/integrations');
  const card = page.getByRole('region', { name: label, exact: true });
  const consent = page.waitForRequest(authorizePath);
  await card.getByRole('button', { name: `Connect ${label}` }).click();
  const authorize = new URL((await consent).url());
  await expect(page.getByText(`Connected ${label}: ${connectedAs}`)).toBeVisible();
  return { card, authorize };
}

/**
 * A new flow in the user's personal account, opened in the editor: its manual trigger replaced
 * by a webhook, then the step the catalogue finds for `search` (the option named `option`) added
 * after it and opened. Gives the flow's id.
 */
export async function webhookFlowWith(
  page: Page,
  user: { personalAccountId: string },
  { name, search, option }: { name: string; search: string; option: string },
) {
  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name },
    headers: { origin: APP_ORIGIN },
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();
  // The confirmation (and its overlay) must be gone before the canvas takes clicks again.
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(step(page, 'Webhook')).toBeVisible();

  await openStep(page, 'Webhook');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await openStep(page, option);
  return flow.id;
}

/** Closes the panel, waits for the save, publishes version 1 from the editor's button and dialog. */
export async function publishFromEditor(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  // The button is disabled while the publish is still on its way too; the webhook answers once it has landed.
  await expect(page.getByTestId('publish-state')).toHaveText(/Published v1/);
}

/** Calls the published flow's webhook with `data`; it is taken at once (202). */
export async function callWebhook(page: Page, flowId: string, data: unknown) {
  const published = await (await page.request.get(`/api/flows/${flowId}`)).json();
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, { data });
  expect(call.status()).toBe(202);
}

/** Opens "Add a credential" on /integrations as an MCP server with its name and URL typed in. */
export async function mcpServerDialog(page: Page, { name, url }: { name: string; url: string }) {
  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'API credentials and MCP servers' });
  await card.getByRole('button', { name: 'Add credential' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Add a credential' });
  await dialog.getByRole('button', { name: 'MCP server' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Server URL').fill(url);
  return { card, dialog };
}
