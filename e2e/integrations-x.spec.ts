import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);
const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

async function openStep(page: Page, name: string) {
  if (await settings(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(settings(page)).toContainText(name);
}

type Received = { posts: { id: string; text: string; inReplyTo: string | null }[] };

test('connect X with PKCE, build webhook → X: post in the editor, call it, see the post arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Xia');

  // The whole OAuth dance against the local server speaking X's OAuth 2.0, which refuses one without PKCE.
  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'X', exact: true });
  const consent = page.waitForRequest(/\/i\/oauth2\/authorize\?/);
  await card.getByRole('button', { name: 'Connect X' }).click();
  const authorize = new URL((await consent).url());
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const xOrigin = authorize.origin;
  await expect(page.getByText('Connected X: @ada_dev')).toBeVisible();
  await screenshots(page, 'x-connected');

  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Releases to X' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();

  await openStep(page, 'Webhook');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('X: Post');
  await page.getByRole('option', { name: /^X: Post/ }).click();
  await openStep(page, 'X: Post');

  const panel = settings(page);
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: '@ada_dev' });
  await panel.getByLabel('Text', { exact: true }).fill('Release {{ $json.body.version }} is out');
  await screenshots(page, 'x-step-settings');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  const published = await (await page.request.get(`/api/flows/${flow.id}`)).json();
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, { data: { version: '2.4' } });
  expect(call.status()).toBe(202);
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${xOrigin}/_test/posts`)).json()) as Received;
      return received.posts.filter((post) => post.text === 'Release 2.4 is out').length;
    })
    .toBe(1);

  await page.goto('/integrations');
  await card.getByRole('button', { name: 'Disconnect @ada_dev' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No X account connected yet.')).toBeVisible();
});
