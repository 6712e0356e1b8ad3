import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { APP_ORIGIN, logIn, signedInUser } from './support';

test('signing one session out closes its live socket; the same user’s other session keeps working', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, 'Twice');
  const id = await createNoteApi(page, { accountId: user.personalAccountId, title: 'Shared', markdown: 'First line.' });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email);
  await expect(otherPage).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${id}`);
  await otherPage.goto(`/notes?note=${id}`);
  await expect(noteBody(page).getByText('First line.')).toBeVisible({ timeout: 20_000 });
  await expect(noteBody(otherPage).getByText('First line.')).toBeVisible({ timeout: 20_000 });

  // Signed out behind the page's back (as from another tab): only its live socket can tell it.
  const signOut = await page.request.post('/api/auth/sign-out', { headers: { origin: APP_ORIGIN } });
  expect(signOut.ok()).toBeTruthy();
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 15_000 });

  // The other session still edits, saves and hears its own changes.
  const theirs = noteBody(otherPage);
  await theirs.getByText('First line.').click();
  await otherPage.keyboard.press('End');
  await otherPage.keyboard.type(' Still signed in here.');
  await waitSaved(otherPage);
  await otherPage.reload();
  await expect(noteBody(otherPage).getByText('First line. Still signed in here.')).toBeVisible({ timeout: 20_000 });
  await other.close();
});
