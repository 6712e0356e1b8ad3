import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots } from './support';
import { tableWith } from './tables-support';

const headers = { origin: APP_ORIGIN };

/** Records through the API, a thousand per request (the batch limit). */
async function createRecords(page: Page, tableId: string, records: Array<{ values: Record<string, unknown> }>) {
  for (let i = 0; i < records.length; i += 1000) {
    const created = await page.request.post(`/api/tables/${tableId}/records`, {
      data: { records: records.slice(i, i + 1000) },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
}

test('a kanban board past 1,000 records shows the server’s counts and loads more cards as a column scrolls', async ({
  page,
}) => {
  const { table, primary, fields } = await tableWith(page, 'Backlog', [
    {
      name: 'Stage',
      options: {
        type: 'single_select',
        choices: [
          { id: 'todo', name: 'To do', color: 'gray' },
          { id: 'doing', name: 'Doing', color: 'blue' },
          { id: 'done', name: 'Done', color: 'green' },
        ],
      },
    },
  ]);
  const stage = fields[0];
  // 1,100 tasks, the stages interleaved: the first 1,000 loaded would hold only 500 of the 550 to do.
  await createRecords(
    page,
    table.id,
    Array.from({ length: 1100 }, (_, i) => ({
      values: {
        [primary.id]: `Task ${i + 1}`,
        ...(i % 2 === 0 ? { [stage.id]: 'todo' } : i % 4 === 1 ? { [stage.id]: 'doing' } : {}),
      },
    })),
  );
  const view = await page.request.post(`/api/tables/${table.id}/views`, {
    data: { name: 'Board', type: 'kanban', config: { kanbanFieldId: stage.id } },
    headers,
  });
  expect(view.ok()).toBe(true);

  await page.goto(`/tables/${table.id}`);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const column = (name: string) => page.getByRole('region', { name: `${name} column` });
  await expect(column('To do').getByText('550 records')).toBeVisible();
  await expect(column('Doing').getByText('275 records')).toBeVisible();
  await expect(column('No value').getByText('275 records')).toBeVisible();
  await expect(column('Done').getByText('0 records')).toBeVisible();
  await expect(page.getByText(/Showing the first/)).toHaveCount(0);

  // A column shows its first page; scrolling it to the end loads the next ones, up to the last card.
  const todo = column('To do');
  await expect(todo.getByText('Task 1', { exact: true })).toBeVisible();
  const firstPage = await todo.locator('li[data-record-id]').count();
  expect(firstPage).toBeLessThan(550);
  const last = todo.getByText('Task 1099', { exact: true });
  for (let i = 0; i < 20 && (await last.count()) === 0; i++) {
    await todo.getByRole('list').evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await page.waitForTimeout(150);
  }
  await expect(last).toBeAttached();
  await expect(todo.locator('li[data-record-id]')).toHaveCount(550);
  await screenshots(page, 'kanban-1100');
  // At 390 px the board scrolls inside itself; the page never scrolls sideways (screen-reader texts
  // of columns scrolled out of view once widened it to 1,009 px).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Moving a card changes both columns' counts.
  await column('Doing').getByRole('button', { name: 'Actions for Task 2', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Done' }).click();
  await expect(column('Done').getByText('Task 2', { exact: true })).toBeVisible();
  await expect(column('Done').getByText('1 record', { exact: true })).toBeVisible();
  await expect(column('Doing').getByText('274 records')).toBeVisible();
});

test('the grid footer sums, averages and counts checks over the whole view, and follows filters and edits', async ({
  page,
}) => {
  const { table, primary, fields } = await tableWith(page, 'Orders', [
    { name: 'Amount', options: { type: 'number' } },
    { name: 'Score', options: { type: 'number' } },
    { name: 'Paid', options: { type: 'checkbox' } },
  ]);
  const [amount, score, paid] = fields;
  // 1,200 orders: more than the grid loads at once, so only the server can total them.
  const created = Array.from({ length: 1200 }, (_, i) => ({
    values: {
      [primary.id]: `Order ${i + 1}`,
      [amount.id]: i + 1,
      [score.id]: i < 600 ? 1 : 3,
      ...(i < 300 ? { [paid.id]: true } : {}),
    },
  }));
  await createRecords(page, table.id, created);

  await page.goto(`/tables/${table.id}`);
  await expect(page.getByText('1,200 records', { exact: true })).toBeVisible();
  const summary = (name: string) => page.getByRole('button', { name: new RegExp(`^Summary of ${name}`) });
  const choose = async (name: string, option: string) => {
    await summary(name).click();
    await page.getByRole('menuitemradio', { name: option, exact: true }).click();
  };
  await choose('Amount', 'Sum');
  await choose('Score', 'Average');
  await choose('Paid', 'Percent checked');
  await expect(summary('Amount')).toContainText('720,600');
  await expect(summary('Score')).toContainText('2');
  await expect(summary('Paid')).toContainText('25%');
  await screenshots(page, 'grid-footer');

  // Remembered in the view: a reload shows the same summaries.
  await page.reload();
  await expect(summary('Amount')).toContainText('720,600');
  await expect(summary('Paid')).toContainText('25%');

  // A filter narrows every figure to the records it keeps.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Amount' });
  await page.getByLabel('Operator').selectOption('gte');
  await page.getByLabel('Value').fill('601');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('600 records', { exact: true })).toBeVisible();
  await expect(summary('Amount')).toContainText('540,300');
  await expect(summary('Score')).toContainText('3');
  await expect(summary('Paid')).toContainText('0%');

  // Someone else's edit arrives live and the sum follows.
  const records = await (
    await page.request.get(
      `/api/tables/${table.id}/records?limit=1&sort=${encodeURIComponent(JSON.stringify([{ fieldId: amount.id, direction: 'desc' }]))}`,
    )
  ).json();
  const updated = await page.request.patch(`/api/tables/${table.id}/records`, {
    data: { records: [{ id: records.records[0].id, values: { [amount.id]: 1300 } }] },
    headers,
  });
  expect(updated.ok()).toBe(true);
  await expect(summary('Amount')).toContainText('540,400');

  // None takes a summary away again.
  await choose('Score', 'None');
  await expect(summary('Score')).not.toContainText('3');
});
