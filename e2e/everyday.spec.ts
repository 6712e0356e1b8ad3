import { spawn } from 'node:child_process';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { stopLeftoverPostgres } from '../packages/server/src/db/embedded-process';
import { noteBody, waitSaved } from './notes-support';
import { type E2eServer, linkIn, readEmail, screenshots, signedInUser } from './support';

/** Every `note-update` frame this page sends over the live socket. */
function sentNoteUpdates(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (text.includes('"note-update"')) frames.push(text);
    });
  });
  return frames;
}

test('opening a rich note without typing sends no update and keeps its Updated time', async ({ page }) => {
  await signedInUser(page, 'Opener');
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).first().click();
  await page.getByLabel('Note title').fill('Typed by hand');
  await page.getByLabel('Note title').press('Enter');
  // Markdown shortcuts delete what was typed ("# ", "- "): the note's history holds deletions.
  await page.keyboard.type('# A heading');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A paragraph with a typo');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- a bullet');
  await waitSaved(page);
  const noteId = new URL(page.url()).searchParams.get('note');
  await page.goto('/notes');
  const before = await (await page.request.get(`/api/notes/${noteId}`)).json();

  const frames = sentNoteUpdates(page);
  await page.goto(`/notes?note=${noteId}`);
  await expect(noteBody(page).getByText('a bullet')).toBeVisible({ timeout: 20_000 });
  // Anything the editor would write on open goes within its send delay: wait well past it.
  await page.waitForTimeout(1500);
  expect(frames).toEqual([]);
  const after = await (await page.request.get(`/api/notes/${noteId}`)).json();
  expect(after.updatedAt).toBe(before.updatedAt);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
});

test('a title and text typed just before a full navigation are saved, and leaving asks first while they save', async ({
  page,
}) => {
  await signedInUser(page, 'Leaver');
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).first().click();
  await expect(page).toHaveURL(/note=/);
  const noteId = new URL(page.url()).searchParams.get('note');
  await page.getByLabel('Note title').fill('First title');
  await noteBody(page).click();
  await waitSaved(page);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  // The body: typed, and the page left at once.
  await page.keyboard.type('Last words');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${noteId}`);
  const title = page.getByLabel('Note title');
  await expect(noteBody(page).getByText('Last words')).toBeVisible({ timeout: 20_000 });
  // The title: its save waits for typing to stop (400 ms); the page is left well before.
  await title.fill('Renamed at the last moment');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  expect(dialogs).toContain('beforeunload');
  await expect
    .poll(async () => (await (await page.request.get(`/api/notes/${noteId}`)).json()).title)
    .toBe('Renamed at the last moment');
  const note = await (await page.request.get(`/api/notes/${noteId}`)).json();
  expect(JSON.stringify(note.content)).toContain('Last words');
});

let stopAfterTest: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await stopAfterTest?.();
  stopAfterTest = null;
});

/**
 * A second app server with no AI model of its own (scripts/e2e-server.ts with E2E_WITHOUT_MODEL), as a fresh
 * install is before one is set up. Stops with `close()`.
 */
async function startServerWithoutModel(): Promise<E2eServer & { close: () => Promise<void> }> {
  const port = 3332;
  const child = spawn('node', ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_MAIL_PORT: '3333',
      E2E_INBOUND_PORT: '3334',
      E2E_WITHOUT_MODEL: '1',
    },
    stdio: 'ignore',
  });
  const origin = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    // Its own shutdown stops its embedded PostgreSQL; if it was cut short, the database stops here.
    await stopLeftoverPostgres(`/tmp/flowmind-e2e-${port}`);
  };
  // A test that times out never reaches its `finally`: afterEach still stops the server.
  stopAfterTest = close;
  for (let attempt = 0; attempt < 120; attempt++) {
    const up = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { origin, mailPort: 3333, close };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await close();
  throw new Error('The server without a model did not start');
}

async function pageOn(browser: Browser, server: E2eServer) {
  const context = await browser.newContext({ baseURL: server.origin });
  return context.newPage();
}

test('with no AI model, an agent says so at once with a link to set one up, and the chat does not count', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startServerWithoutModel();
  try {
    const maker = await pageOn(browser, server);
    const creator = await signedInUser(maker, 'Maker', server);
    const made = await maker.request.post('/api/agents', {
      data: {
        accountId: creator.personalAccountId,
        name: 'Quiet helper',
        avatar: '🤖',
        color: 'rose',
        description: 'Would answer, given a model.',
        instructions: 'Be brief.',
        starterPrompts: ['Say hello'],
        category: 'writing',
        tools: [],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const agentId = (await made.json()).id as string;
    expect((await maker.request.patch(`/api/agents/${agentId}`, { data: { published: true } })).status()).toBe(200);

    const visitor = await pageOn(browser, server);
    await signedInUser(visitor, 'Visitor', server);
    await visitor.goto(`/agents/explore/${agentId}`);
    const notice = visitor.getByRole('status').filter({ hasText: 'No AI model is set up yet.' });
    await expect(notice).toContainText('Quiet helper needs one to answer.');
    await expect(notice.getByRole('link', { name: 'Set up an AI model in Settings' })).toHaveAttribute(
      'href',
      '/settings/ai',
    );
    await screenshots(visitor, 'agent-no-model');
    await visitor.getByRole('link', { name: 'Try it' }).click();
    await expect(visitor).toHaveURL(/\/agents\?agent=agt_/);
    await expect(notice).toContainText('Quiet helper needs one to answer.');
    await visitor.getByLabel('Message').fill('Hello?');
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(/\/agents\/chat_/);
    const answer = visitor.getByRole('list', { name: 'Messages' }).getByRole('alert');
    await expect(answer).toContainText('No AI model is set up yet.');
    await expect(answer.getByRole('link', { name: 'Set up an AI model in Settings' })).toHaveAttribute(
      'href',
      '/settings/ai',
    );
    await screenshots(visitor, 'agent-chat-no-model');

    // Not answered: not a conversation, on the agent's page or the leaderboard.
    await visitor.goto(`/agents/explore/${agentId}`);
    await expect(visitor.getByTitle('Conversations')).toContainText('0');
    await visitor.goto('/leaderboard?period=all');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(visitor.getByText('Quiet helper')).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('a shared chat shows each text and each tool call of an answer in the order written', async ({
  page,
  browser,
}) => {
  const user = await signedInUser(page, 'Storyteller');
  const table = await page.request.post('/api/tables', { data: { accountId: user.personalAccountId, name: 'Guests' } });
  expect(table.ok(), await table.text()).toBeTruthy();
  await page.goto('/agents');
  await page.getByRole('textbox', { name: 'Message' }).fill('[add Ada to Guests]');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const answer = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1);
  await answer.getByRole('region', { name: 'Tool: Add a record' }).getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toContainText('Added Ada to Guests.');

  await page.getByRole('button', { name: 'Share chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this chat' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  const shared = visitorPage.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1);
  await expect(shared).toContainText('Added Ada to Guests.');
  const blocks = await shared.locator(':scope > div > *').allInnerTexts();
  expect(blocks.map((block) => block.trim())).toEqual([
    'Let me look at your tables.',
    'Used: List tables',
    'Adding Ada to Guests.',
    'Used: Add a record',
    'Added Ada to Guests.',
  ]);
  await screenshots(visitorPage, 'shared-chat-order');
  await visitor.close();
});

test('the focus timer is in the app navigation', async ({ page }) => {
  await signedInUser(page, 'Focused');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Focus' }).click();
  await expect(page).toHaveURL(/\/focus$/);
  await page.goto('/notes');
  await screenshots(page, 'nav-with-focus');
});

test('Community and Feedback link the project repository the server names', async ({ page }) => {
  const config = await (await page.request.get('/api/config')).json();
  expect(config.repositoryUrl).toBe('https://github.com/flowmind/flowmind');
  for (const path of ['/community', '/feedback']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: "the project's repository" }), path).toHaveAttribute(
      'href',
      config.repositoryUrl,
    );
  }
  await screenshots(page, 'feedback-repository-link');
});

test('an agent that does not exist says "Agent not found" once', async ({ page }) => {
  await signedInUser(page, 'Seeker');
  await page.goto('/agents/explore/agt_nosuchagent00000000');
  await expect(page.getByRole('link', { name: 'Back to Explore' })).toBeVisible();
  await expect(page.getByText('Agent not found')).toHaveCount(1);
  await expect(page.getByText('It may have been unpublished or deleted.')).toBeVisible();
  await screenshots(page, 'agent-not-found');
});

test('Explore with no agents of ones own says what to do, not to use an empty gallery', async ({ page }) => {
  await signedInUser(page, 'Newcomer');
  await page.goto('/agents/explore');
  await expect(page.getByText(/^No agents yet\. Create one with its own instructions/)).toBeVisible();
  await expect(page.getByText(/from the gallery below/)).toHaveCount(0);
  await screenshots(page, 'explore-empty');
});

test('a pending invite shows in the app for the invited user, who accepts one and declines another there', async ({
  page,
  browser,
}) => {
  await signedInUser(page, 'Olivia');
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  const guest = await signedInUser(invited, 'Gus');
  const invite = async (name: string, handle: string) => {
    const account = await page.request.post('/api/accounts', { data: { name, handle } });
    expect(account.status(), await account.text()).toBe(201);
    const id = (await account.json()).id as string;
    const sent = await page.request.post(`/api/accounts/${id}/invites`, {
      data: { email: guest.email, role: 'member' },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  };
  await invite('Olivia Works', `olivia-works-${Date.now()}`);
  await invite('Olivia Lab', `olivia-lab-${Date.now()}`);

  await invited.goto('/dashboard');
  const invites = invited.getByRole('region', { name: 'Invites' });
  await expect(invites.getByRole('listitem')).toHaveCount(2);
  await expect(invites).toContainText('Olivia invited you to Olivia Works as member');
  await screenshots(invited, 'dashboard-invites');
  await invites
    .getByRole('listitem')
    .filter({ hasText: 'Olivia Works' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(invites.getByRole('listitem')).toHaveCount(1);

  // The other one, from the account switcher.
  await invited.getByTestId('account-switcher').click();
  await expect(invited.getByRole('menuitem', { name: /Olivia Works/ })).toBeVisible();
  await invited.getByRole('menuitem', { name: 'Decline Olivia Lab' }).click();
  await expect(invites).toBeHidden();
  await invited.getByTestId('account-switcher').click();
  await expect(invited.getByRole('menuitem', { name: /Olivia Works/ })).toBeVisible();
  await expect(invited.getByRole('menuitem', { name: /Olivia Lab/ })).toHaveCount(0);
  await invitedContext.close();
});

test('the inviter who opens an accepted invite link is told it was used, not to log in', async ({ page, browser }) => {
  await signedInUser(page, 'Ingrid');
  const account = await page.request.post('/api/accounts', {
    data: { name: 'Ingrid Co', handle: `ingrid-co-${Date.now()}` },
  });
  const accountId = (await account.json()).id as string;
  const joinerContext = await browser.newContext();
  const joiner = await joinerContext.newPage();
  const member = await signedInUser(joiner, 'Jon');
  await page.request.post(`/api/accounts/${accountId}/invites`, { data: { email: member.email, role: 'member' } });
  const link = linkIn(await readEmail(member.email, 'invited you'), '/invites/');
  await joiner.goto(link);
  await joiner.getByRole('button', { name: /accept/i }).click();
  await expect(joiner).toHaveURL(/\/settings\/members|\/dashboard/);

  await page.goto(link);
  await expect(page.getByText('This invite was already accepted')).toBeVisible();
  await expect(page.getByText(`${member.email} accepted it and is a member now.`)).toBeVisible();
  await expect(page.getByText(/Log in/)).toHaveCount(0);
  await screenshots(page, 'invite-accepted-inviter');
  // The invitee opening it again is told they are in.
  await joiner.goto(link);
  await expect(joiner.getByText(/You are a member/)).toBeVisible();
  await joinerContext.close();
});
