import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { screenshots, signedInUser } from './support';

// Two people: A makes a custom agent and publishes it; B finds it in the gallery, tries it (the
// e2e server's model answers "Answer N to …", scripts/e2e-server.ts), likes it, and sees it on the
// leaderboard with B's conversation and like counted.

test('custom agent: build and publish, found, tried and liked by another user, ranked on the leaderboard', async ({
  page,
  browser,
}) => {
  const name = `Haiku helper ${randomBytes(3).toString('hex')}`;
  const creator = await signedInUser(page, 'Cora');

  // A builds an agent.
  await page.goto('/agents/explore');
  await expect(page).toHaveTitle('Explore | Flowmind');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Emoji').fill('🌸');
  await dialog.getByLabel('Description').fill('Answers everything as a haiku.');
  await dialog.getByLabel('Category').selectOption('writing');
  await dialog.getByLabel('Instructions').fill('Always answer in a haiku of 5, 7 and 5 syllables.');
  await dialog.getByLabel('Starter prompt 1').fill('Write a haiku about Mondays');
  await screenshots(page, 'agent-form');
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('list', { name: 'Your agents' }).getByRole('listitem').filter({ hasText: name });
  await expect(mine).toBeVisible();

  // …and publishes it.
  await mine.getByRole('button', { name: `More for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Publish to gallery' }).click();
  await expect(mine.getByText('Published')).toBeVisible();

  // B, in another browser, finds it in the gallery.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await signedInUser(reader, 'Rex');
  await reader.goto('/agents/explore');
  await reader.getByRole('searchbox', { name: 'Search agents' }).fill(name);
  const card = reader.getByRole('list', { name: 'Published agents' }).getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('by Cora');
  await screenshots(reader, 'agents-explore');
  await card.click();
  await expect(reader).toHaveURL(/\/agents\/explore\/agt_/);
  await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(reader.getByText('By Cora')).toBeVisible();
  await expect(reader.getByText('Write a haiku about Mondays')).toBeVisible();
  // The creator's instructions are not shown to others.
  await expect(reader.getByText('Always answer in a haiku')).toHaveCount(0);
  const agentUrl = reader.url();
  await screenshots(reader, 'agent-page');

  // Tries it: a chat with the agent, started from its starter prompt, streams an answer.
  await reader.getByRole('link', { name: 'Try it' }).click();
  await expect(reader).toHaveURL(/\/agents\?agent=agt_/);
  await expect(reader.getByRole('status').filter({ hasText: `Chatting with ${name}` })).toBeVisible();
  await reader.getByRole('button', { name: 'Write a haiku about Mondays' }).click();
  await expect(reader).toHaveURL(/\/agents\/chat_/);
  const answer = reader.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1);
  await expect(answer).toContainText(/Answer \d+ to "Write a haiku about Mondays"/);
  // After a reload the chat still says who it is with.
  await reader.reload();
  await expect(reader.getByRole('status').filter({ hasText: `Chatting with ${name}` })).toBeVisible();
  await screenshots(reader, 'agent-chat');

  // Likes it.
  await reader.goto(agentUrl);
  await reader.getByRole('button', { name: 'Like' }).click();
  await expect(reader.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reader.getByTitle('Likes')).toContainText('1');
  await expect(reader.getByTitle('Conversations')).toContainText('1');

  // The leaderboard shows it with B's conversation and like (A's own actions never count).
  await page.goto('/leaderboard');
  await expect(page).toHaveTitle('Leaderboard | Flowmind');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByText('See who has the most popular agents')).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Page sections' });
  await expect(tabs.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('list', { name: 'Top agents' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('2 pts');
  await expect(row.getByTitle('Conversations')).toContainText('1');
  await expect(row.getByTitle('Likes')).toContainText('1');
  await tabs.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL(/period=all/);
  await expect(row).toContainText('2 pts');
  await expect(page.getByRole('list', { name: 'Top creators' })).toContainText(creator.name);
  await screenshots(page, 'leaderboard');

  // On a phone the periods are a select instead of tabs, and there is no floating button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tabs).toBeHidden();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('month');
  await expect(page).toHaveURL(/period=month/);
  await expect(row).toContainText('2 pts');
  await expect(page.getByRole('button', { name: 'Create agent' })).toHaveCount(0);
  await other.close();
});
