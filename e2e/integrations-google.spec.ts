import { expect, type Page, test } from '@playwright/test';
import { APP_ORIGIN, screenshots, signedInUser } from './support';

const headers = { origin: APP_ORIGIN };
const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);
const settings = (page: Page) => page.getByRole('complementary', { name: 'Step settings', exact: true });

async function openStep(page: Page, name: string) {
  if (await settings(page).count()) await page.keyboard.press('Escape');
  await page.locator('.react-flow__controls-fitview').click();
  await step(page, name).click();
  await expect(settings(page)).toContainText(name);
}

/** The local Google server's account and its team calendar. */
const EMAIL = 'ada.lovelace@example.com';
const TEAM_CALENDAR = 'c_team0123456789@group.calendar.google.com';

type Received = { events: { calendarId: string; summary?: string; start: { date?: string; dateTime?: string } }[] };

test('connect Google Calendar, build webhook → Google Calendar: create event in the editor, call it, see the event arrive', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const user = await signedInUser(page, 'Gia');

  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'Google Calendar' });
  await expect(card.getByText('No Google Calendar account connected yet.')).toBeVisible();
  const consent = page.waitForRequest(/\/o\/oauth2\/v2\/auth\?/);
  await card.getByRole('button', { name: 'Connect Google Calendar' }).click();
  const authorize = new URL((await consent).url());
  expect(authorize.searchParams.get('access_type')).toBe('offline');
  await expect(page.getByText(`Connected Google Calendar: ${EMAIL}`)).toBeVisible();
  await screenshots(page, 'google-connected');

  const created = await page.request.post('/api/flows', {
    data: { accountId: user.personalAccountId, name: 'Bookings to Google Calendar' },
    headers,
  });
  const flow = (await created.json()) as { id: string };
  await page.goto(`/flows/${flow.id}`);
  await expect(step(page, 'Manual trigger')).toBeVisible();

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('webhook');
  await page.getByRole('option', { name: /^Webhook/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace trigger' }).click();

  await openStep(page, 'Webhook');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('combobox', { name: 'Search steps' }).fill('google calendar create');
  await page.getByRole('option', { name: /^Google Calendar: Create event/ }).click();
  await openStep(page, 'Google Calendar: Create event');

  // The calendars come from Google through the connection.
  const panel = settings(page);
  await panel.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: EMAIL });
  const picker = panel.getByLabel('Pick calendar from the connection');
  await expect(picker.locator('option', { hasText: 'Team' })).toBeAttached();
  await picker.selectOption({ label: 'Team' });
  await expect(picker).toHaveValue(TEAM_CALENDAR);
  await panel.getByLabel('Title', { exact: true }).fill('Booking: {{ $json.body.name }}');
  await panel.getByLabel('Start', { exact: true }).fill('{{ $json.body.day }}');
  await screenshots(page, 'google-step-settings');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish version 1' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  const published = await (await page.request.get(`/api/flows/${flow.id}`)).json();
  const call = await page.request.post(`/api/hooks/${published.webhookId}`, {
    data: { name: 'Ada Lovelace', day: '2026-05-04' },
  });
  expect(call.status()).toBe(202);
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${authorize.origin}/_test/events`)).json()) as Received;
      return received.events
        .filter((event) => event.summary === 'Booking: Ada Lovelace')
        .map((event) => [event.calendarId, event.start.date]);
    })
    .toEqual([[TEAM_CALENDAR, '2026-05-04']]);

  await page.goto('/integrations');
  await card.getByRole('button', { name: `Disconnect ${EMAIL}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No Google Calendar account connected yet.')).toBeVisible();
});
