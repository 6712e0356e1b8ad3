import { expect, test } from '@playwright/test';
import { headers, newFlow, SHOTS, step } from './flow-editor-support';

test('run the draft: each step shows how it went, the failed one its error; the run opens as an execution', async ({
  page,
}) => {
  const flow = await newFlow(page, 'Runs');
  const graph = {
    nodes: [
      {
        id: 'start',
        type: 'trigger.manual',
        name: 'Start',
        position: { x: 0, y: 0 },
        params: { sample: '[{"n":1},{"n":2}]' },
        settings: {},
      },
      {
        id: 'double',
        type: 'code',
        name: 'Double',
        position: { x: 320, y: 0 },
        params: { code: 'return items.map((item) => ({ n: item.n * 2 }));' },
        settings: {},
      },
      {
        id: 'boom',
        type: 'code',
        name: 'Boom',
        position: { x: 640, y: 0 },
        params: { code: 'throw new Error("no stock left");' },
        settings: {},
      },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'main', target: 'double', targetHandle: 'main' },
      { id: 'e2', source: 'double', sourceHandle: 'main', target: 'boom', targetHandle: 'main' },
    ],
    stickies: [],
  };
  await page.request.patch(`/api/flows/${flow.id}`, { data: { graph, baseRevision: flow.revision }, headers });
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Double')).toBeVisible();

  await page.getByRole('button', { name: 'Run flow' }).click();
  const run = page.getByRole('status', { name: 'Run' });
  await expect(run.getByTestId('run-status')).toHaveText('failed', { timeout: 20_000 });
  await expect(run).toContainText('no stock left');
  await expect(step(page, 'Double').getByTestId('step-run')).toContainText('succeeded');
  await expect(step(page, 'Double')).toContainText('2 items');
  await expect(step(page, 'Boom').getByTestId('step-run')).toContainText('failed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-1280-run.png` });

  // The run, opened as an execution: read-only, and back to the editor.
  await run.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\?execution=/);
  await expect(page.getByText('Viewing an execution (read-only)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add step' })).toHaveCount(0);
  await step(page, 'Boom').click();
  await expect(page.getByRole('button', { name: 'Re-run from here' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-1280-execution.png` });
  await page.getByRole('button', { name: 'Back to editor' }).click();
  await expect(page).not.toHaveURL(/execution=/);
  await expect(page.getByRole('button', { name: 'Add step' })).toBeVisible();

  // The executions list has it too.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Executions' }).click();
  const list = page.getByRole('complementary', { name: 'Executions' });
  await expect(list.getByRole('button', { name: /failed/ })).toHaveCount(1);
  await list.getByRole('button', { name: /failed/ }).click();
  await expect(page.getByText('Viewing an execution (read-only)')).toBeVisible();
  await expect(step(page, 'Boom').getByTestId('step-run')).toContainText('failed');
});

test('screenshots of the editor on a desktop and a phone', async ({ page }) => {
  test.skip(!SHOTS, 'set SHOTS_DIR to take screenshots');
  const flow = await newFlow(page, 'Screens');
  const graph = {
    nodes: [
      { id: 'hook', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: {}, settings: {} },
      { id: 'check', type: 'if', name: 'Big order?', position: { x: 340, y: 0 }, params: {}, settings: {} },
      { id: 'mail', type: 'email.send', name: 'Tell sales', position: { x: 680, y: -90 }, params: {}, settings: {} },
      { id: 'keep', type: 'set', name: 'Keep', position: { x: 680, y: 90 }, params: {}, settings: {} },
    ],
    edges: [
      { id: 'e1', source: 'hook', sourceHandle: 'main', target: 'check', targetHandle: 'main' },
      { id: 'e2', source: 'check', sourceHandle: 'true', target: 'mail', targetHandle: 'main' },
      { id: 'e3', source: 'check', sourceHandle: 'false', target: 'keep', targetHandle: 'main' },
    ],
    stickies: [
      {
        id: 'n1',
        position: { x: 0, y: 160 },
        width: 260,
        height: 120,
        text: 'Orders over 500 go to sales.',
        color: 'yellow',
      },
    ],
  };
  await page.request.patch(`/api/flows/${flow.id}`, { data: { graph, baseRevision: flow.revision }, headers });
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Big order?')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-1280.png` });
  await step(page, 'Big order?').click();
  await page.screenshot({ path: `${SHOTS}/editor-1280-panel.png` });
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.screenshot({ path: `${SHOTS}/editor-1280-palette.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(step(page, 'Big order?')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-390.png` });
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.screenshot({ path: `${SHOTS}/editor-390-palette.png` });
  await page.keyboard.press('Escape');
  await step(page, 'Big order?').click();
  await page.screenshot({ path: `${SHOTS}/editor-390-panel.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More' }).click();
  await page.screenshot({ path: `${SHOTS}/editor-390-menu.png` });
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  await page.screenshot({ path: `${SHOTS}/editor-390-versions.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('sticky-note').click();
  await step(page, 'Tell sales').locator('[role="img"]').hover();
  await page.screenshot({ path: `${SHOTS}/editor-1280-dark.png` });
});

test('a step that ran 150 times in a loop: totals on the canvas, any run in the Data tab', async ({ page }) => {
  const flow = await newFlow(page, 'Long loop');
  const node = (id: string, type: string, name: string, x: number, params: Record<string, unknown> = {}) => ({
    id,
    type,
    name,
    position: { x, y: 0 },
    params,
  });
  const graph = {
    nodes: [
      node('t', 'trigger.manual', 'Start', 0),
      node('many', 'code', 'Many', 300, { code: 'return Array.from({ length: 150 }, (_, n) => ({ n }));' }),
      node('loop', 'loop', 'Each', 600, { batchSize: 1 }),
      node('double', 'set', 'Double', 900, { assignments: [{ name: 'twice', value: '{{ $json.n * 2 }}' }] }),
    ],
    edges: [
      { id: 'e1', source: 't', target: 'many' },
      { id: 'e2', source: 'many', target: 'loop' },
      { id: 'e3', source: 'loop', sourceHandle: 'loop', target: 'double' },
      { id: 'e4', source: 'double', target: 'loop' },
    ],
  };
  const saved = await page.request.patch(`/api/flows/${flow.id}`, {
    data: { graph, baseRevision: flow.revision },
    headers,
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const run = await (await page.request.post(`/api/flows/${flow.id}/run`, { data: {}, headers })).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/executions/${run.id}`)).json()).status, { timeout: 30_000 })
    .toBe('succeeded');

  await page.goto(`/flows/${flow.id}?execution=${run.id}`);
  await expect(step(page, 'Double')).toContainText('150 items');
  await step(page, 'Double').click();
  const panel = page.getByRole('complementary', { name: 'Step settings', exact: true });
  await panel.getByRole('tab', { name: 'Data' }).click();
  const runs = panel.getByRole('navigation', { name: 'Runs of this step' });
  await expect(runs.getByLabel('Run number')).toHaveValue('150');
  await expect(runs).toContainText('of 150');
  await expect(panel).toContainText('298');
  await runs.getByRole('button', { name: 'Previous run' }).click();
  await expect(runs.getByLabel('Run number')).toHaveValue('149');
  await expect(panel).toContainText('296');
  await runs.getByLabel('Run number').fill('10');
  await runs.getByLabel('Run number').press('Enter');
  await expect(panel).toContainText('run 10');
  await expect(panel).toContainText('18');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-1280-loop-runs.png` });
  await expect(runs.getByRole('button', { name: 'Previous run' })).toBeEnabled();
});

test('flow settings: save executions is chosen in the editor and kept', async ({ page }) => {
  const flow = await newFlow(page, 'Busy hook');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Flow settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flow settings' });
  const select = dialog.getByLabel('Save executions');
  await expect(select).toHaveValue('all');
  await select.selectOption('none');
  await expect(dialog.getByText(/No run from the trigger is kept/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/flow-settings-1280.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/flows/${flow.id}`)).json()) as { saveExecutions: string }).saveExecutions,
    )
    .toBe('none');
  await page.reload();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Flow settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Flow settings' }).getByLabel('Save executions')).toHaveValue('none');
});
