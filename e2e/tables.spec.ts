import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

const cell = (page: Page, row: number, col: number) => page.locator(`[data-row="${row}"][data-col="${col}"]`);

async function addField(page: Page, name: string, type: string, choices: string[] = []) {
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Type').selectOption(type);
  for (const choice of choices) {
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog
      .getByLabel(/^Option \d+$/)
      .last()
      .fill(choice);
  }
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('columnheader').filter({ hasText: name })).toBeVisible();
}

/** What a spreadsheet puts on the clipboard, delivered as a paste event on the grid. */
async function pasteIntoGrid(page: Page, text: string) {
  await page.getByRole('grid').evaluate((grid, clipboardText) => {
    const data = new DataTransfer();
    data.setData('text/plain', clipboardText);
    grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('create a table, add typed fields, edit with the keyboard, paste a block, undo and redo', async ({ page }) => {
  await signedInUser(page, 'Tabitha');
  await page.goto('/tables');
  await expect(page.getByRole('heading', { name: 'Create your first table' })).toBeVisible();
  await page.getByRole('button', { name: 'New table' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Customers');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/]+$/);
  await expect(page.getByLabel('Table name')).toHaveValue('Customers');

  await addField(page, 'Amount', 'currency');
  await addField(page, 'Status', 'single_select', ['Lead', 'Customer']);
  await addField(page, 'Active', 'checkbox');

  await page.getByRole('button', { name: 'Add record' }).first().click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();

  // Typing starts editing; Tab commits and moves right; Enter on a checkbox toggles it.
  await cell(page, 0, 0).click();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234.5');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 0)).toHaveText('Ada Lovelace');
  await expect(cell(page, 0, 1)).toHaveText('$1,234.50');
  await expect(cell(page, 0, 3).getByRole('img', { name: 'checked' })).toBeVisible();
  // One click on the box toggles it (and one more toggles it back); a click beside it only selects.
  await cell(page, 0, 3).getByRole('img', { name: 'checked' }).click();
  await expect(cell(page, 0, 3).getByRole('img', { name: 'unchecked' })).toBeVisible();
  await cell(page, 0, 3).getByRole('img', { name: 'unchecked' }).click();
  await expect(cell(page, 0, 3).getByRole('img', { name: 'checked' })).toBeVisible();
  const box = await cell(page, 0, 3).boundingBox();
  await cell(page, 0, 3).click({ position: { x: (box?.width ?? 100) - 6, y: 6 } });
  await expect(cell(page, 0, 3).getByRole('img', { name: 'checked' })).toBeVisible();

  // Escape cancels an edit.
  await cell(page, 0, 0).click();
  await page.keyboard.type('Nobody');
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 0)).toHaveText('Ada Lovelace');

  // A block that runs past the last record adds records.
  await cell(page, 0, 0).click();
  await pasteIntoGrid(page, 'Ada Lovelace\t10\tLead\nGrace Hopper\t99\tCustomer\nAlan Turing\t12.25\tLead\n');
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();
  await cell(page, 0, 0).click();
  await pasteIntoGrid(page, 'Ada King\t1\tCustomer');
  await expect(cell(page, 0, 0)).toHaveText('Ada King');
  await expect(cell(page, 1, 0)).toHaveText('Grace Hopper');
  await expect(cell(page, 2, 1)).toHaveText('$12.25');
  await expect(cell(page, 1, 2)).toHaveText('Customer');

  // Undo the last paste, then redo it.
  await page.keyboard.press('Control+z');
  await expect(cell(page, 0, 0)).toHaveText('Ada Lovelace');
  await expect(cell(page, 0, 1)).toHaveText('$10.00');
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 0, 0)).toHaveText('Ada King');

  // Delete clears a cell; undo puts the value back.
  await cell(page, 1, 0).click();
  await page.keyboard.press('Delete');
  await expect(cell(page, 1, 0)).toHaveText('');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/records'),
  );
  await page.keyboard.press('Control+z');
  await expect(cell(page, 1, 0)).toHaveText('Grace Hopper');
  expect((await saved).ok()).toBe(true);

  // The values reached the server.
  await page.reload();
  await expect(cell(page, 0, 0)).toHaveText('Ada King');
  await expect(cell(page, 2, 0)).toHaveText('Alan Turing');
});

test('a second browser sees an edit live; trash and undo from the list', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signedInUser(page, 'Live');
  await page.goto('/tables');
  await page.getByRole('button', { name: 'New table' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Shared');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/]+$/);
  await page.getByRole('button', { name: 'Add record' }).first().click();
  await expect(cell(page, 0, 0)).toBeVisible();

  const second = await browser.newContext({ storageState: await first.storageState() });
  const other = await second.newPage();
  await other.goto(page.url());
  await expect(cell(other, 0, 0)).toBeVisible();

  await cell(page, 0, 0).click();
  await page.keyboard.type('Seen elsewhere');
  await page.keyboard.press('Enter');
  await expect(cell(other, 0, 0)).toHaveText('Seen elsewhere');

  await page.getByRole('link', { name: 'Tables' }).click();
  await page.getByRole('button', { name: 'Actions for Shared' }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  await expect(page.getByRole('link', { name: 'Shared' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: 'Shared' })).toBeVisible();

  await second.close();
  await first.close();
});

test('a formula field shows values computed from other fields', async ({ page }) => {
  const user = await signedInUser(page, 'Fermat');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Orders' }, headers })
  ).json();
  const amount = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: { name: 'Amount', options: { type: 'number' } },
      headers,
    })
  ).json();
  await page.request.post(`/api/tables/${table.id}/records`, {
    data: { records: [{ values: { [amount.id]: 21 } }] },
    headers,
  });
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 0, 1)).toHaveText('21');

  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Double');
  await dialog.getByLabel('Type').selectOption('formula');
  await dialog.getByLabel(/expression|formula/i).fill('{Amount} * 2');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 0, 2)).toHaveText('42');
});

test('export the records of a view as CSV', async ({ page }) => {
  const user = await signedInUser(page, 'Exporter');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Export me' }, headers })
  ).json();
  const [name] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  await page.request.post(`/api/tables/${table.id}/records`, {
    data: { records: [{ values: { [name.id]: 'First, with comma' } }, { values: { [name.id]: 'Second' } }] },
    headers,
  });
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 1, 0)).toHaveText('Second');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Export me.csv');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe('\uFEFFName\r\n"First, with comma"\r\nSecond\r\n');
});

test('a type change that would lose values is announced, then undone', async ({ page }) => {
  const user = await signedInUser(page, 'Typist');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Codes' }, headers })
  ).json();
  const code = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: { name: 'Code', options: { type: 'text' } },
      headers,
    })
  ).json();
  await page.request.post(`/api/tables/${table.id}/records`, {
    data: { records: ['12', 'abc', '7'].map((value) => ({ values: { [code.id]: value } })) },
    headers,
  });
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 1, 1)).toHaveText('abc');

  await page.getByRole('button', { name: /^Code \(/ }).click();
  await page.getByRole('menuitem', { name: 'Rename or change type' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption('number');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Change the field type?' }));
  await expect(confirm.getByText('1 value will be lost; 2 will be converted.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Change type' }).click();
  await expect(cell(page, 0, 1)).toHaveText('12');
  await expect(cell(page, 1, 1)).toHaveText('');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Field change undone')).toBeVisible();
  await expect(cell(page, 1, 1)).toHaveText('abc');
  const fields = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  expect(fields.find((f: { id: string }) => f.id === code.id).type).toBe('text');
});

test('filter and sort a view; the server evaluates both', async ({ page }) => {
  const user = await signedInUser(page, 'Sorter');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Scores' }, headers })
  ).json();
  const [name] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  const score = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: { name: 'Score', options: { type: 'number' } },
      headers,
    })
  ).json();
  await page.request.post(`/api/tables/${table.id}/records`, {
    data: {
      records: [
        ['Ada', 5],
        ['Bea', 50],
        ['Cid', 20],
        ['Dot', 80],
      ].map(([n, s]) => ({ values: { [name.id]: n, [score.id]: s } })),
    },
    headers,
  });
  await page.goto(`/tables/${table.id}`);
  await expect(page.getByText('4 records', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Score' });
  await page.getByLabel('Operator').selectOption('gte');
  await page.getByLabel('Value').fill('20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByLabel('Sort field').selectOption({ label: 'Score' });
  await page.getByLabel('Direction').selectOption('desc');
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 0)).toHaveText('Dot');
  await expect(cell(page, 1, 0)).toHaveText('Bea');
  await expect(cell(page, 2, 0)).toHaveText('Cid');

  // Saved in the view: a reload keeps both.
  await page.reload();
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();
  await expect(cell(page, 0, 0)).toHaveText('Dot');
});

test('undo of a record delete brings the same record back', async ({ page }) => {
  const user = await signedInUser(page, 'Undoer');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Keep' }, headers })
  ).json();
  const [name] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  const { records } = await (
    await page.request.post(`/api/tables/${table.id}/records`, {
      data: { records: [{ values: { [name.id]: 'Stays' } }, { values: { [name.id]: 'Comes back' } }] },
      headers,
    })
  ).json();
  await page.goto(`/tables/${table.id}`);
  await cell(page, 1, 0).click();
  await page.getByRole('button', { name: 'Delete record' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();

  await page.getByRole('grid').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect(cell(page, 1, 0)).toHaveText('Comes back');
  const page1 = await (await page.request.get(`/api/tables/${table.id}/records`)).json();
  expect(page1.records.map((r: { id: string }) => r.id)).toEqual([records[0].id, records[1].id]);
});
