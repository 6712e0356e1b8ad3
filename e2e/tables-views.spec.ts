import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN } from './support';
import { addView, tableWith } from './tables-support';

const headers = { origin: APP_ORIGIN };

const viewSaved = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/views/'));

test('a form view shared by its owner takes a submission from a signed-out visitor', async ({ page, browser }) => {
  const { table } = await tableWith(page, 'Signups', [{ name: 'Email', options: { type: 'email' } }]);
  await page.goto(`/tables/${table.id}`);
  await addView(page, 'Form');

  const builder = page.getByRole('region', { name: 'Form builder' });
  const preview = page.getByRole('region', { name: 'Form preview' });
  let saved = viewSaved(page);
  await builder.getByRole('textbox', { name: 'Title' }).fill('Join the beta');
  await builder.getByRole('textbox', { name: 'Description' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(preview.getByRole('heading', { name: 'Join the beta' })).toBeVisible();

  saved = viewSaved(page);
  // click, not check(): the view cache notifies React a tick after the change event, so the box ticks a tick later.
  await builder.getByRole('checkbox', { name: 'Email is required' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(builder.getByRole('checkbox', { name: 'Email is required' })).toBeChecked();
  await expect(preview.getByText('Email *')).toBeVisible();

  // Questions reorder with the keyboard too: Email moves above Name in the preview.
  const labels = preview.locator('form label');
  await expect(labels.first()).toHaveText('Name');
  saved = viewSaved(page);
  await builder.getByRole('button', { name: 'Move Email up' }).press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(labels.first()).toHaveText(/^Email/);
  await expect(builder.getByRole('button', { name: 'Move Email up' })).toBeDisabled();

  saved = viewSaved(page);
  await builder.getByRole('switch', { name: 'Share a public link' }).click();
  expect((await saved).ok()).toBe(true);
  const link = builder.getByRole('textbox', { name: 'Public link' });
  await expect(link).toHaveValue(/\/share\/frm_/);
  const url = new URL(await link.inputValue());

  // A visitor with no session at all, on a phone-sized screen.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url.pathname);
  await expect(visitor.getByRole('heading', { name: 'Join the beta' })).toBeVisible();
  await expect(visitor).toHaveTitle(/Join the beta/);
  await visitor.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await expect(visitor.getByText('Email is required')).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: /Email/ })).toBeFocused();
  await expect(visitor.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper');
  await visitor.getByRole('textbox', { name: /Email/ }).fill('grace@example.com');
  const submitted = visitor.waitForResponse((response) => response.url().endsWith('/submit'));
  await visitor.getByRole('button', { name: 'Submit' }).click();
  expect((await submitted).status()).toBe(201);
  await expect(visitor.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(visitor.getByRole('button', { name: 'Submit another response' })).toBeVisible();

  await page.getByRole('button', { name: 'Grid view', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByText('grace@example.com')).toBeVisible();

  // Sharing off: the same link now says the form is not available.
  await page.getByRole('button', { name: 'Form', exact: true }).click();
  saved = viewSaved(page);
  await builder.getByRole('switch', { name: 'Share a public link' }).click();
  expect((await saved).ok()).toBe(true);
  await visitor.goto(url.pathname);
  await expect(visitor.getByRole('heading', { name: 'This form is not available' })).toBeVisible();
  await visitorContext.close();
});

test('a calendar view shows a record on its date; dragging it to another day changes its date', async ({ page }) => {
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const { table, primary, fields } = await tableWith(page, 'Appointments', [
    { name: 'Due', options: { type: 'date' } },
  ]);
  const due = fields[0];
  const created = await page.request.post(`/api/tables/${table.id}/records`, {
    data: { records: [{ values: { [primary.id]: 'Dentist', [due.id]: `${month}-10` } }] },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto(`/tables/${table.id}`);
  await addView(page, 'Calendar');
  await page.getByRole('button', { name: 'Due' }).click();
  const day = (date: string) => page.locator(`[data-day="${month}-${date}"]`);
  await expect(day('10').getByText('Dentist')).toBeVisible();

  let moved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/records'),
  );
  await day('10').getByText('Dentist').dragTo(day('17'));
  expect((await moved).ok()).toBe(true);
  await expect(day('17').getByText('Dentist')).toBeVisible();
  await expect(day('10').getByText('Dentist')).toHaveCount(0);

  // The menu moves it without a mouse drag.
  moved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/records'),
  );
  await day('17').getByRole('button', { name: 'Actions for Dentist' }).click();
  await page.getByRole('menuitem', { name: 'Next day' }).click();
  expect((await moved).ok()).toBe(true);
  await expect(day('18').getByText('Dentist')).toBeVisible();

  // The toolbar's Add record puts the new record on today, where the calendar can show it.
  const todayIso = `${month}-${String(now.getDate()).padStart(2, '0')}`;
  await page.getByRole('button', { name: 'Add record', exact: true }).click();
  await expect(page.locator(`[data-day="${todayIso}"]`).getByText('Untitled record')).toBeVisible();

  await page.getByRole('button', { name: 'Grid view', exact: true }).click();
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${month}-18T00:00:00Z`),
  );
  await expect(page.getByRole('row').filter({ hasText: 'Dentist' }).getByText(shown)).toBeVisible();
});
