import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { logIn, signedInUser } from './support';

test('two browser contexts editing the same note at once both keep their text', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, 'Collab');
  const accountId = user.personalAccountId;
  const id = await createNoteApi(page, { accountId, title: 'Together', markdown: 'Shared start.' });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email);
  await expect(otherPage).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${id}`);
  await otherPage.goto(`/notes?note=${id}`);
  const mine = noteBody(page);
  const theirs = noteBody(otherPage);
  await expect(mine.getByText('Shared start.')).toBeVisible();
  await expect(theirs.getByText('Shared start.')).toBeVisible();

  await mine.getByText('Shared start.').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await theirs.getByText('Shared start.').click();
  await otherPage.keyboard.press('End');
  await otherPage.keyboard.press('Enter');
  await Promise.all([
    page.keyboard.type('Written in the first window, word by word.', { delay: 20 }),
    otherPage.keyboard.type('Written in the second window at the same time.', { delay: 20 }),
  ]);

  for (const body of [mine, theirs]) {
    await expect(body.getByText('Written in the first window, word by word.')).toBeVisible();
    await expect(body.getByText('Written in the second window at the same time.')).toBeVisible();
  }
  await waitSaved(page);
  await waitSaved(otherPage);
  await page.reload();
  await expect(mine.getByText('Written in the first window, word by word.')).toBeVisible();
  await expect(mine.getByText('Written in the second window at the same time.')).toBeVisible();
  await other.close();
});
