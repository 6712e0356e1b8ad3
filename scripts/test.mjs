#!/usr/bin/env node
// `npm test`: every check and every test, browser tests included, then one closing line
// "N passed, N flaky, N failed, N skipped", with the flaky tests (passed only when retried) named
// above it. The server tests run on PostgreSQL: an embedded server the run starts itself
// (packages/server/src/test/global-setup.ts), or the one at TEST_DATABASE_URL when set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'flowmind-test-'));
const totals = { passed: 0, flaky: 0, failed: 0, skipped: 0 };
const failures = [];
const flaky = [];
const brokenFiles = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  // A file that fails outside its tests (an import, a beforeAll) fails none of them: count and name it.
  for (const result of report.testResults ?? []) {
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed').length;
    if (result.status === 'failed' && failedTests === 0) {
      totals.failed += 1;
      brokenFiles.push(result.name.replace(root, ''));
    }
  }
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

/** Titles ("file › test") of the tests whose status in a Playwright JSON report is `status`. */
function playwrightTests(suites, status, found = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === status)) found.push(`${spec.file} › ${spec.title}`);
    }
    playwrightTests(suite.suites, status, found);
  }
  return found;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  // A test that passed only when retried is not a pass: it is counted and named apart.
  totals.passed += stats.expected;
  totals.flaky += stats.flaky ?? 0;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  flaky.push(...playwrightTests(report.suites, 'flaky'));
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

function aptInstall(packages) {
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return install.status === 0;
}

/**
 * Debian's Chromium for the browser tests (e2e/chromium.ts picks it): its headless shell, which
 * runs them on about two thirds of the full browser's CPU, or else the full browser.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return true;
  if (existsSync(HEADLESS_SHELL)) return true;
  if (process.getuid?.() === 0) {
    console.log(
      '\n▶ Installing Debian’s Chromium headless shell for the browser tests (apt-get install chromium-headless-shell)',
    );
    if (aptInstall(['chromium-headless-shell']) && existsSync(HEADLESS_SHELL)) return true;
  }
  if (existsSync(FULL_CHROMIUM)) return true;
  console.error(
    `\n✗ Browser tests need Debian’s Chromium: ${HEADLESS_SHELL} or ${FULL_CHROMIUM} (or CHROMIUM_PATH).\n` +
      '  On Debian/Ubuntu: sudo apt-get install chromium-headless-shell, then run npm test again.',
  );
  failures.push('chromium');
  return false;
}

const npx = (args, title, env) => run(title, 'npx', args, env);

npx(['biome', 'check', '.'], 'Format and lint (Biome)');
npx(['tsc', '--noEmit', '-p', '.'], 'Typecheck (tsc --noEmit)');

const unitReport = join(reports, 'vitest.json');
npx(
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  `Unit and integration tests (on ${process.env.TEST_DATABASE_URL ? process.env.TEST_DATABASE_URL : 'an embedded PostgreSQL'})`,
);
countVitest(unitReport);

if (ensureChromium() && run('Build the web app and the server', 'npm', ['run', 'build'])) {
  const e2eReport = join(reports, 'playwright.json');
  npx(['playwright', 'test', '--reporter=list,json'], 'Browser tests (Playwright, Chromium)', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  countPlaywright(e2eReport);
}

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
if (brokenFiles.length > 0) console.log(`Failed outside their tests:\n${brokenFiles.map((f) => `  ${f}`).join('\n')}`);
if (flaky.length > 0) console.log(`Flaky (passed only when retried):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
console.log(`${totals.passed} passed, ${totals.flaky} flaky, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
