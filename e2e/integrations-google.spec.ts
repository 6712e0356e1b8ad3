import { expect, test } from '@playwright/test';
import { callWebhook, connectOnCard, publishFromEditor, settings, webhookFlowWith } from './integrations-support';
import { screenshots, signedInUser } from './support';

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
  await expect(
    page
      .getByRole('region', { name: 'Google Calendar', exact: true })
      .getByText('No Google Calendar account connected yet.'),
  ).toBeVisible();
  const { card, authorize } = await connectOnCard(page, {
    label: 'Google Calendar',
    authorizePath: /\/o\/oauth2\/v2\/auth\?/,
    connectedAs: EMAIL,
  });
  expect(authorize.searchParams.get('access_type')).toBe('offline');
  await screenshots(page, 'google-connected');

  const flowId = await webhookFlowWith(page, user, {
    name: 'Bookings to Google Calendar',
    search: 'google calendar create',
    option: 'Google Calendar: Create event',
  });

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

  await publishFromEditor(page);

  await callWebhook(page, flowId, { name: 'Ada Lovelace', day: '2026-05-04' });
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
