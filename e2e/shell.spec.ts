import { expect, test } from '@playwright/test';
import { LANDING_JS_BUDGET_GZIP, measureFirstLoadJs } from './first-load';
import { signedInUser } from './support';

test('signed-out users are sent to log in from required routes', async ({ page }) => {
  for (const path of ['/dashboard', '/notes', '/settings/members', '/agents', '/integrations']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth\/login/);
  }
  for (const path of ['/', '/business', '/auth/signup']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  }
});

test('signed-in users are kept out of signed-out-only pages', async ({ page }) => {
  await signedInUser(page, 'Guarded');
  for (const path of ['/auth/login', '/auth/signup', '/auth/forgot']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard/);
  }
  await page.goto('/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await expect(page.getByText('Manage your notes here')).toBeVisible();
  await expect(page).toHaveTitle('Notes | Flowmind');
  await page.goto('/leaderboard');
  await expect(page.getByText('See who has the most popular agents')).toBeVisible();
  await expect(page).toHaveTitle('Leaderboard | Flowmind');
});

test('the offline strip shows while the browser is offline', async ({ page, context }) => {
  await page.goto('/');
  const strip = page.getByText('You are currently offline');
  await expect(strip).toBeHidden();
  await context.setOffline(true);
  await expect(strip).toBeVisible();
  await context.setOffline(false);
  await expect(strip).toBeHidden();
});

test('unknown routes show the 404 error page with Go Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a route parameter that fails validation is a 404 naming the path', async ({ page }) => {
  await signedInUser(page, 'Validator');
  await page.goto('/flows/not%20a%20valid%20id!');
  await expect(page.getByText('Page Not Found: /flows/not%20a%20valid%20id!')).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test('the landing page has the tagline, share metadata and a small first load', async ({ page }) => {
  const { gzip, scripts } = await measureFirstLoadJs(page, '/');
  expect(gzip).toBeLessThan(LANDING_JS_BUDGET_GZIP);
  // The build's brotli copies reach the browser as such (a tiny chunk may have none: its copy was not smaller).
  const sizeable = scripts.filter((script) => script.bytes >= 1024);
  expect(sizeable.length).toBeGreaterThan(0);
  for (const script of sizeable) expect(script.encoding, script.url).toBe('br');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Get more done, effortlessly/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Get more done, effortlessly, with AI agents and workflows',
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  const png = await page.request.get(new URL(image ?? '', page.url()).toString());
  expect(png.headers()['content-type']).toContain('image/png');
  await expect(page).toHaveTitle(/\| Flowmind$/);
});

test('a chunk that fails to load reloads the page once, then shows the error page', async ({ page }) => {
  const loaded = new Set<string>();
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents++;
  });
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) loaded.add(response.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Chunks the landing page did not load are gone, as when a deploy removed the old files.
  let blocked = 0;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (loaded.has(route.request().url())) return route.continue();
    blocked++;
    return route.abort();
  });
  await page.getByRole('link', { name: 'Business' }).first().click();
  // The first load, then exactly one reload (the error page may show for a moment before it).
  await expect.poll(() => documents).toBe(2);
  await expect(page.getByText('This page could not be loaded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
  await page.waitForTimeout(1500); // no second reload follows
  expect(documents).toBe(2);
  expect(blocked).toBeGreaterThan(0);
});

test('the dashboard fits a 390 px phone: nothing scrolls sideways, a long handle is cut short', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInUser(page, 'Narrow');
  await page.goto('/dashboard');
  await expect(page.getByText('Getting started')).toBeVisible();
  await expect(page.getByText('Jump in')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
