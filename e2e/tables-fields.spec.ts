import { expect, type Locator, type Page, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const cell = (page: Page, row: number, col: number) => page.locator(`[data-row="${row}"][data-col="${col}"]`);

async function newTable(page: Page, accountId: string, name: string, names: string[] = []) {
  const table = await (await page.request.post('/api/tables', { data: { accountId, name }, headers })).json();
  const [primary] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  if (names.length)
    await page.request.post(`/api/tables/${table.id}/records`, {
      data: { records: names.map((value) => ({ values: { [primary.id]: value } })) },
      headers,
    });
  return { id: table.id as string, primaryId: primary.id as string };
}

type FieldSpec = { name: string; type: string; configure?: (dialog: Locator) => Promise<unknown> };

async function addField(page: Page, { name, type, configure }: FieldSpec) {
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Type').selectOption(type);
  await configure?.(dialog);
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('columnheader').filter({ hasText: name })).toHaveCount(1);
}

async function addOptions(dialog: Locator, options: [string, string][]) {
  for (const [name, colour] of options) {
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog
      .getByLabel(/^Option \d+$/)
      .last()
      .fill(name);
    await dialog.getByLabel(`Colour of ${name}`).selectOption(colour);
  }
}

/** Every type of the contract, added through the dialog with its options, in grid order after the primary. */
const everyType: FieldSpec[] = [
  { name: 'Notes', type: 'long_text' },
  { name: 'Qty', type: 'number', configure: (d) => d.getByLabel('Decimal places').selectOption({ value: '2' }) },
  {
    name: 'Price',
    type: 'currency',
    configure: async (d) => {
      await d.getByLabel('Currency symbol').fill('€');
    },
  },
  { name: 'Done', type: 'percent', configure: (d) => d.getByLabel('Decimal places').selectOption({ value: '1' }) },
  { name: 'Flag', type: 'checkbox' },
  { name: 'Due', type: 'date', configure: (d) => d.getByLabel('Date format').selectOption('european') },
  {
    name: 'Meeting',
    type: 'date_time',
    configure: async (d) => {
      await d.getByLabel('Date format').selectOption('iso');
      await d.getByLabel('Time zone').selectOption('Asia/Tokyo');
    },
  },
  {
    name: 'Stage',
    type: 'single_select',
    configure: (d) =>
      addOptions(d, [
        ['Lead', 'gray'],
        ['Won', 'green'],
      ]),
  },
  {
    name: 'Tags',
    type: 'multi_select',
    configure: (d) =>
      addOptions(d, [
        ['Red', 'red'],
        ['Blue', 'blue'],
      ]),
  },
  { name: 'Mail', type: 'email' },
  { name: 'Site', type: 'url' },
  { name: 'Phone', type: 'phone' },
  { name: 'Stars', type: 'rating', configure: (d) => d.getByLabel('Maximum').selectOption('10') },
  {
    name: 'Project',
    type: 'link',
    configure: (d) => d.getByLabel('Link to table').selectOption({ label: 'Projects' }),
  },
  {
    name: 'Project name',
    type: 'lookup',
    configure: async (d) => {
      await d.getByLabel('Through link field').selectOption({ label: 'Project' });
      await d.getByLabel('Field in the linked table').selectOption({ label: 'Name' });
    },
  },
  {
    name: 'Projects linked',
    type: 'rollup',
    configure: async (d) => {
      await d.getByLabel('Through link field').selectOption({ label: 'Project' });
      await d.getByLabel('Field in the linked table').selectOption({ label: 'Name' });
      await d.getByLabel('Summary').selectOption('count');
    },
  },
  {
    name: 'Total',
    type: 'formula',
    configure: async (d) => {
      // A bad formula is explained before anything is saved.
      await d.getByLabel('Formula').fill('{Qty} * {Nope}');
      await expect(d.getByText('Unknown field {Nope}')).toBeVisible();
      await d.getByRole('button', { name: 'Add field' }).click();
      await expect(d.getByRole('alert').or(d.getByText('Unknown field {Nope}')).first()).toBeVisible();
      await d.getByLabel('Formula').fill('{Qty} * {Price}');
      await expect(d.getByText(/Unknown field/)).toHaveCount(0);
    },
  },
  { name: 'Created', type: 'created_time' },
  { name: 'Updated', type: 'updated_time' },
  { name: 'Creator', type: 'created_by' },
  { name: 'No', type: 'autonumber' },
  { name: 'Files', type: 'attachment' },
];

test('every field type is added through the dialog with its options and takes a value from its editor', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await signedInUser(page, 'Fieldy');
  await newTable(page, user.personalAccountId, 'Projects', ['Apollo', 'Gemini']);
  const table = await newTable(page, user.personalAccountId, 'Everything');
  await page.goto(`/tables/${table.id}`);
  await expect(page.getByRole('grid')).toBeVisible();
  for (const spec of everyType) await addField(page, spec);

  await page.getByRole('button', { name: 'Add record' }).first().click();
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  const grid = page.getByRole('grid');
  const editor = (col: number) => cell(page, 0, col).locator('input, textarea');

  await cell(page, 0, 0).click();
  await page.keyboard.type('Widget');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Two lines');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('45');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  // Typed dates follow the field's format; the date-time is typed in the field's zone.
  await page.keyboard.type('3/11/2026');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await editor(7).fill('2026-11-03T09:30');
  await page.keyboard.press('Tab');
  // Selects open a list: arrows move, Enter picks (single), Space toggles and Tab saves (multiple).
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+1 555 0100');
  await page.keyboard.press('Tab');
  await page.keyboard.type('7');
  await page.keyboard.press('Tab');
  // The link picker searches the linked table; Enter links the highlighted record.
  await page.keyboard.type('gem');
  const picker = page.getByRole('combobox', { name: 'Find a record to link in Project' });
  await expect(picker).toHaveValue('gem');
  await expect(page.getByRole('option', { name: 'Gemini' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Apollo' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();

  const expected: [number, string | RegExp][] = [
    [0, 'Widget'],
    [1, 'Two lines'],
    [2, '3.00'],
    [3, '€12.50'],
    [4, '45.0%'],
    [6, '03/11/2026'],
    [7, '2026-11-03 09:30'],
    [8, 'Won'],
    [9, 'RedBlue'],
    [10, 'ada@example.com'],
    [11, 'example.com'],
    [12, '+1 555 0100'],
    [14, 'Gemini'],
    [15, 'Gemini'],
    [16, '1'],
    [17, '37.5'],
    [18, /\d{4}|\w{3} \d/],
    [19, /\d{4}|\w{3} \d/],
    [20, 'Fieldy'],
    [21, '1'],
  ];
  // Columns off screen are not in the DOM: walk to each with the keys, which scrolls it into view.
  const goTo = async (col: number) => {
    await page.keyboard.press('Home');
    for (let step = 0; step < col; step++) await page.keyboard.press('ArrowRight');
  };
  for (const [col, text] of expected) {
    await goTo(col);
    await expect(cell(page, 0, col)).toHaveText(text);
  }
  await goTo(5);
  await expect(cell(page, 0, 5).getByRole('img', { name: 'checked' })).toBeVisible();
  await goTo(13);
  await expect(cell(page, 0, 13).getByRole('img', { name: '7 of 10' })).toBeVisible();

  // Computed fields refuse edits with a message; the values survive a reload.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Total is computed and cannot be edited')).toBeVisible();
  await page.reload();
  await expect(cell(page, 0, 0)).toHaveText('Widget');
  await grid.focus();
  await expect(cell(page, 0, 3)).toHaveText('€12.50');
  await expect(cell(page, 0, 6)).toHaveText('03/11/2026');
});

test('link two tables with the picker: names in the cell, the back-link in the other table, lookup and rollup', async ({
  page,
}) => {
  const user = await signedInUser(page, 'Linker');
  const projects = await newTable(page, user.personalAccountId, 'Projects', ['Apollo', 'Gemini', 'Mercury']);
  const people = await newTable(page, user.personalAccountId, 'People', ['Ada', 'Grace']);
  await page.goto(`/tables/${people.id}`);
  await addField(page, {
    name: 'Projects',
    type: 'link',
    configure: (d) => d.getByLabel('Link to table').selectOption({ label: 'Projects' }),
  });
  await addField(page, {
    name: 'Project count',
    type: 'rollup',
    configure: async (d) => {
      await d.getByLabel('Through link field').selectOption({ label: 'Projects' });
      await d.getByLabel('Field in the linked table').selectOption({ label: 'Name' });
      await d.getByLabel('Summary').selectOption('count');
    },
  });
  await addField(page, {
    name: 'Project names',
    type: 'lookup',
    configure: async (d) => {
      await d.getByLabel('Through link field').selectOption({ label: 'Projects' });
      await d.getByLabel('Field in the linked table').selectOption({ label: 'Name' });
    },
  });

  // Enter opens the picker; arrows and Enter pick; a click adds another and keeps it open; Done saves.
  await cell(page, 0, 1).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Mercury' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 1)).toHaveText('Gemini');
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Mercury' }).click();
  await expect(page.getByRole('option', { name: 'Mercury' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(cell(page, 0, 1)).toHaveText('GeminiMercury');
  await expect(cell(page, 0, 2)).toHaveText('2');
  await expect(cell(page, 0, 3)).toHaveText('Gemini, Mercury');

  // Escape closes the picker without saving.
  await cell(page, 1, 1).click();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Apollo' }).click();
  await page.keyboard.press('Escape');
  await expect(cell(page, 1, 1)).toHaveText('');

  // The record panel links too.
  await cell(page, 1, 0).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Expand record' }).click();
  const panel = page.getByRole('dialog', { name: 'Grace' });
  await panel.getByRole('button', { name: 'Projects' }).click();
  await panel.getByRole('combobox').fill('apo');
  await expect(panel.getByRole('option', { name: 'Apollo' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Apollo').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cell(page, 1, 1)).toHaveText('Apollo');

  // The other table shows the back-links by name.
  await page.goto(`/tables/${projects.id}`);
  await expect(cell(page, 0, 0)).toHaveText('Apollo');
  await expect(cell(page, 0, 1)).toHaveText('Grace');
  await expect(cell(page, 1, 1)).toHaveText('Ada');
  await expect(cell(page, 2, 1)).toHaveText('Ada');

  // Unlinking with Backspace in the picker removes the back-link too.
  await page.goto(`/tables/${people.id}`);
  await cell(page, 0, 1).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(cell(page, 0, 1)).toHaveText('Gemini');
  await page.goto(`/tables/${projects.id}`);
  await expect(cell(page, 2, 1)).toHaveText('');
});

test('fill down copies the top cells over three rows as one step that undo and redo replay', async ({ page }) => {
  const user = await signedInUser(page, 'Filler');
  const table = await newTable(page, user.personalAccountId, 'Tasks');
  const status = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: { name: 'Points', options: { type: 'number' } },
      headers,
    })
  ).json();
  const double = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: { name: 'Double', options: { type: 'formula', expression: '{Points} * 2' } },
      headers,
    })
  ).json();
  await page.request.post(`/api/tables/${table.id}/records`, {
    data: {
      records: [
        { values: { [table.primaryId]: 'Plan', [status.id]: 5 } },
        { values: { [table.primaryId]: 'Build', [status.id]: 1 } },
        { values: { [table.primaryId]: 'Ship' } },
        { values: { [table.primaryId]: 'Tell' } },
      ],
    },
    headers,
  });
  expect(double.id).toBeTruthy();
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 3, 0)).toHaveText('Tell');

  // Select Points and Double of all four rows, then Ctrl+D: the formula column is left to the server.
  await cell(page, 0, 1).click();
  await cell(page, 3, 2).click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+d');
  for (const row of [1, 2, 3]) {
    await expect(cell(page, row, 1)).toHaveText('5');
    await expect(cell(page, row, 2)).toHaveText('10');
  }
  await expect(cell(page, 0, 0)).toHaveText('Plan');

  await page.keyboard.press('Control+z');
  await expect(cell(page, 1, 1)).toHaveText('1');
  await expect(cell(page, 2, 1)).toHaveText('');
  await expect(cell(page, 3, 1)).toHaveText('');
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 3, 1)).toHaveText('5');

  // The same from the context menu of the selection, and it survives a reload.
  await page.keyboard.press('Control+z');
  await expect(cell(page, 3, 1)).toHaveText('');
  await cell(page, 0, 0).click();
  await cell(page, 0, 1).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: /Fill down/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await cell(page, 0, 1).click();
  await cell(page, 3, 1).click({ modifiers: ['Shift'] });
  await cell(page, 2, 1).click({ button: 'right' });
  await page.getByRole('menuitem', { name: /Fill down/ }).click();
  await expect(cell(page, 3, 1)).toHaveText('5');
  await page.reload();
  await expect(cell(page, 3, 1)).toHaveText('5');
  await expect(cell(page, 1, 1)).toHaveText('5');
});
