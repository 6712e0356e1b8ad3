import { inflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots } from './support';
import { addView, tableWith } from './tables-support';

const headers = { origin: APP_ORIGIN };
const cell = (page: Page, row: number, col: number) => page.locator(`[data-row="${row}"][data-col="${col}"]`);
const recordsSaved = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/records'));

async function addRecords(page: Page, tableId: string, records: Record<string, unknown>[]) {
  const created = await page.request.post(`/api/tables/${tableId}/records`, {
    data: { records: records.map((values) => ({ values })) },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/** The colour the screen shows at one point, read from a 1×1 screenshot (its one pixel needs no unfiltering). */
async function colourAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  const idat: Buffer[] = [];
  let colourType = 0;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') colourType = png[at + 17] ?? 0;
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  expect([2, 6]).toContain(colourType);
  const pixel = inflateSync(Buffer.concat(idat));
  return [pixel[1] ?? 0, pixel[2] ?? 0, pixel[3] ?? 0];
}

test('an invalid value stays in its cell editor with the reason under it; Escape cancels; no ids are shown', async ({
  page,
}) => {
  const { table, primary, fields } = await tableWith(page, 'Contacts', [{ name: 'Email', options: { type: 'email' } }]);
  await addRecords(page, table.id, [
    { [primary.id]: 'Ada', [fields[0].id]: 'ada@example.com' },
    { [primary.id]: 'Grace' },
  ]);
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 1, 0)).toHaveText('Grace');

  await cell(page, 1, 1).click();
  await page.keyboard.type('grace@example');
  await page.keyboard.press('Enter');
  const editor = cell(page, 1, 1).getByRole('textbox', { name: 'Email' });
  await expect(editor).toHaveValue('grace@example');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAccessibleDescription('Email must be an email address');
  await expect(page.getByRole('alert').filter({ hasText: 'Email must be an email address' })).toBeVisible();
  await screenshots(page, 'grid-cell-refused');
  await editor.focus();
  // Tab and a click on another cell do not lose it either.
  await page.keyboard.press('Tab');
  await expect(editor).toHaveValue('grace@example');
  await cell(page, 0, 0).click();
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('grace@example');
  await expect(page.getByText(/rec_/)).toHaveCount(0);

  await page.keyboard.type('.com');
  const saved = recordsSaved(page);
  await page.keyboard.press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(editor).toBeHidden();
  await expect(cell(page, 1, 1)).toHaveText('grace@example.com');
  await expect(page.getByRole('alert').filter({ hasText: 'Email must be' })).toHaveCount(0);

  // Escape gives up a refused edit and keeps the value that was there.
  await cell(page, 0, 1).click();
  await page.keyboard.type('nobody');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Email must be an email address' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 1).getByRole('textbox')).toHaveCount(0);
  await expect(cell(page, 0, 1)).toHaveText('ada@example.com');
  await expect(page.getByText(/rec_/)).toHaveCount(0);

  await page.reload();
  await expect(cell(page, 1, 1)).toHaveText('grace@example.com');
  await expect(cell(page, 0, 1)).toHaveText('ada@example.com');
});

test('a selected row scrolled sideways stays under the frozen primary column', async ({ page }) => {
  const others = Array.from({ length: 8 }, (_, index) => ({ name: `Note ${index + 1}`, options: { type: 'text' } }));
  const { table, primary, fields } = await tableWith(page, 'Wide', others);
  await addRecords(page, table.id, [
    Object.fromEntries([[primary.id, 'Ada'], ...fields.map((field) => [field.id, `text of ${field.name}`])]),
  ]);
  await page.goto(`/tables/${table.id}`);
  await cell(page, 0, 0).click();
  // The whole row selected, and the grid scrolled to its last column.
  await page.keyboard.press('Shift+End');
  await expect(cell(page, 0, 8)).toBeVisible();
  await expect(cell(page, 0, 0)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.getByRole('grid').evaluate((grid) => grid.scrollLeft)).toBeGreaterThan(100);

  const box = await cell(page, 0, 0).boundingBox();
  if (!box) throw new Error('the primary cell is not on screen');
  // From the top of what is drawn at a point of the primary cell down to the first opaque background.
  const seen = await page.evaluate(
    ({ x, y }) => {
      const alpha = (colour: string) => {
        if (colour === 'transparent') return 0;
        const slash = /\/\s*([\d.]+)\s*\)$/.exec(colour);
        if (slash) return Number(slash[1]);
        const rgba = /^rgba\(.*,\s*([\d.]+)\)$/.exec(colour);
        return rgba ? Number(rgba[1]) : 1;
      };
      const stack = document.elementsFromPoint(x, y);
      const covered = stack.some((element) => element.matches('[data-col]:not([data-col="0"])'));
      const above: string[] = [];
      for (const element of stack) {
        const col = element.closest('[data-col]')?.getAttribute('data-col');
        if (col) above.push(col);
        if (alpha(getComputedStyle(element).backgroundColor) === 1) break;
      }
      return { covered, above };
    },
    { x: box.x + box.width - 10, y: box.y + box.height / 2 },
  );
  // Scrolled columns do lie under the frozen one there, and none of them shows through.
  expect(seen.covered).toBe(true);
  expect(seen.above.every((col) => col === '0')).toBe(true);
  await screenshots(page, 'grid-selected-row-scrolled');
});

test('a multi select keeps its ticks when Escape or a click elsewhere closes it', async ({ page }) => {
  const { table, primary, fields } = await tableWith(page, 'Tagged', [
    {
      name: 'Tags',
      options: {
        type: 'multi_select',
        choices: [
          { id: 'opt_red', name: 'Red', color: 'red' },
          { id: 'opt_green', name: 'Green', color: 'green' },
          { id: 'opt_blue', name: 'Blue', color: 'blue' },
        ],
      },
    },
  ]);
  await addRecords(page, table.id, [{ [primary.id]: 'Ada', [fields[0].id]: ['opt_green'] }]);
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 0, 1)).toHaveText('Green');

  await cell(page, 0, 1).click();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox', { name: 'Tags' });
  await list.getByRole('option', { name: 'Red' }).click();
  await list.getByRole('option', { name: 'Blue' }).click();
  await screenshots(page, 'grid-multi-select-open');
  let saved = recordsSaved(page);
  await page.keyboard.press('Escape');
  expect((await saved).ok()).toBe(true);
  await expect(list).toBeHidden();
  await expect(cell(page, 0, 1)).toHaveText(/Green\s*Red\s*Blue/);

  await cell(page, 0, 1).click();
  await page.keyboard.press('Enter');
  await list.getByRole('option', { name: 'Green' }).click();
  saved = recordsSaved(page);
  await cell(page, 0, 0).click();
  expect((await saved).ok()).toBe(true);
  await expect(list).toBeHidden();

  await page.reload();
  await expect(cell(page, 0, 1)).toHaveText(/^\s*Red\s*Blue\s*$/);
});

test('a search or a filter that hides every record says so and clears with one click', async ({ page }) => {
  const { table, primary } = await tableWith(page, 'People', []);
  await addRecords(page, table.id, [{ [primary.id]: 'Ada' }, { [primary.id]: 'Grace' }]);
  await page.goto(`/tables/${table.id}`);
  await expect(cell(page, 1, 0)).toHaveText('Grace');
  // A table with records on show has nothing to explain.
  await expect(page.getByText('No records to show')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search records' }).fill('zebra');
  await expect(page.getByText('The search “zebra” hides all records.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search records' })).toHaveValue('');
  await expect(cell(page, 1, 0)).toHaveText('Grace');
  await expect(page.getByText('No records to show')).toHaveCount(0);

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Name' });
  await page.getByLabel('Operator').selectOption('is');
  await page.getByLabel('Value').fill('Nobody');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This view’s filters hide all records.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search records' }).fill('Ada');
  await expect(page.getByText('The search “Ada” and this view’s filters hide all records.')).toBeVisible();
  await screenshots(page, 'grid-hidden-records');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cell(page, 0, 0)).toHaveText('Ada');
  await expect(page.getByText('1 record', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await page.reload();
  await expect(cell(page, 1, 0)).toHaveText('Grace');
});

test('a kanban board whose cards the search hides says so and clears the search', async ({ page }) => {
  const { table, primary, fields } = await tableWith(page, 'Tasks', [
    {
      name: 'Stage',
      options: { type: 'single_select', choices: [{ id: 'opt_todo', name: 'To do', color: 'gray' }] },
    },
  ]);
  await addRecords(page, table.id, [{ [primary.id]: 'Write spec', [fields[0].id]: 'opt_todo' }]);
  await page.goto(`/tables/${table.id}`);
  await addView(page, 'Kanban');
  await page.getByRole('button', { name: 'Stage' }).click();
  const todo = page.getByRole('region', { name: 'To do column' });
  await expect(todo.getByText('Write spec')).toBeVisible();
  await expect(page.getByText('No records to show')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search records' }).fill('zebra');
  await expect(page.getByText('The search “zebra” hides all records.')).toBeVisible();
  await expect(todo.getByText('Write spec')).toHaveCount(0);
  await screenshots(page, 'kanban-hidden-records');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(todo.getByText('Write spec')).toBeVisible();
  await expect(page.getByText('No records to show')).toHaveCount(0);
});

test('the calendar dims the days outside the month it shows', async ({ page }) => {
  const { table } = await tableWith(page, 'Dates', [{ name: 'Due', options: { type: 'date' } }]);
  await page.goto(`/tables/${table.id}`);
  await addView(page, 'Calendar');
  await page.getByRole('button', { name: 'Due' }).click();
  await expect(page.locator('[data-day]').first()).toBeVisible();

  const now = new Date();
  let month = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1));
  // A month that starts on a Monday has no leading days from the month before; the next one does.
  if (month.getUTCDay() === 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
    month = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 1));
  }
  const prefix = month.toISOString().slice(0, 7);
  const inside = page.locator(`[data-day="${prefix}-15"]`);
  const outside = page.locator('[data-day]').first();
  await expect(inside).toBeVisible();
  expect((await outside.getAttribute('data-day'))?.startsWith(prefix)).toBe(false);

  await screenshots(page, 'calendar-month');
  // A spot inside each day cell with nothing drawn on it: its lower right corner.
  const spot = async (day: typeof inside) => {
    const box = await day.boundingBox();
    if (!box) throw new Error('day not on screen');
    return colourAt(page, box.x + box.width - 6, box.y + box.height - 6);
  };
  const [inMonth, outOfMonth] = [await spot(inside), await spot(outside)];
  const lightness = ([r, g, b]: number[]) => (r ?? 0) + (g ?? 0) + (b ?? 0);
  expect(lightness(outOfMonth)).toBeLessThan(lightness(inMonth) - 6);
  // The day number is muted too.
  const numberColour = (day: typeof inside) =>
    day
      .getByText(/^\d+$/)
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  expect(await numberColour(outside)).not.toBe(await numberColour(inside));
});
