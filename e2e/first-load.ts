import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Every script the page loads before it is idle, gzip-compressed as a server would send it. */
export async function measureFirstLoadJs(page: Page, url: string) {
  const scripts: { url: string; bytes: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => {
          scripts.push({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  return { scripts, gzip, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0) };
}

export const LANDING_JS_BUDGET_GZIP = 150 * 1024;
