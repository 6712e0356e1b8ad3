import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

// A flow author serves an HTML page from a webhook. Whoever opens it while signed in must not run
// the author's script as themselves: the page is sandboxed, without Flowmind's origin or cookies.

const PAGE = `<h1>Thanks!</h1><p id="out">waiting</p>
<script>
(async () => {
  const seen = ['origin=' + self.origin];
  try { seen.push('cookie=' + (document.cookie || 'none')); } catch (error) { seen.push('cookie=blocked'); }
  try {
    const res = await fetch('/api/me', { credentials: 'include' });
    seen.push('me=' + res.status);
  } catch (error) { seen.push('me=blocked'); }
  document.getElementById('out').textContent = seen.join(' ');
})();
</script>`;

type Step = { id: string; type: string; name: string; params: Record<string, unknown> };

/** A flow in the account with these steps one after another. */
async function createFlow(page: Page, accountId: string, name: string, steps: Step[]) {
  const nodes = steps.map((step, i) => ({ ...step, position: { x: i * 300, y: 0 } }));
  const edges = steps.slice(1).map((step, i) => ({ id: `e${i}`, source: steps[i]?.id, target: step.id }));
  const created = await page.request.post('/api/flows', {
    headers: { origin: APP_ORIGIN },
    data: { accountId, name, graph: { nodes, edges } },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return (await created.json()) as { id: string; webhookId: string };
}

test('a page served by a webhook runs sandboxed: its script cannot read the visitor’s session', async ({ page }) => {
  const user = await signedInUser(page, 'Hana');
  const flow = await createFlow(page, user.personalAccountId, 'Thank-you page', [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
    {
      id: 'page',
      type: 'webhook.respond',
      name: 'Page',
      params: {
        status: 200,
        bodyType: 'text',
        text: PAGE,
        headers: [{ key: 'Content-Type', value: 'text/html; charset=utf-8' }],
      },
    },
  ]);
  const published = await page.request.post(`/api/flows/${flow.id}/publish`, { headers: { origin: APP_ORIGIN } });
  expect(published.ok(), await published.text()).toBeTruthy();

  // The page still works for its visitors: it shows, and its script runs…
  await page.goto(`/api/hooks/${flow.webhookId}`);
  await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible();
  const out = page.locator('#out');
  await expect(out).not.toHaveText('waiting');
  // …but in an origin of its own: no cookies, and the API does not answer it as the signed-in user.
  await expect(out).toContainText('origin=null');
  await expect(out).toContainText('cookie=blocked');
  await expect(out).not.toContainText('me=200');

  // The visitor is still signed in to Flowmind itself.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a webhook secret is typed like a password, saved as a hash, and never shown again', async ({ page }) => {
  const user = await signedInUser(page, 'Sid');
  const flow = await createFlow(page, user.personalAccountId, 'Guarded hook', [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { secretHeader: 'X-Hook-Secret' } },
  ]);
  await page.goto(`/flows/${flow.id}`);
  await page.getByTestId('step-Webhook').click();
  const secret = page.getByLabel('Secret value');
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill('whsec-typed-in-the-editor');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get(`/api/flows/${flow.id}`)).json()))
    .toMatch(/sha256:[0-9a-f]{64}/);
  expect(JSON.stringify(await (await page.request.get(`/api/flows/${flow.id}`)).json())).not.toContain('typed-in');

  await page.reload();
  await page.getByTestId('step-Webhook').click();
  await expect(page.getByLabel('Secret value')).toHaveValue('');
  await expect(page.getByLabel('Secret value')).toHaveAttribute(
    'placeholder',
    'Saved. Type a new secret to replace it',
  );
  await screenshots(page, 'webhook-secret');
});
