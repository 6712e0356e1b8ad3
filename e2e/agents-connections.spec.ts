import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { screenshots, signedInUser } from './support';

// A custom agent given the account's Slack workspace in the form's Connections group: in its chat
// it reads the channels at once and posts to #general only once approved (the e2e server's model
// answers "[slack channels]" and "[slack say …]", scripts/e2e-server.ts).

type Received = { messages: { channel: string; text: string }[] };

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');

test('custom agent connections: Slack chosen in the form, read at once, posted to once approved', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Standup helper ${randomBytes(3).toString('hex')}`;
  await signedInUser(page, 'Noor');

  await page.goto('/integrations');
  const consent = page.waitForRequest(/\/oauth\/v2\/authorize\?/);
  await page.getByRole('region', { name: 'Slack' }).getByRole('button', { name: 'Connect Slack' }).click();
  const slackOrigin = new URL((await consent).url()).origin;
  await expect(page.getByText('Connected Slack: Acme e2e')).toBeVisible();

  await page.goto('/agents/explore');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  const connections = dialog.getByRole('region', { name: 'Connections' });
  await expect(connections.getByRole('listitem')).toHaveText(['Acme e2eSlack']);
  await connections.getByRole('checkbox', { name: /Acme e2e/ }).check();
  await expect(dialog.getByRole('list', { name: 'Chosen tools' }).getByRole('listitem')).toHaveText([
    'Slack: Acme e2e',
  ]);
  // Found by the service's name too.
  await dialog.getByRole('textbox', { name: 'Find tables, flows, notes and connections' }).fill('slack');
  await expect(connections.getByRole('checkbox', { name: /Acme e2e/ })).toBeChecked();
  await screenshots(page, 'agent-tools-connections');
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expect(dialog).toBeHidden();

  const mine = page.getByRole('list', { name: 'Your agents' }).getByRole('listitem').filter({ hasText: name });
  await expect(mine).toContainText('1 connection');
  await mine.getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Chatting with ${name}` })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('[slack channels]');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(messages(page).nth(1)).toContainText('The channels: #general, #random');

  await composer.fill('[slack say Standup in 5]');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  const answer = messages(page).nth(3);
  const card = answer.getByRole('region', { name: 'Tool: Slack: Send message' });
  await expect(card).toContainText('Needs your approval');
  // Named with its connection: two workspaces' tools would otherwise look alike.
  await expect(card).toHaveAccessibleName('Tool: Slack: Send message (Acme e2e)');
  await screenshots(page, 'agent-tool-approval');
  const sent = async () => {
    const received = (await (await page.request.get(`${slackOrigin}/_test/messages`)).json()) as Received;
    return received.messages.filter((m) => m.text === 'Standup in 5').map((m) => m.channel);
  };
  expect(await sent()).toEqual([]);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toContainText('Posted "Standup in 5" to #general.');
  await expect.poll(sent).toEqual(['C0GENERAL']);
});
