import { expect, test } from '@playwright/test';
import { step } from './flow-editor-support';
import { connectOnCard, publishFromEditor, settings } from './integrations-support';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };

type Execution = { mode: string; status: string; id: string };

test('Slack New message trigger: set up in the editor, publish, a message posted in Slack starts one run', async ({
  page,
}) => {
  // The trigger reads the channel every minute (the e2e server has no SLACK_SIGNING_SECRET).
  test.setTimeout(240_000);
  const user = await signedInUser(page, 'Tia');

  const { authorize } = await connectOnCard(page, {
    label: 'Slack',
    authorizePath: /\/oauth\/v2\/authorize\?/,
    connectedAs: 'Acme e2e',
  });
  const slackOrigin = authorize.origin;

  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Slack messages' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  // The catalogue offers the integration's trigger as a trigger.
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('slack new message');
  await page.getByRole('option', { name: /^Slack: New message/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, 'Slack: New message').click();
  const panel = settings(page);
  await expect(panel).toContainText('Slack: New message');

  // Connection and channel pickers, as for actions; the panel says how it listens.
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: 'Acme e2e' });
  const picker = panel.getByLabel('Pick channel from the connection');
  await expect(picker.locator('option', { hasText: '#general' })).toBeAttached();
  await picker.selectOption({ label: '#general' });
  await expect(panel.getByRole('textbox', { name: 'Channel', exact: true })).toHaveText('C0GENERAL');
  await expect(panel.getByRole('status').filter({ hasText: 'Checks every minute' })).toContainText(
    'It starts once the flow is published and on.',
  );

  // Test data from Slack itself: listening, the first new message in the channel is pinned. (A
  // message posted before the listen has read where the channel is would not count: post until one does.)
  await panel.getByRole('button', { name: 'Listen for a test event' }).click();
  await expect(
    panel.getByText('Waiting for a test event. Make one happen in Slack now (up to 2 minutes).'),
  ).toBeVisible();
  const received = panel.getByText('Test event received.', { exact: false });
  await expect
    .poll(
      async () => {
        await page.request.post(`${slackOrigin}/_test/post`, {
          data: { channel: 'C0GENERAL', user: 'U0BOB', text: 'Testing the trigger' },
        });
        return received.isVisible();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(true);
  await expect(panel.getByRole('region', { name: 'Test data' })).toContainText('Testing the trigger');
  await expect(panel.getByText(/^From a test event,/)).toBeVisible();
  await screenshots(page, 'slack-trigger-test-event');

  await publishFromEditor(page);

  // Published: the first check records where the channel is; only later messages start runs.
  await expect
    .poll(async () => (await (await page.request.get(`/api/flows/${flow.id}/trigger-status`)).json()).lastPolledAt, {
      timeout: 30_000,
    })
    .not.toBeNull();
  await step(page, 'Slack: New message').click();
  await expect(settings(page).getByRole('status').filter({ hasText: 'Checks every minute' })).not.toContainText(
    'once the flow is published',
  );

  const posted = await page.request.post(`${slackOrigin}/_test/post`, {
    data: { channel: 'C0GENERAL', user: 'U0ANN', text: 'Hello from Slack' },
  });
  expect(posted.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const page1 = await (await page.request.get(`/api/executions?flowId=${flow.id}`)).json();
        return (page1.executions as Execution[]).map((execution) => execution.mode);
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toEqual(['integration']);
  const { executions } = await (await page.request.get(`/api/executions?flowId=${flow.id}`)).json();
  const execution = await (await page.request.get(`/api/executions/${executions[0].id}`)).json();
  const triggerStep = (execution.steps as { nodeId: string; output: { main?: Record<string, unknown>[] } }[]).find(
    (s) =>
      execution.graph.nodes.some(
        (n: { id: string; type: string }) => n.id === s.nodeId && n.type.startsWith('trigger.'),
      ),
  );
  expect(triggerStep?.output.main).toEqual([
    expect.objectContaining({ channel: 'C0GENERAL', user: 'U0ANN', text: 'Hello from Slack' }),
  ]);
});
