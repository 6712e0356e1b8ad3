import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

test('version history: save a version, change the note, preview the old one and restore it', async ({ page }) => {
  test.setTimeout(120_000);
  const { personalAccountId: accountId } = await signedInUser(page, 'Hester');
  const id = await createNoteApi(page, { accountId, title: 'Drafts', markdown: 'First draft of the plan.' });
  await page.goto(`/notes?note=${id}`);
  const body = noteBody(page);
  await expect(body.getByText('First draft of the plan.')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Version history' });
  await dialog.getByRole('button', { name: 'Save a version now' }).click();
  await expect(dialog.getByRole('list', { name: 'Versions' }).getByRole('button')).not.toHaveCount(0);
  await page.keyboard.press('Escape');

  await body.getByText('First draft of the plan.').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Second draft, rewritten.');
  await expect(body.getByText('First draft of the plan.')).toBeHidden();
  await waitSaved(page);

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  const versions = dialog.getByRole('list', { name: 'Versions' });
  await versions
    .getByRole('button', { name: /Saved version/ })
    .first()
    .click();
  await expect(dialog.getByLabel('Version preview').getByText('First draft of the plan.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog).toBeHidden();
  await expect(body.getByText('First draft of the plan.')).toBeVisible();
  await expect(body.getByText('Second draft, rewritten.')).toBeHidden();
  await page.reload();
  await expect(body.getByText('First draft of the plan.')).toBeVisible();
});
