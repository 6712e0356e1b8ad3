import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

const cell = (page: Page, row: number, col: number) => page.locator(`[data-row="${row}"][data-col="${col}"]`);

/** What the grid shows from top to bottom: group headers as their text, records by their primary value. */
function gridLines(page: Page) {
  return page.getByRole('grid').evaluate((grid) =>
    [...grid.querySelectorAll<HTMLElement>('[role="row"][aria-rowindex]')]
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .map((row) => {
        const header = row.querySelector('[data-group]');
        if (header) return `# ${header.getAttribute('aria-label')}`;
        return row.querySelector('[data-col="0"]')?.textContent?.trim() ?? '';
      }),
  );
}

test('filter with an or-group inside an and, sort by two fields, group by a select with counts', async ({ page }) => {
  const user = await signedInUser(page, 'Finder');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Deals' }, headers })
  ).json();
  const base = `/api/tables/${table.id}`;
  const [name] = await (await page.request.get(`${base}/fields`)).json();
  const post = async (data: unknown) => (await page.request.post(`${base}/fields`, { data, headers })).json();
  const stage = await post({
    name: 'Stage',
    options: {
      type: 'single_select',
      choices: [
        { id: 'opt_lead', name: 'Lead', color: 'gray' },
        { id: 'opt_won', name: 'Won', color: 'green' },
        { id: 'opt_lost', name: 'Lost', color: 'red' },
      ],
    },
  });
  const score = await post({ name: 'Score', options: { type: 'number' } });
  const region = await post({ name: 'Region', options: { type: 'text' } });
  const rows: [string, string | null, number, string][] = [
    ['Ada', 'opt_lead', 5, 'North'],
    ['Bea', 'opt_won', 50, 'South'],
    ['Cid', 'opt_lead', 20, 'North'],
    ['Dot', 'opt_lost', 80, 'North'],
    ['Eve', 'opt_won', 30, 'East'],
    ['Fay', null, 40, 'South'],
    ['Gus', 'opt_lead', 20, 'South'],
  ];
  const created = await page.request.post(`${base}/records`, {
    data: {
      records: rows.map(([n, s, p, r]) => ({
        values: { [name.id]: n, [stage.id]: s, [score.id]: p, [region.id]: r },
      })),
    },
    headers,
  });
  expect(created.ok()).toBeTruthy();
  await page.goto(`/tables/${table.id}`);
  await expect(page.getByText('7 records', { exact: true })).toBeVisible();

  // Score ≥ 10 and (Region is North or Region is South).
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await expect(page.getByLabel('Field', { exact: true })).toBeFocused();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Score' });
  await page.getByLabel('Operator').selectOption('gte');
  await page.getByLabel('Value').fill('10');
  await page.getByRole('button', { name: 'Add condition group' }).click();
  const group = page.getByRole('group', { name: 'Condition group' });
  await group.getByLabel('Field', { exact: true }).selectOption({ label: 'Region' });
  await group.getByLabel('Operator').selectOption('is');
  await group.getByLabel('Value').fill('North');
  await group.getByRole('button', { name: 'Add condition' }).click();
  await group.getByLabel('Field', { exact: true }).nth(1).selectOption({ label: 'Region' });
  await group.getByLabel('Operator').nth(1).selectOption('is');
  await group.getByLabel('Value').nth(1).fill('South');
  await group.getByLabel('And or or').selectOption('or');
  // An unfinished condition is left out rather than sent.
  await page.getByRole('button', { name: 'Add condition', exact: true }).last().click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('5 records', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter (3)' })).toBeVisible();

  // Score descending, then Name ascending.
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByLabel('Sort field').selectOption({ label: 'Score' });
  await page.getByLabel('Direction').selectOption('desc');
  await expect(cell(page, 0, 0)).toHaveText('Dot');
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByLabel('Sort field').nth(1).selectOption({ label: 'Name' });
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 0)).toHaveText('Dot');
  await expect(cell(page, 3, 0)).toHaveText('Cid');
  await expect(cell(page, 4, 0)).toHaveText('Gus');

  await page.getByRole('button', { name: 'Group', exact: true }).click();
  await page.getByLabel('Group by field').selectOption({ label: 'Stage' });
  await page.keyboard.press('Escape');
  const grouped = [
    '# Stage: Lead · 2',
    'Cid',
    'Gus',
    '# Stage: Won · 1',
    'Bea',
    '# Stage: Lost · 1',
    'Dot',
    '# Stage: Empty · 1',
    'Fay',
  ];
  await expect.poll(() => gridLines(page)).toEqual(grouped);

  // Arrow keys step over header rows and collapsed groups; editing works between groups.
  await page.getByRole('button', { name: /Lead · 2/ }).click();
  const collapsed = [
    '# Stage: Lead · 2',
    '# Stage: Won · 1',
    'Bea',
    '# Stage: Lost · 1',
    'Dot',
    '# Stage: Empty · 1',
    'Fay',
  ];
  await expect.poll(() => gridLines(page)).toEqual(collapsed);
  await cell(page, 2, 0).click();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 2, 0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 3, 0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('Dora');
  await page.keyboard.press('Enter');
  await expect(cell(page, 3, 0)).toHaveText('Dora');

  // A paste runs down the records on screen, past a collapsed group, and undoes as one step.
  await page.getByRole('button', { name: /Lost · 1/ }).click();
  await cell(page, 2, 0).click();
  await page.getByRole('grid').evaluate((grid) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Bee\nFey');
    grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(cell(page, 2, 0)).toHaveText('Bee');
  await expect(cell(page, 4, 0)).toHaveText('Fey');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(page, 2, 0)).toHaveText('Bea');
  await expect(cell(page, 4, 0)).toHaveText('Fay');
  await page.getByRole('button', { name: /Lost · 1/ }).click();
  await expect(cell(page, 3, 0)).toHaveText('Dora');

  // Someone adds a won deal: the counts follow.
  await page.request.post(`${base}/records`, {
    data: { records: [{ values: { [name.id]: 'Hal', [stage.id]: 'opt_won', [score.id]: 60, [region.id]: 'North' } }] },
    headers,
  });
  const live = [
    '# Stage: Lead · 2',
    '# Stage: Won · 2',
    'Hal',
    'Bea',
    '# Stage: Lost · 1',
    'Dora',
    '# Stage: Empty · 1',
    'Fay',
  ];
  await expect.poll(() => gridLines(page)).toEqual(live);

  // Filter, sorts, group and the collapsed group are all kept.
  await page.reload();
  await expect(page.getByText('6 records', { exact: true })).toBeVisible();
  await expect.poll(() => gridLines(page)).toEqual(live);
  await expect(page.getByRole('button', { name: 'Filter (3)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sort (2)' })).toBeVisible();

  await page.getByRole('button', { name: 'Group (1)' }).click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.keyboard.press('Escape');
  await expect
    .poll(() => gridLines(page))
    .toEqual([
      '# Stage: Lead · 2',
      'Cid',
      'Gus',
      '# Stage: Won · 2',
      'Hal',
      'Bea',
      '# Stage: Lost · 1',
      'Dora',
      '# Stage: Empty · 1',
      'Fay',
    ]);
});
