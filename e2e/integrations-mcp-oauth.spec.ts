import { expect, type Page, test } from '@playwright/test';
import { startMcpOAuthServer, type TestMcpOAuthServer } from '../packages/server/src/test/mcp-oauth-server';
import { mcpServerDialog } from './integrations-support';
import { expectAxeClean, screenshots, signedInUser } from './support';

// An MCP server behind a real authorization server (oidc-provider: dynamic registration, PKCE,
// resource indicators), both reached as localhost, which the e2e app allows.
let mcp: TestMcpOAuthServer;

test.beforeAll(async () => {
  mcp = await startMcpOAuthServer({ host: 'localhost' });
});
test.afterAll(async () => {
  await mcp.close();
});

/**
 * The authorization server's own pages in the browser: sign in, then allow, until the app's page
 * is back (a page it remembers may be skipped).
 */
async function signInAtServer(page: Page) {
  const login = page.locator('input[name="login"]');
  const allow = page.getByRole('button', { name: 'Continue', exact: true });
  const back = page.getByRole('heading', { level: 1, name: 'Integrations' });
  await page.waitForURL((url) => url.origin === new URL(mcp.issuer).origin);
  for (let hop = 0; hop < 4; hop++) {
    await expect(login.or(allow).or(back).first()).toBeVisible({ timeout: 30_000 });
    if (await back.isVisible()) return;
    if (await login.isVisible()) {
      await login.fill('grace');
      await page.locator('input[name="password"]').fill('x');
      await page.getByRole('button', { name: /sign-in/i }).click();
    } else await allow.click();
  }
}

test('sign in to an MCP server with OAuth, use its tools, and reconnect it once the server revokes the grant', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'Oona');
  const { card, dialog } = await mcpServerDialog(page, { name: 'Orders', url: mcp.url });
  await dialog.getByRole('radio', { name: 'OAuth (the server’s sign-in page)' }).check();
  await expect(dialog.getByLabel('Bearer token (optional)')).toHaveCount(0);
  await expectAxeClean(page);
  await screenshots(page, 'mcp-oauth-dialog');
  await dialog.getByRole('button', { name: 'Continue to sign in' }).click();

  await signInAtServer(page);
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Connected MCP server: Orders')).toBeVisible();
  await card.getByRole('button', { name: 'Test Orders' }).click();
  await expect(card.getByText('Orders answered with 3 tools:')).toBeVisible();
  await expect(card.getByText('http://localhost', { exact: false })).toContainText('· OAuth');
  await expect(card.getByRole('button', { name: 'Replace the secret of Orders' })).toHaveCount(0);
  await expectAxeClean(page);
  await screenshots(page, 'mcp-oauth-connected');

  // The server revokes the grant: the next use says to reconnect, and the card shows it.
  await mcp.revoke({ refreshTokens: true });
  await page.reload();
  await card.getByRole('button', { name: 'Test Orders' }).click();
  await expect(card.getByText('Reconnect MCP server (Orders) in Integrations').first()).toBeVisible();
  await page.reload();
  await expect(card.getByText('Needs reconnect')).toBeVisible();
  await expectAxeClean(page);
  await screenshots(page, 'mcp-oauth-needs-reconnect');

  // Every other page of the account says it too, with the way there.
  await page.goto('/flows');
  const notices = page.getByRole('region', { name: 'Connections to reconnect' });
  await expect(notices).toContainText('Reconnect MCP server (Orders) in Integrations.');
  await expectAxeClean(page);
  await screenshots(page, 'reconnect-notice');
  await notices.getByRole('link', { name: 'Open Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(notices).toHaveCount(0);

  await card.getByRole('button', { name: 'Reconnect Orders' }).click();
  await signInAtServer(page);
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Connected MCP server: Orders')).toBeVisible();
  await expect(card.getByText('Needs reconnect')).toHaveCount(0);
  await card.getByRole('button', { name: 'Test Orders' }).click();
  await expect(card.getByText('Orders answered with 3 tools:')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Orders' })).toHaveCount(1);
});

test('the MCP callback explains a refused sign-in and a visit without a code', async ({ page }) => {
  await signedInUser(page, 'Pia');
  await page.goto('/integrations/callback/mcp?error=access_denied&state=x');
  await expect(page.getByRole('heading', { name: 'MCP server was not connected' })).toBeVisible();
  await expect(page.getByText('You did not allow access in the MCP server, so nothing was connected.')).toBeVisible();
  await page.goto('/integrations/callback/mcp');
  await expect(
    page.getByText(
      'This page finishes an MCP server connection after you sign in on the server. There is nothing to finish here.',
    ),
  ).toBeVisible();
  await expectAxeClean(page);
});
