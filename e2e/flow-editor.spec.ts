import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const SHOTS = process.env.SHOTS_DIR;

async function newFlow(page: Page, name: string) {
  const user = await signedInUser(page, 'Builder');
  const res = await page.request.post('/api/flows', { data: { accountId: user.personalAccountId, name }, headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; revision: number };
}

const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);
const edges = (page: Page) => page.locator('.react-flow__edge');
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

async function addFromPalette(page: Page, search: string) {
  await page.getByRole('button', { name: 'Add step' }).click();
  const box = page.getByRole('combobox', { name: 'Search steps' });
  await box.fill(search);
  await box.press('Enter');
  await expect(page.getByTestId('step-palette')).toBeHidden();
}

test('build a flow on the canvas: add, connect, rename, undo, copy, tidy up, keep the draft, publish', async ({
  page,
}) => {
  const flow = await newFlow(page, 'Order alerts');
  await page.goto(`/flows/${flow.id}`);
  await expect(page.getByRole('textbox', { name: 'Flow name' })).toHaveValue('Order alerts');
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // With the trigger selected, a step from the palette lands after it, connected.
  await step(page, 'Manual trigger').click();
  await addFromPalette(page, 'branch');
  await expect(step(page, 'If')).toBeVisible();
  await expect(edges(page)).toHaveCount(1);

  // Nothing selected: the next one lands unconnected, then is connected from If's "true" output.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await addFromPalette(page, 'set fields');
  await expect(step(page, 'Set fields')).toBeVisible();
  await expect(edges(page)).toHaveCount(1);
  const trueHandle = step(page, 'If').locator('.react-flow__handle.source[data-handleid="true"]');
  const input = step(page, 'Set fields').locator('.react-flow__handle.target');
  await trueHandle.dragTo(input);
  await expect(edges(page)).toHaveCount(2);

  // Rename in place; names stay unique.
  await step(page, 'Set fields').dblclick();
  const nameBox = page.getByRole('textbox', { name: 'Rename step' });
  await nameBox.fill('Prepare alert');
  await nameBox.press('Enter');
  await expect(step(page, 'Prepare alert')).toBeVisible();

  // Undo and redo go through the rename.
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect(step(page, 'Set fields')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(step(page, 'Prepare alert')).toBeVisible();

  // Copy and paste makes a second step with a numbered name.
  await step(page, 'Prepare alert').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(step(page, 'Prepare alert 2')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(step(page, 'Prepare alert 2')).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(step(page, 'Prepare alert 2')).toBeVisible();

  // Tidy up lays the chain out left to right.
  await page.getByRole('button', { name: 'Tidy up' }).click();
  const x = async (name: string) => (await step(page, name).boundingBox())?.x ?? 0;
  await expect.poll(async () => (await x('If')) > (await x('Manual trigger'))).toBe(true);
  await expect.poll(async () => (await x('Prepare alert')) > (await x('If'))).toBe(true);

  // The draft is saved as you go: a reload shows it.
  await saved(page);
  await page.reload();
  await expect(step(page, 'Prepare alert 2')).toBeVisible();
  await expect(step(page, 'Prepare alert')).toBeVisible();
  await expect(edges(page)).toHaveCount(2);

  // Publish with a message; version 1 shows in the history.
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish version 1' });
  await dialog.getByRole('textbox').fill('First alerts');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  const version = page.getByTestId('flow-version');
  await expect(version).toHaveCount(1);
  await expect(version).toContainText('v1');
  await expect(version).toContainText('First alerts');
});

test('a problem blocks publishing, and the webhook trigger shows its URL', async ({ page }) => {
  const flow = await newFlow(page, 'Inbound');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // Adding a trigger replaces the one there is, after asking.
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();
  await expect(step(page, 'Webhook')).toBeVisible();
  await expect(step(page, 'Manual trigger')).toHaveCount(0);
  await expect(page.getByTestId('trigger-address')).toHaveText(/\/api\/hooks\/\w+/);

  await step(page, 'Webhook').click();
  await addFromPalette(page, 'http request');
  await expect(step(page, 'HTTP request')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // The problem count leads to the step with the problem.
  const settings = page.getByRole('complementary', { name: 'Step settings', exact: true });
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  await page.getByRole('button', { name: /^1 issue/ }).click();
  await expect(settings).toContainText('HTTP request');
});

test('export and import JSON; drag a step from the palette; box select', async ({ page }) => {
  const flow = await newFlow(page, 'Portable');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // A step dragged from the palette lands where it is dropped, unconnected.
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('wait');
  await page.getByRole('option', { name: /^Wait/ }).dragTo(page.locator('.react-flow__pane'), {
    targetPosition: { x: 800, y: 600 },
  });
  await expect(step(page, 'Wait')).toBeVisible();
  const box = await step(page, 'Wait').boundingBox();
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 800)).toBeLessThan(40);
  await expect(page.getByTestId('step-palette')).toBeHidden();

  // Shift + drag on the canvas selects what the box covers; Delete removes it.
  await page.locator('.react-flow__pane').click({ position: { x: 60, y: 300 } });
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0);
  await page.keyboard.down('Shift');
  await page.mouse.move(box ? box.x - 30 : 0, box ? box.y - 30 : 0);
  await page.mouse.down();
  await page.mouse.move(box ? box.x + box.width + 30 : 0, box ? box.y + box.height + 30 : 0, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(1);
  await page.keyboard.press('Delete');
  await expect(step(page, 'Wait')).toHaveCount(0);
  await expect(step(page, 'Manual trigger')).toBeVisible();
  await saved(page);

  // Export gives the flow file.
  await page.getByRole('button', { name: 'More' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Portable.flow.json');

  // Import replaces the draft; undo brings the old one back.
  const file = {
    flowmind: 'flow',
    version: 1,
    name: 'Imported',
    graph: {
      nodes: [
        { id: 'h', type: 'trigger.webhook', name: 'Hook', position: { x: 0, y: 0 }, params: {}, settings: {} },
        { id: 's', type: 'set', name: 'Shape', position: { x: 320, y: 0 }, params: {}, settings: {} },
      ],
      edges: [{ id: 'h-s', source: 'h', sourceHandle: 'main', target: 's', targetHandle: 'main' }],
      stickies: [],
    },
  };
  await page.getByLabel('Import JSON file').setInputFiles({
    name: 'imported.flow.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(step(page, 'Hook')).toBeVisible();
  await expect(step(page, 'Shape')).toBeVisible();
  await expect(step(page, 'Manual trigger')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(step(page, 'Manual trigger')).toBeVisible();
  await expect(step(page, 'Hook')).toHaveCount(0);
});

test('keyboard editing: "+" on an output, select all, duplicate, disable, delete, notes', async ({ page }) => {
  const flow = await newFlow(page, 'Keys');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // "+" on the trigger's output opens the palette for a connected step, without triggers on offer.
  await page.getByRole('button', { name: 'Add a step after Manual trigger' }).click();
  await expect(page.getByRole('option', { name: /^Webhook/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Search steps' }).fill('code');
  await page.getByRole('combobox', { name: 'Search steps' }).press('Enter');
  await expect(step(page, 'Code')).toBeVisible();
  await expect(edges(page)).toHaveCount(1);

  // Ctrl+D duplicates the selected step; F2 renames it.
  await step(page, 'Code').click();
  await page.keyboard.press('Escape');
  await step(page, 'Code').click();
  await page.keyboard.press('Control+d');
  await expect(step(page, 'Code 2')).toBeVisible();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'Rename step' }).fill('Format');
  await page.keyboard.press('Enter');
  await expect(step(page, 'Format')).toBeVisible();

  // The shortcuts are listed under "?".
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Duplicate');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();

  // Disable from the step's toolbar.
  await page.getByRole('button', { name: 'Disable step' }).click();
  await expect(step(page, 'Format')).toContainText('Disabled');

  // A note: typed into, then everything selected and deleted, then all of it back with undo.
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('textbox', { name: 'Note text' }).fill('Ask Ana about the format');
  await page.locator('.react-flow__pane').click({ position: { x: 60, y: 300 } });
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(page.locator('.react-flow__node')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(page.locator('.react-flow__node')).toHaveCount(4);
  await expect(page.getByTestId('sticky-note')).toContainText('Ask Ana about the format');
  await saved(page);
  await page.reload();
  await expect(step(page, 'Format')).toContainText('Disabled');
  await expect(page.getByTestId('sticky-note')).toContainText('Ask Ana about the format');
});

test('a save from elsewhere shows up; a clash with one offers a reload', async ({ page }) => {
  const flow = await newFlow(page, 'Shared');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();
  const current = async () =>
    (await (await page.request.get(`/api/flows/${flow.id}`)).json()) as {
      revision: number;
      graph: { nodes: unknown[] };
    };

  // Someone else saves: no edits here are waiting, so their draft shows.
  let remote = await current();
  const wait = { id: 'w1', type: 'wait', name: 'Pause', position: { x: 300, y: 0 }, params: {}, settings: {} };
  await page.request.patch(`/api/flows/${flow.id}`, {
    data: { graph: { ...remote.graph, nodes: [...remote.graph.nodes, wait] }, baseRevision: remote.revision },
    headers,
  });
  await expect(step(page, 'Pause')).toBeVisible();

  // Our next save is held back while someone else saves again: ours is refused, and Reload shows theirs.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/flows/${flow.id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saving' })).toBeVisible();
  remote = await current();
  const code = { id: 'c1', type: 'code', name: 'Theirs', position: { x: 600, y: 0 }, params: {}, settings: {} };
  await page.request.patch(`/api/flows/${flow.id}`, {
    data: { graph: { ...remote.graph, nodes: [...remote.graph.nodes, code] }, baseRevision: remote.revision },
    headers,
  });
  release();
  await expect(page.getByText('Changed elsewhere')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(step(page, 'Theirs')).toBeVisible();
  await expect(page.getByTestId('sticky-note')).toHaveCount(0);
  await saved(page);
});

test('edits made offline are saved when the connection is back; leaving the page sends what is unsaved', async ({
  page,
  context,
}) => {
  const flow = await newFlow(page, 'Offline');
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();
  const stickies = async () =>
    ((await (await page.request.get(`/api/flows/${flow.id}`)).json()) as { graph: { stickies: unknown[] } }).graph
      .stickies.length;

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add note' }).click();
  // The editor's own save state (the app's offline banner may show beside it).
  await expect(page.getByRole('status', { name: 'Could not reach the server. Check your connection.' })).toHaveText(
    /Offline/,
  );
  await context.setOffline(false);
  await saved(page);
  expect(await stickies()).toBe(1);

  // An edit and straight away off the page, before the autosave's pause is over.
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.goto('/dashboard');
  await expect.poll(stickies).toBe(2);

  // The same inside the app: back to the list and straight back to the editor, which shows the latest draft.
  await page.goto(`/flows/${flow.id}`);
  await expect(page.getByTestId('sticky-note')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('link', { name: 'Back to flows' }).click();
  await expect(page).toHaveURL(/\/flows$/);
  await page.goBack();
  await expect(page.getByTestId('sticky-note')).toHaveCount(3);
  await expect.poll(stickies).toBe(3);
});

test('version history: view a version, compare it with the draft, restore it', async ({ page }) => {
  const flow = await newFlow(page, 'Versions');
  await page.goto(`/flows/${flow.id}`);
  await step(page, 'Manual trigger').click();
  await addFromPalette(page, 'set fields');
  await saved(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Change the draft: rename and add a step. (Publishing refreshes the flow; a double-click landing
  // during that re-render can be lost, or land on the step that moved under the pointer, so it is
  // tried until the rename box opens on "Set fields".)
  await expect(page.getByTestId('publish-state')).toHaveText(/Published v1/);
  const renameBox = page.getByRole('textbox', { name: 'Rename step' });
  await expect(async () => {
    if ((await renameBox.isVisible()) && (await renameBox.inputValue()) !== 'Set fields')
      await renameBox.press('Escape');
    if (!(await renameBox.isVisible())) await step(page, 'Set fields').dblclick();
    await expect(renameBox).toHaveValue('Set fields', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await renameBox.fill('Tag order');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await addFromPalette(page, 'wait');
  await saved(page);
  await expect(page.getByTestId('publish-state')).toHaveText('Unpublished changes');

  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  await page.getByTestId('flow-version').getByRole('button', { name: 'View' }).click();
  await expect(page.getByText('Viewing version 1 (read-only)')).toBeVisible();
  await expect(step(page, 'Set fields')).toBeVisible();
  await expect(step(page, 'Wait')).toHaveCount(0);
  const diff = page.getByTestId('version-diff');
  await expect(diff).toContainText('Wait added');
  await expect(diff).toContainText('Tag order: renamed from “Set fields”');

  await page.getByTestId('flow-version').getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore into draft' }).click();
  await expect(page.getByText('Viewing version 1 (read-only)')).toBeHidden();
  await expect(step(page, 'Set fields')).toBeVisible();
  await expect(step(page, 'Wait')).toHaveCount(0);
  await saved(page);
});

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

test("the flow's name: renamed in place, Escape puts it back, a rename elsewhere shows at once", async ({ page }) => {
  const flow = await newFlow(page, 'Invoices');
  await page.goto(`/flows/${flow.id}`);
  const name = page.getByRole('textbox', { name: 'Flow name' });
  await expect(name).toHaveValue('Invoices');

  await name.fill('Invoices to pay');
  await name.press('Enter');
  await expect(name).toHaveValue('Invoices to pay');
  await expect(page).toHaveTitle('Invoices to pay | Flowmind');

  await name.fill('Something else');
  await name.press('Escape');
  await expect(name).toHaveValue('Invoices to pay');

  const renamed = await page.request.patch(`/api/flows/${flow.id}`, {
    data: { name: 'Renamed by a teammate' },
    headers,
  });
  expect(renamed.ok(), await renamed.text()).toBeTruthy();
  await expect(name).toHaveValue('Renamed by a teammate');

  await page.reload();
  await expect(name).toHaveValue('Renamed by a teammate');
  const stored = await (await page.request.get(`/api/flows/${flow.id}`)).json();
  expect(stored.name).toBe('Renamed by a teammate');
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
