import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

test('floating toolbar marks and links a selection; the slash menu filters and moves with arrow keys', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { personalAccountId: accountId } = await signedInUser(page, 'Edith');
  const id = await createNoteApi(page, { accountId, title: 'Toolbar', markdown: 'Make this word bold.' });
  await page.goto(`/notes?note=${id}`);
  const body = noteBody(page);
  await body.getByText('Make this word bold.').waitFor({ timeout: 20_000 });

  await body.getByText('Make this word bold.').dblclick({ position: { x: 5, y: 5 } });
  const toolbar = page.getByRole('toolbar', { name: 'Format text' });
  await expect(toolbar).toBeVisible();
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(body.locator('strong')).toHaveText('Make');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  await toolbar.getByLabel('Link address').fill('example.com');
  await toolbar.getByLabel('Link address').press('Enter');
  await expect(body.locator('a')).toHaveAttribute('href', 'https://example.com/');
  await expect(body.locator('a')).toHaveText('Make');

  // A javascript: address is refused.
  await body.locator('p').first().click();
  await page.keyboard.press('End');
  for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+ArrowLeft');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  await toolbar.getByLabel('Link address').fill('javascript:alert(1)');
  await toolbar.getByLabel('Link address').press('Enter');
  await expect(toolbar.getByLabel('Link address')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(body.locator('a')).toHaveCount(1);

  // "/" then arrows: Text, Heading 1, Heading 2 — Enter picks the highlighted one.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  const menu = page.getByRole('listbox', { name: 'Insert a block' });
  await expect(menu.getByRole('option')).toHaveCount(12);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('option', { selected: true })).toContainText('Heading 2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Picked with arrows');
  await expect(body.locator('h2')).toHaveText('Picked with arrows');

  // Filtering narrows the menu; Escape closes it and leaves the typed text.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/quo');
  await expect(menu.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(body.getByText('/quo')).toBeVisible();
  await waitSaved(page);
});
