import { expect, test } from '@playwright/test';
import { callWebhook, connectOnCard, publishFromEditor, settings, webhookFlowWith } from './integrations-support';
import { screenshots, signedInUser } from './support';

type Received = { posts: { id: string; text: string; inReplyTo: string | null }[] };

test('connect X with PKCE, build webhook → X: post in the editor, call it, see the post arrive, disconnect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Xia');

  // The whole OAuth dance against the local server speaking X's OAuth 2.0, which refuses one without PKCE.
  const { card, authorize } = await connectOnCard(page, {
    label: 'X',
    authorizePath: /\/i\/oauth2\/authorize\?/,
    connectedAs: '@ada_dev',
  });
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const xOrigin = authorize.origin;
  await screenshots(page, 'x-connected');

  const flowId = await webhookFlowWith(page, user, {
    name: 'Releases to X',
    search: 'X: Post',
    option: 'X: Post',
  });

  const panel = settings(page);
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: '@ada_dev' });
  await panel.getByLabel('Text', { exact: true }).fill('Release {{ $json.body.version }} is out');
  await screenshots(page, 'x-step-settings');

  await publishFromEditor(page);

  await callWebhook(page, flowId, { version: '2.4' });
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
