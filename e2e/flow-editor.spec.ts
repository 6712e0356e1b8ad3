import { expect, test } from '@playwright/test';
import { addFromPalette, edges, newFlow, saved, step } from './flow-editor-support';

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
