import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

// The e2e server's own model (scripts/e2e-server.ts) speaks the OpenAI protocol: it numbers its
// answers, answers in Markdown, and writes slowly when the message says "[slow]".

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** Types a message and sends it with Enter once the page can send (its account is loaded). */
async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer(page).press('Enter');
}

test('chat: streaming Markdown, regenerate, edit into a branch, switch versions, sessions kept', async ({ page }) => {
  await signedInUser(page, 'Chatty');
  await page.goto('/agents');
  await expect(page).toHaveTitle(/^Assistant \| /);
  await expect(page.getByRole('heading', { name: 'Assistant', exact: true })).toBeVisible();
  await expect(page.getByText('Your personal AI assistant')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How can I help?' })).toBeVisible();
  await screenshots(page, 'assistant-empty');

  await send(page, 'What is a webhook?');
  await expect(page).toHaveURL(/\/agents\/chat_/);
  const answer = messages(page).nth(1);
  await expect(answer).toContainText('to "What is a webhook?"');
  // Markdown: a table, highlighted code with a copy button, math.
  await expect(answer.getByRole('table')).toContainText('alpha');
  await expect(answer.locator('.hljs-keyword', { hasText: 'const' })).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await expect(answer.locator('.katex')).toBeVisible();
  // The chat is listed under its first message.
  await expect(
    page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: 'What is a webhook?' }),
  ).toBeVisible();
  await screenshots(page, 'assistant-answer');

  // Regenerate: a second version of the answer, with ‹ 2 / 2 ›.
  const first = (await answer.textContent()) ?? '';
  const number = Number(/Answer (\d+)/.exec(first)?.[1]);
  await answer.hover();
  await answer.getByRole('button', { name: 'Regenerate' }).click();
  // Answers are numbered across the whole e2e server (tests run in parallel): a later one.
  await expect
    .poll(async () => Number(/Answer (\d+)/.exec((await answer.textContent()) ?? '')?.[1]))
    .toBeGreaterThan(number);
  await expect(answer.getByText('2 / 2')).toBeVisible();
  const second = Number(/Answer (\d+)/.exec((await answer.textContent()) ?? '')?.[1]);
  await answer.getByRole('button', { name: 'Previous version' }).click();
  await expect(answer).toContainText(`Answer ${number} to`);
  await expect(answer.getByText('1 / 2')).toBeVisible();

  // Edit the question: a new branch with its own answer; the old one is a version away.
  const question = messages(page).first();
  await question.hover();
  await question.getByRole('button', { name: 'Edit message' }).click();
  await question.getByRole('textbox', { name: 'Edit message' }).fill('What is a cron schedule?');
  await question.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page).nth(1)).toContainText('to "What is a cron schedule?"');
  await expect(messages(page).first().getByText('2 / 2')).toBeVisible();

  // A reload shows the same branch.
  await page.reload();
  await expect(messages(page).first()).toContainText('What is a cron schedule?');
  await expect(messages(page).nth(1)).toContainText('to "What is a cron schedule?"');
  await messages(page).first().hover();
  await messages(page).first().getByRole('button', { name: 'Previous version' }).click();
  await expect(messages(page).first()).toContainText('What is a webhook?');
  // That question's newest answer shows under it.
  await expect(messages(page).nth(1)).toContainText(`Answer ${second} to`);

  // A follow-up goes on the branch on screen.
  await send(page, 'Thanks!');
  await expect(messages(page)).toHaveCount(4);
  await expect(messages(page).nth(3)).toContainText('to "Thanks!"');
});

test('chat: stop an answer midway, and a reload mid-answer shows it completing', async ({ page }) => {
  await signedInUser(page, 'Stoppy');
  await page.goto('/agents');
  await send(page, 'Tell me a long story [slow]');
  const answer = messages(page).nth(1);
  await expect(answer).toContainText('word3');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
  const stoppedText = (await answer.textContent()) ?? '';
  expect(stoppedText).not.toContain('word119');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  // Another slow answer, and a reload in the middle of it.
  await send(page, 'Another long one [slow]');
  await expect(messages(page).nth(3)).toContainText('word5');
  await page.reload();
  await expect(messages(page).nth(3)).toContainText('word119', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await page.reload();
  await expect(messages(page).nth(3)).toContainText('word119');
});

test('chat sessions: search, rename and delete from the list', async ({ page }) => {
  await signedInUser(page, 'Lister');
  await page.goto('/agents');
  for (const text of ['Ideas for a garden', 'Budget for a trip']) {
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await send(page, text);
    await expect(messages(page).nth(1)).toContainText(`to "${text}"`);
  }
  // The model picker: the default, or any model set up; the choice stays with the chat.
  const picker = page.getByRole('combobox', { name: 'Model' });
  await expect(picker.locator('option:checked')).toHaveText('Default (e2e-model)');
  await picker.selectOption('env-openai:e2e-model');
  await expect(picker).toHaveValue('env-openai:e2e-model');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('env-openai:e2e-model');

  const list = page.getByRole('navigation', { name: 'Chats' });
  await list.getByRole('searchbox', { name: 'Search chats' }).fill('garden');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Ideas for a garden' })).toBeVisible();
  await list.getByRole('searchbox', { name: 'Search chats' }).fill('');
  await expect(list.getByRole('link')).toHaveCount(2);

  await list.getByRole('button', { name: 'Actions for Budget for a trip' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('Trip budget');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(list.getByRole('link', { name: 'Trip budget' })).toBeVisible();

  await list.getByRole('button', { name: 'Actions for Trip budget' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(page).toHaveURL(/\/agents$/);
});

test('chat tools: adding a record waits for approval, then the record is in the table', async ({ page }) => {
  const user = await signedInUser(page, 'Toolie');
  const created = await page.request.post('/api/tables', {
    data: { accountId: user.personalAccountId, name: 'Contacts' },
    headers: { origin: APP_ORIGIN },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.goto('/agents');
  await send(page, '[add Grace Hopper to Contacts]');
  const answer = messages(page).nth(1);
  const card = answer.getByRole('region', { name: 'Tool: Add a record' });
  await expect(card.getByText('Needs your approval')).toBeVisible();
  await expect(answer.getByRole('region', { name: 'Tool: List tables' }).getByText('Done')).toBeVisible();
  await screenshots(page, 'assistant-approval');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByText('Done')).toBeVisible();
  await expect(answer).toContainText('Added Grace Hopper to Contacts.');
  await card.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/tables\/tbl_/);
  await expect(page.getByRole('textbox', { name: 'Table name' })).toHaveValue('Contacts');
  await expect(page.getByRole('grid').getByText('Grace Hopper', { exact: true })).toBeVisible();
});

test('share a chat: the link opens signed out, read-only, and stops working once revoked', async ({
  page,
  browser,
}) => {
  await signedInUser(page, 'Sharer');
  await page.goto('/agents');
  await send(page, 'Tips for a shared garden');
  await expect(messages(page).nth(1)).toContainText('to "Tips for a shared garden"');

  await page.getByRole('button', { name: 'Share chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this chat' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/share\/cht_/);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { name: 'Tips for a shared garden' })).toBeVisible();
  const shared = visitorPage.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(shared.nth(1)).toContainText('to "Tips for a shared garden"');
  await expect(shared.nth(1).getByRole('table')).toContainText('alpha');
  await expect(visitorPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await screenshots(visitorPage, 'assistant-shared');

  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { name: 'This chat is not available' })).toBeVisible();
  await visitor.close();
});

test('a chat that does not exist says so, and offers a new one', async ({ page }) => {
  await signedInUser(page, 'Lost');
  await page.goto('/agents/chat_doesnotexist');
  await expect(page.getByRole('heading', { name: 'Chat not found' })).toBeVisible();
  await expect(page.getByText('It was deleted, or it is in an account you are not in.')).toBeVisible();
  await page.getByRole('button', { name: 'Start a new chat' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(composer(page)).toBeVisible();
});

test('draft a flow from a description: approved, it opens in the editor with its steps', async ({ page }) => {
  await signedInUser(page, 'Drafter');
  await page.goto('/agents');
  await send(page, '[draft Morning digest]');
  const answer = messages(page).nth(1);
  const card = answer.getByRole('region', { name: 'Tool: Draft a flow' });
  await expect(card).toContainText('A draft flow "Morning digest": Schedule → Fetch the page → Summarise');
  await screenshots(page, 'assistant-draft');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toContainText('Drafted Morning digest.');
  await card.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/flows\/flw_/);
  for (const step of ['Fetch the page', 'Summarise'])
    await expect(page.getByText(step, { exact: true }).first()).toBeVisible();
  await screenshots(page, 'assistant-drafted-flow');
});

test('a first message sent while the page is still loading the account goes once it has', async ({ page }) => {
  await signedInUser(page, 'Early');
  // Hold the account list back until the message has been sent.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/accounts', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.goto('/agents');
  await composer(page).fill('Hello early');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  release();
  await expect(page).toHaveURL(/\/agents\/chat_/);
  await expect(messages(page).nth(1)).toContainText('to "Hello early"');
});
