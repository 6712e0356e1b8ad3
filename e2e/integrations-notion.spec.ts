import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);
const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

/** axe on the step's settings in both themes: serious and critical findings fail. */
async function expectPanelAxeClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const audit = await new AxeBuilder({ page }).include('[aria-label="Step settings"]').analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openStep(page: Page, name: string) {
  if (await settings(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(settings(page)).toContainText(name);
}

/** The local Notion server's "Tasks" database, as its data source. */
const TASKS_DATA_SOURCE = '1a2b3c4d-0000-4000-8000-0000000005d5';

type Received = { pages: { parent: Record<string, string>; properties: Record<string, unknown> }[] };

test('connect Notion, build webhook → Notion: create page in the editor, call it, see the page arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Noa');

  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'Notion' });
  const consent = page.waitForRequest(/\/v1\/oauth\/authorize\?/);
  await card.getByRole('button', { name: 'Connect Notion' }).click();
  const notionOrigin = new URL((await consent).url()).origin;
  await expect(page.getByText('Connected Notion: Acme Notion e2e')).toBeVisible();
  await screenshots(page, 'notion-connected');

  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Signups to Notion' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();

  await openStep(page, 'Webhook');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('notion create');
  await page.getByRole('option', { name: /^Notion: Create page/ }).click();
  await openStep(page, 'Notion: Create page');

  // The connection picker lists the account's Notion connections; the databases come from Notion.
  const panel = settings(page);
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: 'Acme Notion e2e' });
  const picker = panel.getByLabel('Pick database from the connection');
  await expect(picker.locator('option', { hasText: 'Tasks' })).toBeAttached();
  await picker.selectOption({ label: 'Tasks' });
  await expect(picker).toHaveValue(TASKS_DATA_SOURCE);
  await panel.getByLabel('Title', { exact: true }).fill('Signup: {{ $json.body.name }}');
  await expectPanelAxeClean(page);
  await screenshots(page, 'notion-step-settings');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  const published = await (await page.request.get(`/api/flows/${flow.id}`)).json();
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, { data: { name: 'Ada Lovelace' } });
  expect(call.status()).toBe(202);
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${notionOrigin}/_test/pages`)).json()) as Received;
      return received.pages
        .filter((p) => JSON.stringify(p.properties).includes('Signup: Ada Lovelace'))
        .map((p) => p.parent.data_source_id);
    })
    .toEqual([TASKS_DATA_SOURCE]);

  await page.goto('/integrations');
  await card.getByRole('button', { name: 'Disconnect Acme Notion e2e' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No Notion workspace connected yet.')).toBeVisible();
  await screenshots(page, 'notion-disconnected');
});
