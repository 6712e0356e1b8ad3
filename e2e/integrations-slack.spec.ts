import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  callWebhook,
  connectOnCard,
  expectPanelAxeClean,
  openStep,
  publishFromEditor,
  settings,
  webhookFlowWith,
} from './integrations-support';
import { screenshots, signedInUser } from './support';

type Received = { messages: { channel: string; text: string; threadTs: string | null }[] };

test('connect Slack, build webhook → Slack: send message in the editor, call it, see the message arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Sol');

  // The whole OAuth dance against the local server speaking Slack's OAuth; its address is where the browser went.
  const { card, authorize } = await connectOnCard(page, {
    label: 'Slack',
    authorizePath: /\/oauth\/v2\/authorize\?/,
    connectedAs: 'Acme e2e',
  });
  const slackOrigin = authorize.origin;

  const flowId = await webhookFlowWith(page, user, {
    name: 'Signups to Slack',
    search: 'slack send',
    option: 'Slack: Send message',
  });

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

  await publishFromEditor(page);

  await callWebhook(page, flowId, { name: 'Ada Lovelace' });
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${slackOrigin}/_test/messages`)).json()) as Received;
      return received.messages.filter((m) => m.text === 'New signup: Ada Lovelace').map((m) => m.channel);
    })
    .toEqual(['C0GENERAL']);

  // The card names the flow that uses the connection, and so does the confirmation, keyboard only.
  await page.goto('/integrations');
  await expect(card.getByText('Used by flow Signups to Slack')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Signups to Slack' })).toHaveAttribute('href', `/flows/${flowId}`);
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
  await page.goto(`/flows/${flowId}`);
  await openStep(page, 'Slack: Send message');
  await expect(settings(page).getByText('No Slack connection in this account yet.')).toBeVisible();
  await expectPanelAxeClean(page);
  await screenshots(page, 'slack-step-no-connection');
  await settings(page).getByRole('link', { name: 'Connect Slack in Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
});
