import { expect, type Page } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

/** What the flow editor's browser tests share. */

export const headers = { origin: APP_ORIGIN };
/** Where the editor's screenshot test writes its PNGs, when set. */
export const SHOTS = process.env.SHOTS_DIR;

/** Signs a new user in and gives them a new flow in their personal account. */
export async function newFlow(page: Page, name: string) {
  const user = await signedInUser(page, 'Builder');
  const res = await page.request.post('/api/flows', { data: { accountId: user.personalAccountId, name }, headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; revision: number };
}

/** A step on the canvas, by its name. */
export const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);
export const edges = (page: Page) => page.locator('.react-flow__edge');
export const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

/** Adds the first step the palette finds for `search`. */
export async function addFromPalette(page: Page, search: string) {
  await page.getByRole('button', { name: 'Add step' }).click();
  const box = page.getByRole('combobox', { name: 'Search steps' });
  await box.fill(search);
  await box.press('Enter');
  await expect(page.getByTestId('step-palette')).toBeHidden();
}
