import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { logIn, signedInUser } from './support';

test('two browser contexts editing the same note at once both keep their text', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, 'Collab');
  const accountId = user.personalAccountId;
  const id = await createNoteApi(page, {
    accountId,
    title: 'Together',
    markdown: 'Opening line.\n\nClosing line.',
  });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email);
  await expect(otherPage).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${id}`);
  await otherPage.goto(`/notes?note=${id}`);
  const mine = noteBody(page);
  const theirs = noteBody(otherPage);
  await expect(mine.getByText('Closing line.')).toBeVisible({ timeout: 20_000 });
  await expect(theirs.getByText('Closing line.')).toBeVisible({ timeout: 20_000 });

  // Each window types into its own paragraph at the same time; both sentences end up in both.
  await mine.getByText('Opening line.').click();
  await page.keyboard.press('End');
  await theirs.getByText('Closing line.').click();
  await otherPage.keyboard.press('End');
  await Promise.all([
    page.keyboard.type(' Written in the first window.', { delay: 25 }),
    otherPage.keyboard.type(' Written in the second window.', { delay: 25 }),
  ]);

  for (const body of [mine, theirs]) {
    await expect(body.getByText('Opening line. Written in the first window.')).toBeVisible({ timeout: 20_000 });
    await expect(body.getByText('Closing line. Written in the second window.')).toBeVisible({ timeout: 20_000 });
  }
  await waitSaved(page);
  await waitSaved(otherPage);
  await page.reload();
  await expect(mine.getByText('Opening line. Written in the first window.')).toBeVisible({ timeout: 20_000 });
  await expect(mine.getByText('Closing line. Written in the second window.')).toBeVisible();
  await other.close();
});
