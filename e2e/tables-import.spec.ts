import { expect, type Page, test } from '@playwright/test';
import { signedInUser } from './support';

const cell = (page: Page, row: number, col: number) => page.locator(`[data-row="${row}"][data-col="${col}"]`);
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('create a table from a CSV: preview, inferred types, a corrected type, progress and the failed row', async ({
  page,
}) => {
  await signedInUser(page, 'Imogen');
  await page.goto('/tables');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'New table from CSV' });

  // A file that is not CSV gets a clear error and the picker stays.
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  await expect(dialog.getByText('“photo.png” is not a CSV file.', { exact: false })).toBeVisible();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('empty.csv', ''));
  await expect(dialog.getByText('“empty.csv” is empty.')).toBeVisible();

  const csv = [
    'Name,Amount,Email,Status,Since',
    'Ada,12.50,ada@example.com,Lead,2024-01-31',
    'Bob,7,bob@example,Customer,2024-02-01',
    '"Cy, Jr.",3,cy@example.com,Lead,2024-03-15',
    'Dee,4,dee@example.com,Lead,2024-04-01',
  ].join('\r\n');
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('contacts.csv', csv));

  await expect(dialog.getByLabel('Table name')).toHaveValue('contacts');
  const preview = dialog.getByRole('region', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'Cy, Jr.' })).toBeVisible();
  await expect(dialog.getByText('4 rows')).toBeVisible();

  // Inferred: Amount a number, Status a single select, Since a date; Email is text (one is not an email).
  await expect(dialog.getByLabel('Type of Column 2 (Amount)')).toHaveValue('number');
  await expect(dialog.getByLabel('Type of Column 4 (Status)')).toHaveValue('single_select');
  await expect(dialog.getByLabel('Type of Column 5 (Since)')).toHaveValue('date');
  await expect(dialog.getByLabel('Type of Column 3 (Email)')).toHaveValue('text');
  // Corrected by the user: Email is an email field, so Bob's row cannot be read.
  await dialog.getByLabel('Type of Column 3 (Email)').selectOption('email');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText('4 of 4 rows sent')).toBeVisible();
  await expect(dialog.getByTestId('import-summary')).toHaveText('3 rows imported, 1 row failed');
  const failed = dialog.getByRole('table', { name: 'Failed rows' });
  await expect(failed.getByRole('row').nth(1)).toHaveText(/^3\s*Email\s*Email must be an email address$/);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download failed rows' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('contacts-failed.csv');
  const text = (await (await file.createReadStream()).toArray()).join('');
  expect(text.replace(/^\uFEFF/, '')).toBe(
    'Name,Amount,Email,Status,Since\r\nBob,7,bob@example,Customer,2024-02-01\r\n',
  );

  await dialog.getByRole('button', { name: 'Open table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/]+$/);
  await expect(page.getByLabel('Table name')).toHaveValue('contacts');
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader').filter({ hasText: 'Amount' })).toBeVisible();
  await expect(cell(page, 0, 0)).toHaveText('Ada');
  await expect(cell(page, 1, 0)).toHaveText('Cy, Jr.');
  await expect(cell(page, 2, 2)).toHaveText('dee@example.com');
  await expect(cell(page, 0, 3)).toHaveText('Lead');
});

test('import a CSV onto an existing table: columns map by name, one is skipped, one goes to another field', async ({
  page,
}) => {
  await signedInUser(page, 'Mapper');
  await page.goto('/tables');
  await page.getByRole('button', { name: 'New table' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Orders');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/]+$/);
  await page.getByRole('button', { name: 'Add field' }).click();
  const fieldDialog = page.getByRole('dialog');
  await fieldDialog.getByLabel('Name').fill('Total');
  await fieldDialog.getByLabel('Type').selectOption('number');
  await fieldDialog.getByRole('button', { name: 'Add field' }).click();
  await expect(fieldDialog).toBeHidden();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const csv = 'Order;Price;Notes\nA-1;10;keep\nA-2;oops;x\nA-3;30;y\n';
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('orders.csv', csv));
  // "Order" matches no field: it goes to Name; "Price" goes to Total; "Notes" stays out.
  await dialog.getByLabel('Target of Column 1 (Order)').selectOption({ label: 'Name' });
  await dialog.getByLabel('Target of Column 2 (Price)').selectOption({ label: 'Total' });
  await dialog.getByLabel('Import Column 3 (Notes)').uncheck();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows imported, 1 row failed');
  await expect(dialog.getByRole('table', { name: 'Failed rows' }).getByRole('row').nth(1)).toHaveText(
    /^3\s*Total\s*Total must be a number$/,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect(cell(page, 0, 0)).toHaveText('A-1');
  await expect(cell(page, 1, 1)).toHaveText('30');
  await expect(page.getByRole('columnheader').filter({ hasText: 'Notes' })).toHaveCount(0);
});
