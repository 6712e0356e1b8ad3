import { expect, type Page, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { step } from './flow-editor-support';
import { APP_ORIGIN, type ChainStep, chainedFlow, signedInUser } from './support';

const inboundPort = Number(process.env.E2E_INBOUND_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 25);
const shots = process.env.E2E_SHOTS_DIR;
const panel = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

type Flow = { id: string; webhookId: string; emailAddress: string };

/** A flow whose steps are set through the API (the settings inputs are not what these tests are about). */
async function draftFlow(page: Page, name: string, steps: ChainStep[]): Promise<Flow> {
  const me = await (await page.request.get('/api/me')).json();
  return chainedFlow(page, { accountId: me.personalAccountId, name, steps });
}

async function openStep(page: Page, name: string) {
  if (await panel(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(page.getByRole('complementary', { name: `Step settings: ${name}` })).toBeVisible();
}

/** Calls the test URL from the test (as an outside service would) once the editor's listen is in place. */
async function callTestUrl(flow: Flow, body: unknown) {
  for (let i = 0; i < 50; i += 1) {
    const res = await fetch(`${APP_ORIGIN}/api/hooks/test/${flow.webhookId}/orders?ref=7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 404) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the test URL never listened');
}

async function runFlow(page: Page) {
  await page.getByRole('button', { name: 'Run flow' }).click();
  await expect(page.getByRole('status', { name: 'Run' }).getByTestId('run-status')).toHaveText('succeeded', {
    timeout: 20_000,
  });
}

async function answerOutput(page: Page) {
  await openStep(page, 'Answer');
  await panel(page).getByRole('tab', { name: 'Data' }).click();
  await panel(page).getByRole('button', { name: 'JSON', exact: true }).click();
  return panel(page).getByRole('region', { name: 'Output' });
}

/** Light and dark, 1280 and 390 px wide, for a person to look at (E2E_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a webhook flow: listen for a test call, call the test URL, run on its data, pin a step', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'Tester');
  const flow = await draftFlow(page, 'Order intake', [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
    {
      id: 'greet',
      type: 'set',
      name: 'Greet',
      params: { assignments: [{ name: 'hello', value: '{{ $json.body.name }}' }] },
    },
    { id: 'answer', type: 'webhook.respond', name: 'Answer', params: { body: '{{ JSON.stringify($json) }}' } },
  ]);
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Greet')).toBeVisible();

  // Nothing to run on yet: the run says what to do instead of failing inside a step.
  await page.getByRole('button', { name: 'Run flow' }).click();
  await expect(page.getByText('Listen for a test call or pin test data')).toBeVisible();

  await openStep(page, 'Webhook');
  await expect(panel(page).getByText(`/api/hooks/${flow.webhookId}`, { exact: false }).first()).toBeVisible();
  await expect(panel(page)).toContainText(`/api/hooks/test/${flow.webhookId}`);
  const testData = panel(page).getByRole('region', { name: 'Test data' });
  await expect(testData).toContainText('No test data yet');

  // Listening can be cancelled, and then the test URL takes nothing.
  await testData.getByRole('button', { name: 'Listen for a test call' }).click();
  await expect(testData.getByRole('status')).toContainText('Waiting for a test call');
  await testData.getByRole('button', { name: 'Cancel' }).click();
  await expect(testData.getByRole('button', { name: 'Listen for a test call' })).toBeVisible();
  await expect.poll(async () => (await fetch(`${APP_ORIGIN}/api/hooks/test/${flow.webhookId}`)).status).toBe(404);

  // Listen, call: the call is answered and its data shows as the trigger's test data.
  await testData.getByRole('button', { name: 'Listen for a test call' }).click();
  await expect(testData.getByRole('status')).toContainText('Waiting for a test call');
  await shoot(page, 'listening');
  const call = await callTestUrl(flow, { name: 'Grace' });
  expect(call.status).toBe(202);
  expect(await call.json()).toMatchObject({ received: true });
  await expect(testData.getByRole('status')).toContainText('Test call received');
  await expect(testData).toContainText('Grace');
  await expect(testData).toContainText('/orders');
  await expect(step(page, 'Webhook').getByTestId('pin-badge')).toBeVisible();
  await shoot(page, 'received');

  // A run from the editor starts from it, through to the Respond step.
  await runFlow(page);
  await expect(await answerOutput(page)).toContainText('Grace');

  // Pin Greet's output; a new test call then changes the trigger's data but not Greet's.
  await openStep(page, 'Greet');
  await panel(page).getByRole('tab', { name: 'Data' }).click();
  await panel(page).getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(panel(page).getByTestId('pinned-output')).toContainText('Pinned output');
  await expect(step(page, 'Greet').getByTestId('pin-badge')).toBeVisible();
  await expect(panel(page).getByTestId('data-tab-pin')).toBeVisible();
  await shoot(page, 'pinned-step');

  await openStep(page, 'Webhook');
  await testData.getByRole('button', { name: 'Listen for a test call' }).click();
  await expect(testData.getByRole('status')).toContainText('Waiting for a test call');
  expect((await callTestUrl(flow, { name: 'Hal' })).status).toBe(202);
  await expect(testData).toContainText('Hal');
  await runFlow(page);
  const pinnedRun = await answerOutput(page);
  await expect(pinnedRun).toContainText('Grace');
  await expect(pinnedRun).not.toContainText('Hal');
  await openStep(page, 'Greet');
  await panel(page).getByRole('tab', { name: 'Data' }).click();
  await expect(panel(page).getByRole('region', { name: 'Input' })).toContainText('used the pinned output');

  // Unpinned, Greet runs again on the trigger's data.
  await openStep(page, 'Greet');
  await panel(page).getByRole('tab', { name: 'Data' }).click();
  await panel(page).getByRole('button', { name: 'Unpin' }).click();
  await expect(step(page, 'Greet').getByTestId('pin-badge')).toHaveCount(0);
  await runFlow(page);
  await expect(await answerOutput(page)).toContainText('Hal');
});

test('an email flow: listen for a test email, send one to the test address, run on it', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'Mailtester');
  const flow = await draftFlow(page, 'Inbox triage', [
    { id: 'mail', type: 'trigger.email', name: 'Inbox' },
    {
      id: 'x',
      type: 'set',
      name: 'Summary',
      params: { assignments: [{ name: 'summary', value: '{{ $json.subject }}!' }] },
    },
  ]);
  await page.goto(`/flows/${flow.id}`);
  await page.getByRole('button', { name: 'Run flow' }).click();
  await expect(page.getByText('Listen for a test email or pin test data')).toBeVisible();

  await openStep(page, 'Inbox');
  const testAddress = flow.emailAddress.replace('@', '+test@');
  await expect(panel(page)).toContainText(testAddress);
  const testData = panel(page).getByRole('region', { name: 'Test data' });
  await testData.getByRole('button', { name: 'Listen for a test email' }).click();
  await expect(testData.getByRole('status')).toContainText('Waiting for a test email');

  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  for (let i = 0; ; i += 1) {
    try {
      await transport.sendMail({
        from: 'Grace <grace@example.com>',
        to: testAddress,
        subject: 'Quarterly numbers',
        text: 'Hi',
      });
      break;
    } catch (error) {
      if (i > 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await expect(testData.getByRole('status')).toContainText('Test email received');
  await expect(testData).toContainText('Quarterly numbers');
  await shoot(page, 'email-received');

  await runFlow(page);
  await openStep(page, 'Summary');
  await panel(page).getByRole('tab', { name: 'Data' }).click();
  await panel(page).getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(panel(page).getByRole('region', { name: 'Output' })).toContainText('Quarterly numbers!');
});
