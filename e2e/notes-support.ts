import { expect, type Page } from '@playwright/test';

export const noteBody = (page: Page) => page.getByLabel('Note body');

/** Creates a note through the API (the same call the import uses) and returns its id. */
export async function createNoteApi(
  page: Page,
  input: { accountId: string; title: string; markdown?: string; tags?: string[] },
) {
  const res = await page.request.post('/api/notes', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Types "/query" in the editor and picks the first block the menu offers. */
export async function slashInsert(page: Page, query: string) {
  await page.keyboard.type(`/${query}`);
  const menu = page.getByRole('listbox', { name: 'Insert a block' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
}

export async function waitSaved(page: Page) {
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
}
