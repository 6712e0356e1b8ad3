import { expect, type Page, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { APP_ORIGIN, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const inboundPort = Number(process.env.E2E_INBOUND_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 25);

async function publishedFlow(page: Page, name: string, nodes: Record<string, unknown>[]) {
  const me = await (await page.request.get('/api/me')).json();
  const graph = {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id })),
  };
  const created = await page.request.post('/api/flows', {
    headers,
    data: { accountId: me.personalAccountId, name, graph },
  });
  expect(created.status()).toBe(201);
  const flow = await created.json();
  const published = await page.request.post(`/api/flows/${flow.id}/publish`, { headers, data: {} });
  expect(published.status()).toBe(200);
  return (await published.json()) as { id: string; emailAddress: string; webhookId: string };
}

test('a schedule fires on its own and the run shows in the Executions tab', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInUser(page, 'Sched');
  const flow = await publishedFlow(page, 'Every ten seconds', [
    { id: 's', type: 'trigger.schedule', name: 'Tick', params: { mode: 'interval', every: 10, unit: 'seconds' } },
    { id: 'x', type: 'set', name: 'Stamp', params: { assignments: [{ name: 'at', value: '{{ $json.firedAt }}' }] } },
  ]);
  await page.goto('/flows?tab=executions');
  const rows = page.getByTestId('execution-row').filter({ hasText: 'Every ten seconds' });
  await expect(rows.first()).toContainText('Succeeded', { timeout: 25_000 });
  await expect(rows.first()).toContainText('Schedule');

  // The run opens on the canvas with each step's data.
  const list = await (await page.request.get(`/api/executions?flowId=${flow.id}`)).json();
  const detail = await (await page.request.get(`/api/executions/${list.executions[0].id}`)).json();
  expect(detail.steps.find((s: { nodeId: string }) => s.nodeId === 'x').output.main[0].at).toBeTruthy();
});

test('an email sent over SMTP starts its flow', async ({ page }) => {
  await signedInUser(page, 'Mailer');
  const flow = await publishedFlow(page, 'Inbox to summary', [
    { id: 'mail', type: 'trigger.email', name: 'Inbox' },
    {
      id: 'x',
      type: 'set',
      name: 'Summary',
      params: { assignments: [{ name: 'summary', value: '{{ $json.from }}: {{ $json.subject }}' }] },
    },
  ]);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: 'Grace <grace@example.com>',
    to: flow.emailAddress,
    subject: 'Quarterly numbers',
    text: 'Attached are the numbers.',
  });

  await page.goto('/flows?tab=executions');
  const rows = page.getByTestId('execution-row').filter({ hasText: 'Inbox to summary' });
  await expect(rows.first()).toContainText('Succeeded', { timeout: 15_000 });
  await expect(rows.first()).toContainText('Email');
  const list = await (await page.request.get(`/api/executions?flowId=${flow.id}`)).json();
  const detail = await (await page.request.get(`/api/executions/${list.executions[0].id}`)).json();
  expect(detail.steps.find((s: { nodeId: string }) => s.nodeId === 'x').output.main[0].summary).toBe(
    'grace@example.com: Quarterly numbers',
  );
});
