import { expect, test } from '@playwright/test';
import { noteBody, slashInsert, waitSaved } from './notes-support';
import { APP_ORIGIN, signedInUser } from './support';

test('write a note with every block type by slash menu and Markdown shortcuts, reload, find it by a word of its body', async ({
  page,
}) => {
  // A long script of typing: on a busy 2-core machine it takes well over the default minute.
  test.setTimeout(180_000);
  await signedInUser(page, 'Noor');
  await page.goto('/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await expect(page.getByText('Manage your notes here')).toBeVisible();
  await expect(page.getByText('No notes yet')).toBeVisible();

  // Alt+N makes a note and puts the caret in its title.
  await page.keyboard.press('Alt+KeyN');
  await expect(page).toHaveURL(/\/notes\?note=/);
  const title = page.getByLabel('Note title');
  await title.click();
  await title.fill('Field guide');
  await page.keyboard.press('Enter');
  const body = noteBody(page);
  await expect(body).toBeFocused();

  // Slash menu: one block of each type.
  await slashInsert(page, 'h1');
  await page.keyboard.type('Slash heading one');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'h2');
  await page.keyboard.type('Slash heading two');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'h3');
  await page.keyboard.type('Slash heading three');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'text');
  await page.keyboard.type('A paragraph about the quokkafish.');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'bullet');
  await page.keyboard.type('slash bullet');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'numbered');
  await page.keyboard.type('slash numbered');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'task');
  await page.keyboard.type('slash task');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('nested slash task');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'quote');
  await page.keyboard.type('slash quote');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'code');
  await page.keyboard.type('const slash = 1;');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'divider');
  await slashInsert(page, 'image');
  const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
  await imageDialog.getByLabel('Image address').fill(`${APP_ORIGIN}/favicon.svg`);
  await imageDialog.getByRole('button', { name: 'Add image' }).click();
  await expect(body.locator('img')).toHaveAttribute('src', `${APP_ORIGIN}/favicon.svg`);
  // The caret comes back to the editor a frame after the image lands.
  await expect(body).toBeFocused();

  // Markdown shortcuts: the same blocks again, typed.
  await page.keyboard.type('# Markdown heading one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('## Markdown heading two');
  await page.keyboard.press('Enter');
  await page.keyboard.type('### Markdown heading three');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- markdown bullet');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1. markdown numbered');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('[ ] markdown task');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> markdown quote');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('``` ');
  await page.keyboard.type('let markdown = 2;');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('---');
  await page.keyboard.type('After the rule');
  await page.keyboard.press('Enter');
  await slashInsert(page, 'table');
  await page.keyboard.type('Cell one');
  await expect(page.getByRole('toolbar', { name: 'Table' })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Table' }).getByRole('button', { name: 'Column right' }).click();
  await expect(body.locator('table tr').first().locator('th, td')).toHaveCount(4);

  // Tick the first task.
  await body.locator('ul[data-type="taskList"] > li input[type="checkbox"]').first().check();
  await waitSaved(page);

  const expectIntact = async () => {
    await expect(page.getByLabel('Note title')).toHaveValue('Field guide');
    for (const [level, text] of [
      [1, 'Slash heading one'],
      [2, 'Slash heading two'],
      [3, 'Slash heading three'],
      [1, 'Markdown heading one'],
      [2, 'Markdown heading two'],
      [3, 'Markdown heading three'],
    ] as const) {
      await expect(body.locator(`h${level}`, { hasText: text })).toBeVisible();
    }
    await expect(body.locator('p', { hasText: 'A paragraph about the quokkafish.' })).toBeVisible();
    await expect(body.locator('ul:not([data-type]) li', { hasText: 'slash bullet' })).toBeVisible();
    await expect(body.locator('ul:not([data-type]) li', { hasText: 'markdown bullet' })).toBeVisible();
    await expect(body.locator('ol li', { hasText: 'slash numbered' })).toBeVisible();
    await expect(body.locator('ol li', { hasText: 'markdown numbered' })).toBeVisible();
    await expect(
      body.locator('ul[data-type="taskList"] > li[data-checked="true"]', { hasText: 'slash task' }),
    ).toBeVisible();
    await expect(
      body.locator('ul[data-type="taskList"] > li ul[data-type="taskList"] > li', { hasText: 'nested slash task' }),
    ).toBeVisible();
    await expect(body.locator('ul[data-type="taskList"] > li', { hasText: 'markdown task' })).toBeVisible();
    await expect(body.locator('blockquote', { hasText: 'slash quote' })).toBeVisible();
    await expect(body.locator('blockquote', { hasText: 'markdown quote' })).toBeVisible();
    await expect(body.locator('pre', { hasText: 'const slash = 1;' })).toBeVisible();
    await expect(body.locator('pre', { hasText: 'let markdown = 2;' })).toBeVisible();
    await expect(body.locator('hr')).toHaveCount(2);
    await expect(body.locator('img')).toHaveAttribute('src', `${APP_ORIGIN}/favicon.svg`);
    await expect(body.locator('table th', { hasText: 'Cell one' })).toBeVisible();
    await expect(body.locator('table tr').first().locator('th, td')).toHaveCount(4);
  };
  await expectIntact();
  await page.reload();
  await expect(body.locator('h1', { hasText: 'Slash heading one' })).toBeVisible({ timeout: 20_000 });
  await expectIntact();

  // Search reads the body in the database and marks what it found.
  await page.getByLabel('Search notes').fill('quokkafish');
  const result = page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: /Field guide/ });
  await expect(result).toBeVisible();
  await expect(result.locator('mark')).toHaveText(/quokkafish/i);
  await page.getByLabel('Search notes').fill('nosuchwordanywhere');
  await expect(page.getByText('No notes match')).toBeVisible();
});

test('the open note is in the address: back returns to the list, a wrong id says so', async ({ page }) => {
  await signedInUser(page, 'Nadia');
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).first().click();
  await expect(page).toHaveURL(/note=/);
  await page.getByLabel('Note title').fill('Address test');
  await page.getByLabel('Note title').press('Enter');
  const item = page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: /Address test/ });
  await expect(item).toBeVisible();
  // Keyboard: Enter in the title goes to the body, Escape from the body back to the list.
  await expect(noteBody(page)).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(item).toBeFocused();
  await page.goBack();
  await expect(page).not.toHaveURL(/note=/);
  await expect(page.getByText('Pick a note, or start a new one')).toBeVisible();
  await page.goto('/notes?note=not-a-note');
  await expect(page.getByText('This note is not available')).toBeVisible();
});
