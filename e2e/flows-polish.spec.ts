import { expect, type Locator, type Page, test } from '@playwright/test';
import { step } from './flow-editor-support';
import { chainedFlow, signedInUser } from './support';

const SHOTS = process.env.E2E_SHOTS_DIR;

const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/**
 * Screenshots of what is on screen now, at 1280 px and at 390 px (the canvas fitted to the phone's width), into
 * E2E_SHOTS_DIR when set.
 */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // A step panel is a full-screen sheet on a phone, over the canvas and its fit button: then it is what is shown.
  await page
    .locator('.react-flow__controls-fitview')
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

type GraphNode = { id: string; type: string; name: string; x: number; y?: number; params?: Record<string, unknown> };

/** A flow made through the API, from a template or with the given steps (connected in order). */
async function flowWith(
  page: Page,
  input: { name: string; templateId?: string; nodes?: GraphNode[]; stickies?: unknown[] },
): Promise<string> {
  const user = await signedInUser(page, 'Polisher');
  const steps = input.nodes?.map(({ x, y, ...node }) => ({ ...node, position: { x, y: y ?? 0 } }));
  const { name, templateId, stickies } = input;
  const flow = await chainedFlow(page, { accountId: user.personalAccountId, name, templateId, stickies, steps });
  return flow.id;
}

async function runAndWait(page: Page) {
  await page.getByRole('button', { name: 'Run flow' }).click();
  const run = page.getByRole('status', { name: 'Run' });
  await expect(run.getByTestId('run-status')).toHaveText(/succeeded|failed/, { timeout: 20_000 });
}

test('expressions show "No input yet" before anything ran, and the real error after a run', async ({ page }) => {
  // A template: its steps read the webhook's body, which nothing has sent yet.
  const templateFlow = await flowWith(page, { name: 'Leads', templateId: 'webhook-lead-intake' });
  await page.goto(`/flows/${templateFlow}`);
  await step(page, 'Valid email?').click();
  const previews = settings(page).getByRole('status', { name: 'Expression preview' });
  await expect(previews.first()).toHaveText('No input yet — run the flow or pin test data');
  await expect(previews.filter({ hasText: 'failed' })).toHaveCount(0);
  await shots(page, 'expression-no-input');

  // A new step added after one that never ran: the same.
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('set fields');
  await page.getByRole('combobox', { name: 'Search steps' }).press('Enter');
  await expect(settings(page)).toContainText('Set fields');
  if (!(await settings(page).getByLabel('Value 1').count()))
    await settings(page).getByRole('button', { name: 'Add field' }).click();
  await settings(page).getByLabel('Value 1').fill('{{ $json.body.name }}');
  await expect(settings(page).getByRole('status', { name: 'Expression preview' })).toHaveText(
    'No input yet — run the flow or pin test data',
  );

  // After a run the step has input: a value that does not fit it is a real error, shown as one.
  const flowId = await flowWith(page, {
    name: 'Orders',
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', x: 0, params: { sample: '[{"n":1}]' } },
      {
        id: 'check',
        type: 'if',
        name: 'Check',
        x: 320,
        params: { conditions: [{ left: '{{ $json.customer.name }}', operator: 'is_not_empty' }] },
      },
    ],
  });
  await page.goto(`/flows/${flowId}`);
  await step(page, 'Check').click();
  const preview = settings(page).getByRole('status', { name: 'Expression preview' });
  await expect(preview).toHaveText('No input yet — run the flow or pin test data');
  await runAndWait(page);
  await expect(preview).toContainText('failed');
  await expect(preview).toContainText('{{ $json.customer.name }}');
});

test('the JSON view: collapsed objects and lists look collapsed, with their size, and open to show what is in them', async ({
  page,
}) => {
  const sample = JSON.stringify([
    { order: 7, customer: { name: 'Ada Lovelace', city: 'London' }, tags: ['a', 'b', 'c'] },
  ]);
  const flowId = await flowWith(page, {
    name: 'Shapes',
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', x: 0, params: { sample } },
      { id: 'pass', type: 'code', name: 'Pass', x: 320, params: { code: 'return items;' } },
    ],
  });
  await page.goto(`/flows/${flowId}`);
  await runAndWait(page);
  await step(page, 'Pass').click();
  await settings(page).getByRole('tab', { name: 'Data' }).click();
  await settings(page).getByRole('button', { name: 'JSON', exact: true }).click();
  const output = settings(page).getByRole('region', { name: 'Output' });

  const customer = output.getByRole('button', { name: /"customer"/ });
  const tags = output.getByRole('button', { name: /"tags"/ });
  await expect(customer).toHaveAttribute('aria-expanded', 'false');
  await expect(customer).toContainText('2 keys');
  await expect(tags).toHaveAttribute('aria-expanded', 'false');
  await expect(tags).toContainText('3 items');
  await expect(output.getByText('"Ada Lovelace"')).toHaveCount(0);
  // The chevron of a collapsed node points right (no rotation).
  const turned = (button: Locator) =>
    button.locator('svg').evaluate((svg) => {
      const style = getComputedStyle(svg);
      return style.rotate !== 'none' || style.transform !== 'none';
    });
  expect(await turned(customer)).toBe(false);
  await shots(page, 'json-collapsed');

  await customer.click();
  await expect(customer).toHaveAttribute('aria-expanded', 'true');
  await expect(output.getByText('"Ada Lovelace"')).toBeVisible();
  await expect(customer).not.toContainText('2 keys');
  await expect.poll(() => turned(customer)).toBe(true);
  await customer.click();
  await expect(output.getByText('"Ada Lovelace"')).toHaveCount(0);
  await tags.click();
  await expect(output.getByText('"c"')).toBeVisible();
});

test('sticky notes show their Markdown rendered, safely, and their source while edited', async ({ page }) => {
  const text = [
    '**Call it** with `POST` and *care*.',
    '',
    '- first point',
    '- see [the docs](https://example.com/docs)',
    '',
    '<img src=x onerror="window.hacked=1"> [bad](javascript:alert(1))',
  ].join('\n');
  const flowId = await flowWith(page, {
    name: 'Notes',
    nodes: [{ id: 't', type: 'trigger.manual', name: 'Start', x: 0 }],
    stickies: [{ id: 'n1', position: { x: 0, y: 160 }, width: 320, height: 220, text, color: 'yellow' }],
  });
  await page.goto(`/flows/${flowId}`);
  const note = page.getByTestId('sticky-note');
  await expect(note.locator('strong')).toHaveText('Call it');
  await expect(note.locator('code')).toHaveText('POST');
  await expect(note.locator('em')).toHaveText('care');
  await expect(note.locator('li')).toHaveCount(2);
  await expect(note.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
  await expect(note).not.toContainText('**');
  await expect(note.locator('img')).toHaveCount(0);
  await expect(note).toContainText('<img src=x');
  await expect(note.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await shots(page, 'sticky-markdown');

  // Selected, the note shows its source to edit; the edit is rendered once the note is left.
  await note.click({ position: { x: 300, y: 200 } });
  const box = page.getByRole('textbox', { name: 'Note text' });
  await expect(box).toHaveValue(text);
  await expect(box).toBeFocused();
  await box.fill('Now _italic_ and **bold**');
  await page.locator('.react-flow__pane').click({ position: { x: 900, y: 100 } });
  await expect(note.locator('em')).toHaveText('italic');
  await expect(note.locator('strong')).toHaveText('bold');
});

test('a step added with a panel open lands in view and the panel shows it', async ({ page }) => {
  const flowId = await flowWith(page, {
    name: 'Placing',
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', x: 0 },
      { id: 'a', type: 'code', name: 'Shape', x: 320 },
      { id: 'b', type: 'code', name: 'Check', x: 640 },
    ],
  });
  await page.goto(`/flows/${flowId}`);
  await step(page, 'Check').click();
  await expect(settings(page).getByRole('textbox', { name: 'Step name' })).toHaveValue('Check');

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('wait');
  await page.getByRole('combobox', { name: 'Search steps' }).press('Enter');
  await expect(settings(page).getByRole('textbox', { name: 'Step name' })).toHaveValue('Wait');
  const canvas = await boxOf(page.getByTestId('flow-canvas'));
  const panel = await boxOf(settings(page));
  await expect
    .poll(async () => {
      const added = await boxOf(step(page, 'Wait'));
      return (
        added.x >= canvas.x &&
        added.x + added.width <= canvas.x + canvas.width &&
        added.y >= canvas.y &&
        added.y + added.height <= canvas.y + canvas.height &&
        !overlaps(added, panel)
      );
    })
    .toBe(true);
  await shots(page, 'added-step');
});

test('a toast never covers the editor header actions or the canvas tools', async ({ page }) => {
  for (const width of [1280, 390]) {
    const flowId = await flowWith(page, {
      name: 'Toasts',
      nodes: [
        { id: 't', type: 'trigger.manual', name: 'Start', x: 0 },
        { id: 'a', type: 'code', name: 'Shape', x: 320, params: { code: 'return items;' } },
      ],
    });
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    await page.goto(`/flows/${flowId}`);
    await expect(step(page, 'Shape')).toBeVisible();
    const publish = page.getByRole('button', { name: 'Publish' });
    await publish.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    const toast = page.getByRole('status').filter({ hasText: /^Published v\d+$/ });
    await expect(toast).toBeVisible();
    const toastBox = await boxOf(toast);
    const header = await boxOf(page.locator('header').first());
    expect(overlaps(toastBox, header), `toast ${JSON.stringify(toastBox)} header ${JSON.stringify(header)}`).toBe(
      false,
    );
    for (const action of [
      publish,
      page.getByRole('button', { name: 'Run flow' }),
      page.getByRole('switch').first(),
      page.getByRole('button', { name: 'Add step' }),
    ])
      if (await action.isVisible()) expect(overlaps(toastBox, await boxOf(action))).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/toast-${width}.png` });
  }
});

test('step names are unique, a clash is refused with a message, long names are shown whole or with a tooltip', async ({
  page,
}) => {
  const flowId = await flowWith(page, {
    name: 'Naming',
    nodes: [
      { id: 'hook', type: 'trigger.webhook', name: 'Webhook', x: 0, params: { respond: 'respond_step' } },
      { id: 'shape', type: 'code', name: 'Shape', x: 320 },
    ],
  });
  await page.goto(`/flows/${flowId}`);
  for (const after of ['Shape', 'Shape']) {
    await page.keyboard.press('Escape');
    await step(page, after).click();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('combobox', { name: 'Search steps' }).fill('respond to webhook');
    await page.getByRole('option', { name: /^Respond to webhook/ }).click();
  }
  await expect(step(page, 'Respond to webhook')).toBeVisible();
  await expect(step(page, 'Respond to webhook 2')).toBeVisible();

  // Both names can be told apart on the canvas: each is shown whole.
  for (const name of ['Respond to webhook', 'Respond to webhook 2']) {
    const label = step(page, name).getByText(name, { exact: true });
    await expect(label).toHaveText(name);
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
      true,
    );
  }

  // Renaming on the canvas to a name another step has is refused, with the reason; the typed name stays.
  await page.keyboard.press('Escape');
  await step(page, 'Respond to webhook 2').dblclick();
  const rename = page.getByRole('textbox', { name: 'Rename step' });
  await rename.fill('shape');
  await rename.press('Enter');
  await expect(page.getByText('Another step is named "shape"')).toBeVisible();
  await expect(rename).toHaveValue('shape');
  await expect(rename).toHaveAttribute('aria-invalid', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rename-refused-1280.png` });
  await rename.press('Escape');
  await expect(step(page, 'Respond to webhook 2')).toBeVisible();
  await expect(step(page, 'shape 2')).toHaveCount(0);

  // A name too long for the card ends in an ellipsis and carries the whole name as its tooltip.
  const long = 'Respond to the webhook caller with the enriched lead record';
  await step(page, 'Respond to webhook 2').dblclick();
  await rename.fill(long);
  await rename.press('Enter');
  const label = step(page, long).getByText(long, { exact: true });
  await expect(label).toHaveAttribute('title', long);
  expect(await label.evaluate((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)).toBe(true);
  expect(
    await label.evaluate((el) => {
      const style = getComputedStyle(el);
      return style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
    }),
  ).toBe(true);
  await shots(page, 'step-names');
});

test('the step toolbar stays on its own step, clear of the one above', async ({ page }) => {
  const flowId = await flowWith(page, {
    name: 'Toolbar',
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', x: 0 },
      { id: 'a', type: 'code', name: 'Upper', x: 320, y: 0 },
      { id: 'b', type: 'code', name: 'Lower', x: 320, y: 110 },
    ],
  });
  await page.goto(`/flows/${flowId}`);
  await step(page, 'Lower').click();
  // The bar the step's actions sit in.
  const toolbar = page.getByRole('button', { name: 'Disable step' }).locator('..');
  await expect(toolbar).toBeVisible();
  // Measured until the canvas has settled (the view may still be moving to fit the steps in).
  const placement = async () => {
    const bar = await boxOf(toolbar);
    const upper = await boxOf(step(page, 'Upper'));
    const lower = await boxOf(step(page, 'Lower'));
    const within = bar.x >= lower.x && bar.x + bar.width <= lower.x + lower.width;
    return `${overlaps(bar, upper) ? `overlaps Upper ${JSON.stringify({ bar, upper })}` : 'clear of Upper'}, ${within ? 'within Lower' : `outside Lower ${JSON.stringify({ bar, lower })}`}`;
  };
  await expect.poll(placement).toBe('clear of Upper, within Lower');
  await shots(page, 'step-toolbar');
});
