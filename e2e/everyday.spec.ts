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

test('a title and text typed just before a full navigation are saved, and leaving asks first while they save', async ({
  page,
}) => {
  await signedInUser(page, 'Leaver');
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).first().click();
  await expect(page).toHaveURL(/note=/);
  const noteId = new URL(page.url()).searchParams.get('note');
  await page.getByLabel('Note title').fill('First title');
  await noteBody(page).click();
  await waitSaved(page);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  // The body: typed, and the page left at once.
  await page.keyboard.type('Last words');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${noteId}`);
  const title = page.getByLabel('Note title');
  await expect(noteBody(page).getByText('Last words')).toBeVisible({ timeout: 20_000 });
  // The title: its save waits for typing to stop (400 ms); the page is left well before.
  await title.fill('Renamed at the last moment');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  expect(dialogs).toContain('beforeunload');
  await expect
    .poll(async () => (await (await page.request.get(`/api/notes/${noteId}`)).json()).title)
    .toBe('Renamed at the last moment');
  const note = await (await page.request.get(`/api/notes/${noteId}`)).json();
  expect(JSON.stringify(note.content)).toContain('Last words');
});
