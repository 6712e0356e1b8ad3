import { expect, test } from '@playwright/test';
import {
  callWebhook,
  connectOnCard,
  expectPanelAxeClean,
  publishFromEditor,
  settings,
  webhookFlowWith,
} from './integrations-support';
import { screenshots, signedInUser } from './support';

/** The local Notion server's "Tasks" database, as its data source. */
const TASKS_DATA_SOURCE = '1a2b3c4d-0000-4000-8000-0000000005d5';

type Received = { pages: { parent: Record<string, string>; properties: Record<string, unknown> }[] };

test('connect Notion, build webhook → Notion: create page in the editor, call it, see the page arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Noa');

  const { card, authorize } = await connectOnCard(page, {
    label: 'Notion',
    authorizePath: /\/v1\/oauth\/authorize\?/,
    connectedAs: 'Acme Notion e2e',
  });
  const notionOrigin = authorize.origin;
  await screenshots(page, 'notion-connected');

  const flowId = await webhookFlowWith(page, user, {
    name: 'Signups to Notion',
    search: 'notion create',
    option: 'Notion: Create page',
  });

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

  await publishFromEditor(page);

  await callWebhook(page, flowId, { name: 'Ada Lovelace' });
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
