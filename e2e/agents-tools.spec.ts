import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

// A custom agent given one table, one note and an action: it reaches only those (the e2e server's
// model finds tables with list_tables, scripts/e2e-server.ts), adds a record once approved; then it
// is edited, duplicated, deleted, and copied by another user without what it was given.

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data, headers: { origin: APP_ORIGIN } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');

test('custom agent tools: chosen in the form, used in its chat with approval, kept out of copies', async ({
  page,
  browser,
}) => {
  const name = `Party planner ${randomBytes(3).toString('hex')}`;
  const user = await signedInUser(page, 'Tilda');
  await post(page, '/api/tables', { accountId: user.personalAccountId, name: 'Guests' });
  await post(page, '/api/tables', { accountId: user.personalAccountId, name: 'Salaries' });
  await post(page, '/api/notes', {
    accountId: user.personalAccountId,
    title: 'Party plan',
    markdown: 'Cake at **four**.',
  });

  await page.goto('/agents/explore');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Instructions').fill('Help plan parties.');
  const tables = dialog.getByRole('region', { name: 'Tables' });
  await tables.getByRole('checkbox', { name: 'Guests' }).check();
  await expect(tables.getByRole('checkbox', { name: 'Salaries' })).not.toBeChecked();
  // Notes are found by searching them.
  await dialog.getByRole('textbox', { name: 'Find tables, flows, notes and connections' }).fill('party');
  await dialog.getByRole('region', { name: 'Notes' }).getByRole('checkbox', { name: 'Party plan' }).check();
  await dialog.getByRole('checkbox', { name: 'Create notes' }).check();
  const chosen = dialog.getByRole('list', { name: 'Chosen tools' });
  await expect(chosen.getByRole('listitem')).toHaveText(['Guests', 'Party plan']);
  // The model is picked from the account's models.
  const modelSelect = dialog.getByRole('combobox', { name: 'Model' });
  await expect(modelSelect.locator('option')).toHaveText(['Default (e2e-model)', /^e2e-model · /]);
  await modelSelect.selectOption({ index: 1 });
  await screenshots(page, 'agent-form-tools');
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expect(dialog).toBeHidden();

  // In its chat it sees only the table it was given, and asks before adding to it.
  const mine = page.getByRole('list', { name: 'Your agents' }).getByRole('listitem').filter({ hasText: name });
  await expect(mine).toContainText('1 table, 1 note · create notes');
  await mine.getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Chatting with ${name}` })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('[add Ada to Guests]');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  const answer = messages(page).nth(1);
  const card = answer.getByRole('region', { name: 'Tool: Add a record' });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toContainText('Added Ada to Guests.');
  await composer.fill('[add Bob to Salaries]');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(messages(page).nth(3)).toContainText('There is no table named Salaries.');

  // Edited: a chosen table is taken away with its chip.
  await page.goto('/agents/explore');
  await mine.getByRole('button', { name: `More for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(chosen.getByRole('listitem')).toHaveText(['Guests', 'Party plan']);
  await expect(dialog.getByRole('checkbox', { name: 'Create notes' })).toBeChecked();
  await chosen.getByRole('button', { name: 'Remove Guests' }).click();
  await expect(
    dialog.getByRole('region', { name: 'Tables' }).getByRole('checkbox', { name: 'Guests' }),
  ).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await mine.getByRole('button', { name: `More for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(chosen.getByRole('listitem')).toHaveText(['Party plan']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Duplicated, and the copy deleted.
  await mine.getByRole('button', { name: `More for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const copy = page
    .getByRole('list', { name: 'Your agents' })
    .getByRole('listitem')
    .filter({ hasText: `${name} (copy)` });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: `More for ${name} (copy)` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(copy).toHaveCount(0);
  await expect(mine).toHaveCount(1);

  // Published and used by someone else: their copy has none of the creator's tools or model.
  await mine.getByRole('button', { name: `More for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Publish to gallery' }).click();
  await expect(mine.getByText('Published')).toBeVisible();
  const agentId = new URL(
    await mine.getByRole('link', { name: 'Chat' }).getAttribute('href').then(String),
    APP_ORIGIN,
  ).searchParams.get('agent');
  const other = await browser.newContext();
  const reader = await other.newPage();
  await signedInUser(reader, 'Uma');
  await reader.goto(`/agents/explore/${agentId}`);
  await reader.getByRole('button', { name: 'Use' }).click();
  await expect(reader.getByText(`${name} was added to your agents`)).toBeVisible();
  await reader.goto('/agents/explore');
  const theirs = reader.getByRole('list', { name: 'Your agents' }).getByRole('listitem').filter({ hasText: name });
  await theirs.getByRole('button', { name: `More for ${name}` }).click();
  await reader.getByRole('menuitem', { name: 'Edit' }).click();
  const theirDialog = reader.getByRole('dialog');
  // The creator's instructions stay theirs: the copy follows them without showing them.
  await expect(theirDialog.getByLabel('Instructions')).toHaveValue('');
  await expect(theirDialog.getByText('which its creator keeps private')).toBeVisible();
  await screenshots(reader, 'agent-form-copy');
  await expect(theirDialog.getByRole('list', { name: 'Chosen tools' })).toHaveCount(0);
  await expect(theirDialog.getByRole('checkbox', { name: 'Create notes' })).not.toBeChecked();
  await expect(theirDialog.getByRole('combobox', { name: 'Model' })).toHaveValue('');
  await other.close();
});
