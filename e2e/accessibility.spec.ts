import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createNoteApi } from './notes-support';
import { APP_ORIGIN, signedInUser, themeSettled } from './support';
import { tableIn } from './tables-support';

// Every screen of the app, at a desktop and a phone width, in the light and the dark theme (the app
// follows the system's), scanned by axe for WCAG 2.1 A and AA. Serious and critical findings fail
// the test, all listed at once so one run shows everything left to fix.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const headers = { origin: APP_ORIGIN };
const shots = process.env.E2E_SHOTS_DIR;

/** `shows`: a text the screen must show before the scan, so the data it is about is on screen. */
type Screen = { path: string; name?: string; shows?: string | ((page: Page) => Locator) };

type AxeNode = { any: Array<{ data?: unknown }> };
/** For a contrast finding, the colours and ratio axe measured: what to change is then plain. */
function contrastOf(node: AxeNode) {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1)` : '';
}

/**
 * Runs axe on the page as it is and returns one readable line per serious or critical violation.
 * `coloursOnly`: the second theme changes colours and nothing else, so only the colour rules run
 * again there, which halves the time of a full pass.
 */
async function findings(page: Page, label: string, coloursOnly = false) {
  // options() replaces what was set before it, so it comes first. Axe counts the WCAG 2.5.3 rule
  // (a name that starts with the text shown) as experimental and leaves it out unless asked.
  const builder = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  if (coloursOnly) builder.withRules(['color-contrast', 'link-in-text-block']);
  else builder.withTags(TAGS);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${violation.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(' ')}${contrastOf(node)}`)
          .join(' | ')}`,
    );
}

/** Waits until the page has settled: no skeleton or loading state left on screen. */
async function settled(page: Page) {
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
}

/** Opens the screen, then scans it at both widths in both themes; `extra` scans opened menus at each. */
async function scanScreen(
  page: Page,
  screen: Screen,
  extra?: (page: Page, scan: (what: string) => Promise<void>) => Promise<void>,
) {
  const out: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(screen.path);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    const shows = screen.shows;
    if (shows) {
      const shown = typeof shows === 'string' ? page.getByText(shows, { exact: true }) : shows(page);
      await expect(shown.first()).toBeVisible();
    }
    // WCAG 1.4.10 (reflow): at a phone's width the page itself never scrolls sideways; wide content
    // (a grid, a board) scrolls inside its own box.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > size.width) out.push(`${screen.name ?? screen.path} @${size.width}: the page is ${wide} px wide`);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await themeSettled(page);
      const label = `${screen.name ?? screen.path} @${size.width} ${theme}`;
      const coloursOnly = theme !== THEMES[0];
      if (shots) {
        const slug = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        await page.screenshot({ path: `${shots}/axe-${slug}.png` });
      }
      out.push(...(await findings(page, label, coloursOnly)));
      await extra?.(page, async (what) => {
        out.push(...(await findings(page, `${label} [${what}]`, coloursOnly)));
      });
    }
  }
  return out;
}

/** A signed-in user with the data every screen needs to show something real. */
async function workspace(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await signedInUser(page, 'Axel');
  const accountId = user.personalAccountId;
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const flow = await post('/api/flows', { accountId, name: 'Lead intake', templateId: 'webhook-lead-intake' });
  const {
    table,
    primary: title,
    fields: [stage, due],
  } = await tableIn(page, accountId, 'Tasks', [
    {
      name: 'Stage',
      options: {
        type: 'single_select',
        choices: [
          { id: 'todo', name: 'To do', color: 'gray' },
          { id: 'doing', name: 'Doing', color: 'blue' },
          { id: 'done', name: 'Done', color: 'green' },
        ],
      },
    },
    { name: 'Due', options: { type: 'date' } },
  ]);
  const today = new Date().toISOString().slice(0, 10);
  await post(`/api/tables/${table.id}/records`, {
    records: [
      { values: { [title.id]: 'Write spec', [stage.id]: 'todo', [due.id]: today } },
      { values: { [title.id]: 'Ship it', [stage.id]: 'doing', [due.id]: today } },
      { values: { [title.id]: 'Loose end' } },
    ],
  });
  const view = (name: string, type: string, config: object) =>
    post(`/api/tables/${table.id}/views`, { name, type, config });
  const kanban = await view('Board', 'kanban', { kanbanFieldId: stage.id });
  const calendar = await view('Dates', 'calendar', { calendarFieldId: due.id });
  const form = await view('Ask', 'form', { formTitle: 'Tell us', formPublic: true });
  const noteId = await createNoteApi(page, {
    accountId,
    title: 'Launch checklist',
    markdown: '# Plan\n\n- [ ] Tell the team\n\nSee **you** there.\n\n```js\nconst a = 1;\n```',
    tags: ['launch'],
  });
  const agent = await post('/api/agents', {
    accountId,
    name: 'Quiet helper',
    avatar: '🤖',
    description: 'Answers briefly.',
    starterPrompts: ['Hi'],
  });
  expect((await page.request.patch(`/api/agents/${agent.id}`, { data: { published: true }, headers })).ok()).toBe(true);
  return { flow, table, kanban, calendar, form, noteId, agent };
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByText('Tips for a garden');

/** A chat with one answer (the local model's), started as a user does, on the assistant page. */
async function chatWithAnswer(page: Page) {
  await page.goto('/agents');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Tips for a garden');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/agents\/chat_/);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1)).toContainText(
    'Tips for a garden',
  );
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** The account switcher, the user menu and the phone menu sheet, opened and scanned on top of the page. */
async function menus(target: Page, scan: (what: string) => Promise<void>) {
  const open = async (trigger: ReturnType<Page['getByTestId']>, what: string, role: 'menu' | 'dialog' = 'menu') => {
    await trigger.click();
    await expect(target.getByRole(role)).toBeVisible();
    await scan(what);
    await target.keyboard.press('Escape');
    await expect(target.getByRole(role)).toHaveCount(0);
  };
  if ((target.viewportSize()?.width ?? 0) >= 1024) {
    await open(target.getByTestId('account-switcher'), 'account switcher');
    await open(target.getByTestId('user-menu-full'), 'user menu');
  } else {
    await open(target.getByRole('button', { name: 'Open menu' }), 'menu sheet', 'dialog');
    await open(target.getByTestId('user-menu-compact'), 'user menu');
  }
}

async function scanAll(page: Page, screens: Screen[]) {
  const problems: string[] = [];
  for (const screen of screens) problems.push(...(await scanScreen(page, screen)));
  return problems;
}

function expectNone(problems: string[]) {
  expect(problems, `${problems.length} serious or critical violations:\n${problems.join('\n')}`).toEqual([]);
}

// Three tests, so the two workers share the scans; each makes its own user and data.
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

test('dashboard pages and the menus always present', async ({ page }) => {
  const { agent } = await workspace(page);
  const problems = await scanScreen(page, { path: '/dashboard' }, menus);
  problems.push(
    ...(await scanAll(page, [
      { path: '/flows' },
      { path: '/tables' },
      { path: '/notes' },
      { path: '/agents/explore' },
      { path: `/agents/explore/${agent.id}`, name: '/agents/explore/{id}', shows: 'Quiet helper' },
      { path: '/leaderboard' },
      { path: '/integrations' },
      { path: '/support' },
      { path: '/referral' },
      { path: '/settings/account' },
      { path: '/settings/billing' },
      { path: '/settings/members' },
      { path: '/settings/ai' },
      { path: '/focus' },
    ])),
  );
  expectNone(problems);
});

test('editors: flow, table views, note, assistant chat', async ({ page }) => {
  const { flow, table, kanban, calendar, form, noteId } = await workspace(page);
  const chatId = await chatWithAnswer(page);
  expectNone(
    await scanAll(page, [
      { path: `/flows/${flow.id}`, name: '/flows/{id}', shows: (page) => page.locator('.react-flow__node') },
      { path: `/tables/${table.id}`, name: '/tables/{id} grid', shows: 'Write spec' },
      { path: `/tables/${table.id}?view=${kanban.id}`, name: '/tables/{id} kanban', shows: 'Ship it' },
      { path: `/tables/${table.id}?view=${calendar.id}`, name: '/tables/{id} calendar', shows: 'Ship it' },
      { path: `/tables/${table.id}?view=${form.id}`, name: '/tables/{id} form', shows: 'Tell us' },
      { path: `/notes?note=${noteId}`, name: '/notes?note={id}', shows: 'Tell the team' },
      { path: '/agents' },
      { path: `/agents/${chatId}`, name: '/agents/{sessionId}', shows: messages },
    ]),
  );
});

test('public, auth, shared, callback and error pages', async ({ page, browser }) => {
  const { form, noteId } = await workspace(page);
  const chatId = await chatWithAnswer(page);
  const sharedNote = await (await page.request.put(`/api/notes/${noteId}/share`, { headers })).json();
  const sharedChat = await (await page.request.post(`/api/chats/${chatId}/share`, { headers })).json();
  const problems = await scanAll(page, [
    { path: '/invites/inv_unknown', name: '/invites/{token}' },
    { path: '/auth/verify' },
    { path: '/auth/verify-email' },
    { path: '/analytics-test' },
    { path: '/test' },
    { path: '/payment/callback' },
    { path: '/integrations/callback/slack' },
    { path: '/template/site_1', name: '/template/{siteId}' },
    { path: '/template/site_1/home', name: '/template/{siteId}/home' },
    { path: '/no/such/page', name: '404 signed in' },
  ]);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  problems.push(
    ...(await scanAll(await context.newPage(), [
      { path: '/' },
      { path: '/business' },
      { path: '/pricing' },
      { path: '/community' },
      { path: '/feedback' },
      { path: '/terms' },
      { path: '/privacy' },
      { path: '/auth/login' },
      { path: '/auth/signup' },
      { path: '/auth/forgot' },
      { path: '/auth/new-password' },
      { path: '/auth/sentEmail' },
      { path: '/auth/verify', name: '/auth/verify signed out' },
      { path: `/share/${sharedNote.publicId}`, name: '/share/{note}', shows: 'Tell the team' },
      { path: `/share/${sharedChat.publicId}`, name: '/share/{chat}', shows: messages },
      { path: `/share/${form.publicId}`, name: '/share/{form}', shows: 'Tell us' },
      { path: '/share/nts_unknown', name: '/share/{unknown}' },
      { path: '/no/such/page', name: '404 signed out' },
    ])),
  );
  await context.close();
  expectNone(problems);
});
