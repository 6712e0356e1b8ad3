import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, signedInUser } from './support';

// The app's Content-Security-Policy must not break the app: every screen loads its scripts,
// styles, fonts and socket with no policy violation reported by Chromium.

function violations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

test('the app’s security policy lets every main screen work, and forbids framing', async ({ page }) => {
  const seen = violations(page);
  const landing = await page.goto('/');
  const headers = landing?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const user = await signedInUser(page, 'Cleo');
  const flow = await page.request.post('/api/flows', {
    headers: { origin: APP_ORIGIN },
    data: { accountId: user.personalAccountId, name: 'Policy check' },
  });
  const table = await page.request.post('/api/tables', {
    headers: { origin: APP_ORIGIN },
    data: { accountId: user.personalAccountId, name: 'Policy table' },
  });
  const note = await page.request.post('/api/notes', {
    headers: { origin: APP_ORIGIN },
    data: { accountId: user.personalAccountId, title: 'Policy note', markdown: 'Math $x^2$ and `code`' },
  });
  const ids = { flow: (await flow.json()).id, table: (await table.json()).id, note: (await note.json()).id };
  for (const [path, ready] of [
    ['/dashboard', 'main'],
    [`/flows/${ids.flow}`, '.react-flow'],
    [`/tables/${ids.table}`, '[role="grid"]'],
    [`/notes?note=${ids.note}`, '[contenteditable="true"]'],
    ['/agents', 'main'],
    ['/agents/explore', 'main'],
    ['/focus', 'main'],
    ['/settings/ai', 'main'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
  }
  expect(seen).toEqual([]);
});
