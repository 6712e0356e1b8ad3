import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { step } from './flow-editor-support';
import { APP_ORIGIN, type ChainStep, chainedFlow, signedInUser, themeSettled, typeInField } from './support';

const headers = { origin: APP_ORIGIN };
const SHOTS = process.env.E2E_SHOTS_DIR;

const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

/** A flow made through the API with the given steps, connected in order. */
async function flowWith(page: Page, name: string, steps: ChainStep[]): Promise<string> {
  const user = await signedInUser(page, 'Coder');
  return (await chainedFlow(page, { accountId: user.personalAccountId, name, steps })).id;
}

/** Screenshots at 1280 px and 390 px, light and dark, into E2E_SHOTS_DIR when set. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-1280-${scheme}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-390-${scheme}.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function waitUntilSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test('typing {{ }} key by key gives exactly the text typed, and the published webhook answers with it', async ({
  page,
}) => {
  const flowId = await flowWith(page, 'Greeter', [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
    { id: 'greet', type: 'set', name: 'Greet', params: { assignments: [{ name: 'greeting', value: '' }] } },
    {
      id: 'answer',
      type: 'webhook.respond',
      name: 'Answer',
      params: { bodyType: 'text', text: '{{ $json.greeting }}' },
    },
  ]);
  await page.goto(`/flows/${flowId}`);
  await step(page, 'Greet').click();
  const value = settings(page).getByRole('textbox', { name: 'Value 1' });
  await typeInField(value, 'Hello {{ $json.body.name }}');
  await expect(value).toHaveText('Hello {{ $json.body.name }}');
  // A one-line field: Enter adds no line.
  await value.press('Enter');
  await expect(value).toHaveText('Hello {{ $json.body.name }}');
  await expect(value).toHaveAttribute('aria-multiline', 'false');
  // The field editors pass an accessibility audit, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await themeSettled(page);
    const audit = await new AxeBuilder({ page }).include('[data-field-editor]').analyze();
    expect(audit.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await shots(page, 'expression-typed');
  await page.keyboard.press('Escape');
  await waitUntilSaved(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('publish-state')).toHaveText('Published v1');
  const published = (await (await page.request.get(`/api/flows/${flowId}`)).json()) as { webhookId: string };
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, { data: { name: 'ada' } });
  expect(call.status(), `${await call.text()} ${JSON.stringify(published)}`).toBe(200);
  expect(await call.text()).toBe('Hello ada');

  // Long text is a multi-line field.
  await step(page, 'Answer').click();
  const text = settings(page).getByRole('textbox', { name: 'Text' });
  await expect(text).toHaveAttribute('aria-multiline', 'true');
  await expect(text).toHaveText('{{ $json.greeting }}');
  await shots(page, 'expression-multi-line');
});

test('suggestions offer the fields the previous steps gave in the last run, as the server names them', async ({
  page,
}) => {
  const flowId = await flowWith(page, 'Orders', [
    {
      id: 'start',
      type: 'trigger.manual',
      name: 'Start',
      params: { sample: '[{"customer": {"name": "Ada", "plan": "pro"}, "total": 150}]' },
    },
    { id: 'shape', type: 'set', name: 'Shape', params: { assignments: [{ name: 'who', value: '' }] } },
  ]);
  await page.goto(`/flows/${flowId}`);
  await page.getByRole('button', { name: 'Run flow' }).click();
  await expect(page.getByRole('status', { name: 'Run' }).getByTestId('run-status')).toHaveText('succeeded', {
    timeout: 20_000,
  });

  await step(page, 'Shape').click();
  const value = settings(page).getByRole('textbox', { name: 'Value 1' });
  await typeInField(value, '{{ $json.');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /^customer/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /^total/ })).toBeVisible();
  await shots(page, 'expression-suggestions');
  // Chosen with the keyboard: the path goes in, the closing braces stay where they were.
  await value.pressSequentially('cu');
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(value).toHaveText('{{ $json.customer}}');
  await value.pressSequentially('.');
  await expect(suggestions.getByRole('option', { name: /^name/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /^plan/ })).toBeVisible();

  // $trigger has what the server gives it: `.json` and `.items`, the payload under `.json`.
  await typeInField(value, '{{ $trigger.');
  await expect(suggestions.getByRole('option', { name: /^json/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /^customer/ })).toHaveCount(0);
  await value.pressSequentially('json.');
  await expect(suggestions.getByRole('option', { name: /^customer/ })).toBeVisible();

  // A field of the Data tab goes in where the cursor was, wrapped in braces outside an expression.
  await typeInField(value, 'Total: ');
  await settings(page).getByRole('tab', { name: 'Data' }).click();
  await settings(page).getByRole('button', { name: 'Insert $json.total' }).first().click();
  await expect(value).toHaveText('Total: {{ $json.total }}');
  await expect(value).toBeFocused();
});

test('a code step with a syntax error shows it where it is, and publishing is refused naming the step and the field', async ({
  page,
}) => {
  const flowId = await flowWith(page, 'Totals', [
    { id: 'start', type: 'trigger.manual', name: 'Start' },
    { id: 'code', type: 'code', name: 'Add totals', params: { code: 'return items;' } },
  ]);
  await page.goto(`/flows/${flowId}`);
  await step(page, 'Add totals').click();
  const code = settings(page).getByRole('textbox', { name: 'JavaScript' });
  await expect(code).toHaveAttribute('aria-multiline', 'true');
  await typeInField(code, 'return items.map((item) => ({ total: item.qty * item.price ');
  // The brackets typed were closed as they were typed: the code is complete.
  await expect(code).toHaveText('return items.map((item) => ({ total: item.qty * item.price }))');
  await expect(settings(page).locator('.cm-lintRange-error')).toHaveCount(0);

  await typeInField(code, 'return items.map((item) => ({ total: item.qty * }));');
  await expect(settings(page).locator('.cm-lintRange-error')).toBeVisible();
  const message = 'JavaScript: Syntax error on line 1: Unexpected token';
  await expect(settings(page).getByText(message)).toBeVisible();
  await shots(page, 'code-syntax-error');
  // Keyboard: Tab indents, so Escape first lets Tab leave the box; the panel stays open until Escape again.
  await page.keyboard.press('Escape');
  await expect(code).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(code).not.toBeFocused();
  await expect(settings(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings(page)).toBeHidden();
  await waitUntilSaved(page);

  // The editor does not offer to publish, and says why; the API refuses it too.
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.locator('[title^="Fix 1 issue first"]')).toHaveAttribute(
    'title',
    `Fix 1 issue first: Add totals: ${message}`,
  );
  const refused = await page.request.post(`/api/flows/${flowId}/publish`, { data: {}, headers });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toMatchObject({
    message: `Add totals: ${message}`,
    field: 'graph.nodes.1.params.code',
  });

  // Fixed: the underline goes and the flow publishes.
  await step(page, 'Add totals').click();
  await typeInField(code, 'return items;');
  await expect(settings(page).locator('.cm-lintRange-error')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await waitUntilSaved(page);
  await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
});
