import { expect, type Page } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };

/** A new table in this account with these fields, made through the API (fast). */
export async function tableIn(
  page: Page,
  accountId: string,
  name: string,
  fields: Array<{ name: string; options: object }>,
) {
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const table = await post('/api/tables', { accountId, name });
  const [primary] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  const created = [];
  for (const field of fields) created.push(await post(`/api/tables/${table.id}/fields`, field));
  return { table, primary, fields: created };
}

/** A signed-in user's new table with these fields, made through the API (fast). */
export async function tableWith(page: Page, name: string, fields: Array<{ name: string; options: object }>) {
  const user = await signedInUser(page, 'Viewer');
  return tableIn(page, user.personalAccountId, name, fields);
}

/** Adds a view of this type from the view tabs and waits until it is the one shown. */
export async function addView(page: Page, type: 'Form' | 'Calendar' | 'Kanban') {
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${type}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create view' }).click();
  await expect(page.getByRole('button', { name: type, exact: true })).toHaveAttribute('aria-current', 'page');
}
