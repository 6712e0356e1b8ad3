import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

const timer = (page: Page) => page.getByRole('timer');

test('the focus timer runs from the keyboard, survives a reload and logs a skipped period', async ({ page }) => {
  await signedInUser(page, 'Flora');
  await page.goto('/focus');
  await expect(page.getByRole('heading', { name: 'What are you working on?' })).toBeVisible();
  await expect(timer(page)).toHaveText('25:00');
  await expect(page.getByText('No sessions yet.')).toBeVisible();
  await screenshots(page, 'focus-empty');

  // Settings: a shorter focus period applies at once to the idle timer.
  await page.getByRole('button', { name: 'Timer settings' }).click();
  await page.getByRole('spinbutton', { name: 'Focus (min)' }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(timer(page)).toHaveText('02:00');

  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page).toHaveTitle(/^0[12]:\d\d · Focus$/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page).toHaveTitle(/· Focus \(paused\)$/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // The running period is the server's: a reload shows it still running, with time gone by.
  await expect(timer(page)).toHaveText(/^01:5[0-8]$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(timer(page)).toHaveText(/^01:5\d$/);
  await screenshots(page, 'focus-running');

  await page.keyboard.press('s');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Short break', pressed: true })).toBeVisible();
  await expect(timer(page)).toHaveText('05:00');
  const log = page.getByRole('list', { name: 'Focus sessions' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem').first()).toContainText('Skipped');
});

test('a period that runs out ends by the clock, not by counted ticks, and a break comes next', async ({ page }) => {
  const user = await signedInUser(page, 'Clara');
  const patched = await page.request.patch('/api/focus/settings', {
    headers: { origin: APP_ORIGIN },
    data: { focusMinutes: 1 },
  });
  expect(patched.ok()).toBeTruthy();
  // The page's clock only moves when told to: jumping it 61 s fires the timer's interval once, as in a
  // background tab whose timers were held back; the clock must still read 0 and end the period.
  await page.clock.install();
  await page.goto('/focus');
  await expect(timer(page)).toHaveText('01:00');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page.getByText('Focus period done. Time for a break.')).toBeVisible();
  await expect(page).toHaveTitle('Time for a break · Focus');
  await expect(page.getByRole('button', { name: 'Short break', pressed: true })).toBeVisible();
  await expect(timer(page)).toHaveText('05:00');
  const log = await (await page.request.get(`/api/focus/sessions?accountId=${user.personalAccountId}`)).json();
  expect(log.sessions).toHaveLength(1);
  // The server counts the time that really passed (a few seconds here), never more than the plan.
  expect(log.sessions[0]).toMatchObject({ kind: 'focus', outcome: 'completed', plannedSeconds: 60 });
  expect(log.sessions[0].focusedSeconds).toBeLessThanOrEqual(60);
});

test('a focus session on a task ticks the task in its note and shows in the log', async ({ page }) => {
  const user = await signedInUser(page, 'Tasha');
  const accountId = user.personalAccountId;

  // No notes yet: the picker says so and points to Notes.
  await page.goto('/focus');
  await page.getByRole('button', { name: 'Pick a task or note' }).click();
  await expect(page.getByRole('dialog').getByText('No tasks yet')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Go to Notes' })).toHaveAttribute('href', '/notes');
  await page.keyboard.press('Escape');

  const created = await page.request.post('/api/notes', {
    headers: { origin: APP_ORIGIN },
    data: {
      accountId,
      title: 'Launch plan',
      markdown: '# Launch\n\n- [x] Pick a date\n- [ ] Write the announcement\n- [ ] Email the list\n',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const note = await created.json();

  await page.getByRole('button', { name: 'Pick a task or note' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Email the list', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pick a date', exact: true })).toHaveCount(0);
  await screenshots(page, 'focus-picker');
  await dialog.getByRole('button', { name: 'Write the announcement', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('focus-current')).toHaveText('Write the announcement');
  await expect(page.getByText('Launch plan')).toBeVisible();

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(timer(page)).not.toHaveText('25:00');
  await screenshots(page, 'focus-task');
  await page.keyboard.press('d');

  // The task is ticked in its note, the period ends as completed, a break is next.
  await expect(page.getByRole('heading', { name: 'What are you working on?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Short break', pressed: true })).toBeVisible();
  const open = await (await page.request.get(`/api/notes/tasks?accountId=${accountId}&checked=false`)).json();
  expect(open.tasks.map((t: { text: string }) => t.text)).toEqual(['Email the list']);
  const done = await (await page.request.get(`/api/notes/tasks?accountId=${accountId}&checked=true`)).json();
  expect(done.tasks).toContainEqual(
    expect.objectContaining({ noteId: note.id, text: 'Write the announcement', checked: true }),
  );

  const entry = page.getByRole('list', { name: 'Focus sessions' }).getByRole('listitem').first();
  await expect(entry).toContainText('Write the announcement');
  await expect(entry).toContainText('Launch plan');
  await expect(entry).toContainText('Completed');
  const log = await (await page.request.get(`/api/focus/sessions?accountId=${accountId}`)).json();
  expect(log.sessions[0]).toMatchObject({ noteId: note.id, taskText: 'Write the announcement', outcome: 'completed' });
  await screenshots(page, 'focus-done');

  // And in the note itself, the task shows ticked.
  await page.goto(`/notes?note=${note.id}`);
  const body = page.getByLabel('Note body');
  await expect(body.locator('li[data-checked="true"]').filter({ hasText: 'Write the announcement' })).toBeVisible();
  await expect(body.locator('li[data-checked="false"]').filter({ hasText: 'Email the list' })).toBeVisible();
});
