import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * Every script the page loads before it is idle: its bytes, the same gzip-compressed at level 9 (what it would
 * weigh on any compressing server), and what the browser actually received for its body (after the server's
 * Content-Encoding, before decoding), with that encoding.
 */
export async function measureFirstLoadJs(page: Page, url: string) {
  const scripts: { url: string; bytes: number; gzip: number; transferred: number; encoding: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    pending.push(
      Promise.all([response.body(), response.finished().then(() => response.request().sizes())])
        .then(([body, sizes]) => {
          scripts.push({
            url: response.url(),
            bytes: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const sum = (key: 'bytes' | 'gzip' | 'transferred') => scripts.reduce((total, s) => total + s[key], 0);
  return { scripts, gzip: sum('gzip'), bytes: sum('bytes'), transferred: sum('transferred') };
}

export const LANDING_JS_BUDGET_GZIP = 150 * 1024;
/** The aim for what the landing page's scripts weigh on the wire, as the browser receives them. */
export const LANDING_JS_AIM_TRANSFERRED = 120 * 1024;
