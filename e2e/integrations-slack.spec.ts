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

type Received = { messages: { channel: string; text: string; threadTs: string | null }[] };

test('connect Slack, build webhook → Slack: send message in the editor, call it, see the message arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Sol');

  // The whole OAuth dance against the local server speaking Slack's OAuth; its address is where the browser went.
  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'Slack' });
  const consent = page.waitForRequest(/\/oauth\/v2\/authorize\?/);
  await card.getByRole('button', { name: 'Connect Slack' }).click();
  const slackOrigin = new URL((await consent).url()).origin;
  await expect(page.getByText('Connected Slack: Acme e2e')).toBeVisible();

  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Signups to Slack' },
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
  await page.getByRole('combobox', { name: 'Search steps' }).fill('slack send');
  await page.getByRole('option', { name: /^Slack: Send message/ }).click();
  await openStep(page, 'Slack: Send message');

  // The connection picker lists the account's Slack connections; the channel list comes from Slack.
  const panel = settings(page);
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: 'Acme e2e' });
  const picker = panel.getByLabel('Pick channel from the connection');
  await expect(picker.locator('option', { hasText: '#random' })).toBeAttached();
  await panel.getByLabel('Channel', { exact: true }).fill('C0GENERAL');
  await expect(picker).toHaveValue('C0GENERAL');
  await panel.getByLabel('Text', { exact: true }).fill('New signup: {{ $json.body.name }}');
  await expectPanelAxeClean(page);
  await screenshots(page, 'slack-step-settings');

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
      const received = (await (await page.request.get(`${slackOrigin}/_test/messages`)).json()) as Received;
      return received.messages.filter((m) => m.text === 'New signup: Ada Lovelace').map((m) => m.channel);
    })
    .toEqual(['C0GENERAL']);

  // The card names the flow that uses the connection, and so does the confirmation, keyboard only.
  await page.goto('/integrations');
  await expect(card.getByText('Used by flow Signups to Slack')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Signups to Slack' })).toHaveAttribute('href', `/flows/${flow.id}`);
  await card.getByRole('button', { name: 'Disconnect Acme e2e' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Slack (Acme e2e)?' });
  await expect(confirm).toContainText('1 flow uses it: Signups to Slack.');
  const audit = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
  const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await screenshots(page, 'integrations-disconnect-used');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // Disconnect: the step's picker then says how to connect again.
  await card.getByRole('button', { name: 'Disconnect Acme e2e' }).click();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No Slack workspace connected yet.')).toBeVisible();
  await page.goto(`/flows/${flow.id}`);
  await openStep(page, 'Slack: Send message');
  await expect(settings(page).getByText('No Slack connection in this account yet.')).toBeVisible();
  await expectPanelAxeClean(page);
  await screenshots(page, 'slack-step-no-connection');
  await settings(page).getByRole('link', { name: 'Connect Slack in Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
});
