import { expect, type Page, test } from '@playwright/test';
import { noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

/** Every `note-update` frame this page sends over the live socket. */
function sentNoteUpdates(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (text.includes('"note-update"')) frames.push(text);
    });
  });
  return frames;
}

test('opening a rich note without typing sends no update and keeps its Updated time', async ({ page }) => {
  await signedInUser(page, 'Opener');
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).first().click();
  await page.getByLabel('Note title').fill('Typed by hand');
  await page.getByLabel('Note title').press('Enter');
  // Markdown shortcuts delete what was typed ("# ", "- "): the note's history holds deletions.
  await page.keyboard.type('# A heading');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A paragraph with a typo');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- a bullet');
  await waitSaved(page);
  const noteId = new URL(page.url()).searchParams.get('note');
  await page.goto('/notes');
  const before = await (await page.request.get(`/api/notes/${noteId}`)).json();

  const frames = sentNoteUpdates(page);
  await page.goto(`/notes?note=${noteId}`);
  await expect(noteBody(page).getByText('a bullet')).toBeVisible({ timeout: 20_000 });
  // Anything the editor would write on open goes within its send delay: wait well past it.
  await page.waitForTimeout(1500);
  expect(frames).toEqual([]);
  const after = await (await page.request.get(`/api/notes/${noteId}`)).json();
  expect(after.updatedAt).toBe(before.updatedAt);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
});
