import { expect, test } from '@playwright/test';
import { expectAxeClean, screenshots, signedInUser } from './support';

test('connect a Slack workspace through the OAuth dance, rename it, and disconnect it', async ({ page }) => {
  await signedInUser(page, 'Ivy');
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Slack' });
  await expect(card.getByText('No Slack workspace connected yet.')).toBeVisible();
  // The e2e server sets no generic OAuth 2.0 app: its card says what the operator must set.
  const unconfigured = page.getByRole('region', { name: 'OAuth 2.0 app' });
  await expect(unconfigured.getByText('Not set up on this server yet')).toBeVisible();
  await expect(unconfigured).toContainText(
    'OAUTH2_CLIENT_ID, OAUTH2_CLIENT_SECRET, OAUTH2_AUTHORIZE_URL and OAUTH2_TOKEN_URL',
  );
  await expect(unconfigured).toContainText(/http:\/\/localhost:\d+\/integrations\/callback\/oauth2/);
  await expect(unconfigured.getByRole('button')).toHaveCount(0);
  // Nor a LinkedIn app: its card names the client id and secret to set and the redirect URI to register.
  const linkedin = page.getByRole('region', { name: 'LinkedIn' });
  await expect(linkedin).toContainText("The server's operator must set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET");
  await expect(linkedin).toContainText(/http:\/\/localhost:\d+\/integrations\/callback\/linkedin/);
  await expect(linkedin.getByRole('button', { name: 'Connect LinkedIn' })).toHaveCount(0);
  await expectAxeClean(page);

  // The browser leaves for Slack's consent page (a local server speaking Slack's OAuth) and comes back.
  const callback = page.waitForURL(/\/integrations\/callback\/slack\?/);
  await card.getByRole('button', { name: 'Connect Slack' }).click();
  await callback;
  const callbackUrl = page.url();
  expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Connected Slack: Acme e2e')).toBeVisible();
  const connection = card.getByRole('listitem').filter({ hasText: 'Acme e2e' });
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
  await expect(connection.getByText(/Connected by Ivy on/)).toBeVisible();
  await expectAxeClean(page);

  // Test asks Slack, live, who the token acts as.
  await connection.getByRole('button', { name: 'Test Acme e2e' }).click();
  await expect(connection.getByText('Works: Slack answers as @flowmind in Acme e2e.')).toBeVisible();
  await expectAxeClean(page);
  await screenshots(page, 'integrations-connected');

  // Rename by keyboard.
  await connection.getByRole('button', { name: 'Rename' }).focus();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Rename Acme e2e' });
  await rename.getByRole('textbox').fill('Acme HQ');
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(card.getByRole('heading', { name: 'Acme HQ' })).toBeVisible();

  // The provider's code and state work once: coming back with them again says so in words.
  await page.goto(callbackUrl);
  await expect(
    page.getByText('This connection attempt was already used. Start again from Integrations.'),
  ).toBeVisible();
  await expectAxeClean(page);
  await screenshots(page, 'integrations-callback-reused');
  await page.getByRole('link', { name: 'Back to Integrations' }).click();

  await card.getByRole('button', { name: 'Disconnect Acme HQ' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Slack (Acme HQ)?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('No Slack workspace connected yet.')).toBeVisible();
  await screenshots(page, 'integrations-empty');
});

test('the callback page explains a denied consent and a visit without a code', async ({ page }) => {
  await signedInUser(page, 'Dan');
  await page.goto('/integrations/callback/slack?error=access_denied&state=abc');
  await expect(page.getByText('You did not allow access in Slack, so nothing was connected.')).toBeVisible();
  await expectAxeClean(page);
  await screenshots(page, 'integrations-callback-denied');
  await page.goto('/integrations/callback/slack');
  await expect(page.getByText(/There is nothing to finish here/)).toBeVisible();
  // Every provider has its callback address (the router checks the shared list), nothing else does.
  await page.goto('/integrations/callback/myspace?code=x&state=y');
  await expect(page.getByText('404')).toBeVisible();
  await page.goto('/integrations/callback/notion?code=x&state=y');
  await expect(page.getByText(/This connection attempt is not known here/)).toBeVisible();
  await page.goto('/integrations/callback/twitter?code=x&state=y');
  await expect(page.getByText(/This connection attempt is not known here/)).toBeVisible();
});
