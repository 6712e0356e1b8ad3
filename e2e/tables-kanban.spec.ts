import { expect, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

test('a kanban view groups cards by a single select; a drag moves a card and the grid agrees', async ({ page }) => {
  const user = await signedInUser(page, 'Kanbanist');
  const headers = { origin: APP_ORIGIN };
  const table = await (
    await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Tasks' }, headers })
  ).json();
  const [title] = await (await page.request.get(`/api/tables/${table.id}/fields`)).json();
  const stage = await (
    await page.request.post(`/api/tables/${table.id}/fields`, {
      data: {
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
      headers,
    })
  ).json();
  const created = await page.request.post(`/api/tables/${table.id}/records`, {
    data: {
      records: [
        { values: { [title.id]: 'Write spec', [stage.id]: 'todo' } },
        { values: { [title.id]: 'Ship it', [stage.id]: 'doing' } },
        { values: { [title.id]: 'Loose end' } },
      ],
    },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto(`/tables/${table.id}`);
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: /^Kanban/ }).click();
  const nameDialog = page.getByRole('dialog');
  await expect(nameDialog.getByLabel('Name')).toHaveValue('Kanban');
  await nameDialog.getByRole('button', { name: 'Create view' }).click();
  await expect(page.getByRole('button', { name: 'Kanban', exact: true })).toHaveAttribute('aria-current', 'page');

  // The board asks which single select makes its columns.
  await page.getByRole('button', { name: 'Stage' }).click();
  const column = (name: string) => page.getByRole('region', { name: `${name} column` });
  await expect(column('To do').getByText('Write spec')).toBeVisible();
  await expect(column('Doing').getByText('Ship it')).toBeVisible();
  await expect(column('No value').getByText('Loose end')).toBeVisible();
  await expect(column('Done').getByText('No records')).toBeVisible();

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/records'),
  );
  await column('To do').getByText('Write spec').dragTo(column('Done'));
  await expect(column('Done').getByText('Write spec')).toBeVisible();
  await expect(column('To do').getByText('No records')).toBeVisible();
  expect((await saved).ok()).toBe(true);

  // The "Move to" menu does the same without a mouse drag.
  await column('No value').getByRole('button', { name: 'Actions for Loose end' }).click();
  await page.getByRole('menuitem', { name: 'Doing' }).click();
  await expect(column('Doing').getByText('Loose end')).toBeVisible();

  // Kept on the server: a reload shows the board as left, and the grid view shows the new stage.
  await page.reload();
  await expect(column('Done').getByText('Write spec')).toBeVisible();
  await expect(column('Doing').getByText('Loose end')).toBeVisible();
  await page.getByRole('button', { name: 'Grid view', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Write spec' });
  await expect(row.getByText('Done')).toBeVisible();
});
