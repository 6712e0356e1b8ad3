import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

test('a block is moved by dragging its handle, and stays moved after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { personalAccountId: accountId } = await signedInUser(page, 'Dara');
  const id = await createNoteApi(page, { accountId, title: 'Order', markdown: 'First\n\nSecond\n\nThird' });
  await page.goto(`/notes?note=${id}`);
  const body = noteBody(page);
  const paragraphs = body.locator(':scope > p');
  await expect(paragraphs).toHaveText(['First', 'Second', 'Third'], { timeout: 20_000 });

  // The handle shows beside the block under the pointer.
  await paragraphs.nth(0).hover();
  const handle = page.getByTitle('Drag to move');
  await expect(handle).toBeVisible();
  const from = (await handle.boundingBox())!;
  const target = (await paragraphs.nth(2).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Onto the end of the last block: the moved one lands after it (ProseMirror drops before or after
  // a block by which half of its text the pointer is over).
  await page.mouse.move(target.x + target.width - 10, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();

  await expect(paragraphs).toHaveText(['Second', 'Third', 'First']);
  await waitSaved(page);
  await page.reload();
  await expect(paragraphs).toHaveText(['Second', 'Third', 'First'], { timeout: 20_000 });
});
