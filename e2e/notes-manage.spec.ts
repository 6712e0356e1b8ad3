import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createNoteApi, noteBody } from './notes-support';
import { signedInUser } from './support';

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });
const listItem = (page: Page, title: string) => noteList(page).getByRole('button', { name: new RegExp(title) });

async function moreAction(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('move to trash with Undo, restore from the Trash view, delete forever', async ({ page }) => {
  const { personalAccountId: accountId } = await signedInUser(page, 'Tristan');
  const id = await createNoteApi(page, { accountId, title: 'Groceries', markdown: 'Milk and **bread**' });
  await page.goto(`/notes?note=${id}`);
  await expect(noteBody(page).getByText('Milk and')).toBeVisible({ timeout: 20_000 });

  await moreAction(page, 'Move to trash');
  await expect(page.getByText('"Groceries" moved to trash')).toBeVisible();
  await expect(listItem(page, 'Groceries')).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(listItem(page, 'Groceries')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`note=${id}`));

  await moreAction(page, 'Move to trash');
  await expect(listItem(page, 'Groceries')).toBeHidden();
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await listItem(page, 'Groceries').click();
  await expect(page.getByText('This note is in the trash')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('"Groceries" restored')).toBeVisible();
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(listItem(page, 'Groceries')).toBeVisible();

  // Delete forever asks first, and then the note is gone for good.
  await listItem(page, 'Groceries').click();
  await moreAction(page, 'Move to trash');
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await listItem(page, 'Groceries').click();
  await page.getByRole('button', { name: 'Delete forever' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete forever?' });
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  expect((await page.request.get(`/api/notes/${id}`)).status()).toBe(404);
});

test('the Trash tab picked while a move to trash is still on its way stays picked', async ({ page }) => {
  const { personalAccountId: accountId } = await signedInUser(page, 'Tamsin');
  const id = await createNoteApi(page, { accountId, title: 'Slow trash', markdown: 'Soon gone' });
  await page.goto(`/notes?note=${id}`);
  await expect(noteBody(page).getByText('Soon gone')).toBeVisible({ timeout: 20_000 });
  // The server takes its time: the user is faster.
  await page.route(`**/api/notes/${id}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return route.continue();
  });
  await moreAction(page, 'Move to trash');
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page.getByText('"Slow trash" moved to trash')).toBeVisible();
  await expect(page).toHaveURL(/view=trash/);
  await expect(listItem(page, 'Slow trash')).toBeVisible();
});

test('a share link opens signed out and stops working once revoked', async ({ page, browser }) => {
  const { personalAccountId: accountId } = await signedInUser(page, 'Sharon');
  const id = await createNoteApi(page, {
    accountId,
    title: 'Launch checklist',
    markdown: '- [ ] Tell the team\n\nSee you there.',
  });
  await page.goto(`/notes?note=${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this note' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/share\/nts_/);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { name: 'Launch checklist', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(visitorPage.getByText('See you there.')).toBeVisible();
  await expect(visitorPage.getByText('Tell the team', { exact: true })).toBeVisible();
  await expect(visitorPage.locator('.note-content')).toHaveAttribute('contenteditable', 'false');

  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByText('This note is not available')).toBeVisible();
  await visitor.close();
});

test('rename, pin, tag and filter, sort, duplicate, import and export', async ({ page }) => {
  const { personalAccountId: accountId } = await signedInUser(page, 'Tagore');
  await createNoteApi(page, { accountId, title: 'Alpha plan', markdown: 'first' });
  const betaId = await createNoteApi(page, { accountId, title: 'Beta plan', markdown: 'second' });
  await page.goto(`/notes?note=${betaId}`);

  const title = page.getByLabel('Note title');
  await title.fill('Beta plan renamed');
  await title.press('Enter');
  await expect(listItem(page, 'Beta plan renamed')).toBeVisible();

  await page.getByRole('button', { name: 'Add tag' }).click();
  await page.getByLabel('New tag').fill('work');
  await page.getByLabel('New tag').press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag work' })).toBeVisible();
  await page.getByRole('button', { name: 'Filter by tag' }).click();
  await page.getByRole('menuitem', { name: /work/ }).click();
  await expect(listItem(page, 'Beta plan renamed')).toBeVisible();
  await expect(listItem(page, 'Alpha plan')).toBeHidden();
  await page.getByRole('button', { name: 'Clear tag filter' }).click();
  await expect(listItem(page, 'Alpha plan')).toBeVisible();

  // Sort by title puts Alpha first; pinning Beta lifts it above.
  await page.getByRole('button', { name: /^Sort/ }).click();
  await page.getByRole('menuitem', { name: 'Title' }).click();
  await expect(noteList(page).getByRole('button').first()).toContainText('Alpha plan');
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(noteList(page).getByRole('button').first()).toContainText('Beta plan renamed');

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(noteList(page).getByRole('button', { name: /Beta plan renamed/ })).toHaveCount(2);

  // Export downloads the note as Markdown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Markdown/ }).click();
  const file = await download;
  expect(await readFile((await file.path()) as string, 'utf8')).toContain('second');

  // Import makes a note from a Markdown file.
  await page.getByLabel('Import Markdown').click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Trip ideas.md', mimeType: 'text/markdown', buffer: Buffer.from('# Lisbon\n\n- Tram 28') });
  await expect(listItem(page, 'Trip ideas')).toBeVisible();
  await expect(noteBody(page).locator('li', { hasText: 'Tram 28' })).toBeVisible();
});
