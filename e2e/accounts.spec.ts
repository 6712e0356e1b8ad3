import { expect, test } from '@playwright/test';
import { APP_ORIGIN, linkIn, logIn, readEmail, signedInUser } from './support';

test('create a business account: a handle that needs normalising, and one too short', async ({ page }) => {
  await signedInUser(page, 'Founder');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /switch account|account switcher|current account/i }).click();
  await page.getByRole('menuitem', { name: /create business account/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Business name').fill('Acme Robotics');
  const handle = dialog.getByLabel('Handle');

  await handle.fill('A!');
  await expect(dialog.getByText('Handle must be at least 3 characters long').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeVisible();
  expect(await (await page.request.get('/api/accounts')).json()).toHaveLength(1);

  const suffix = Date.now().toString(36);
  await handle.fill(`  Acme  Robotics ${suffix}!! `);
  await expect(dialog.getByText(`acme-robotics-${suffix}`).first()).toBeVisible();
  await expect(dialog.getByText(/available/i).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  // Creating a business account switches to it.
  await expect(page.getByRole('button', { name: /switch account/i })).toContainText('Acme Robotics');

  const accounts = await (await page.request.get('/api/accounts')).json();
  expect(accounts.map((a: { handle: string }) => a.handle)).toContain(`acme-robotics-${suffix}`);
});

test('invite a second user who accepts and appears live in the member list; switch accounts', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signedInUser(owner, 'Olga');
  const suffix = Date.now().toString(36);
  const created = await owner.request.post('/api/accounts', {
    data: { name: 'Olga Labs', handle: `olga-labs-${suffix}` },
    headers: { origin: APP_ORIGIN },
  });
  const { id: accountId } = await created.json();

  // Switch to the business account in the owner's browser.
  await owner.goto('/dashboard');
  await owner.getByRole('button', { name: /switch account|account switcher|current account/i }).click();
  await owner.getByRole('menuitem', { name: /Olga Labs/ }).click();
  await expect(owner.getByRole('button', { name: /switch account|account switcher|current account/i })).toContainText(
    'Olga Labs',
  );
  await owner.reload();
  await expect(owner.getByRole('button', { name: /switch account|account switcher|current account/i })).toContainText(
    'Olga Labs',
  );

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  const bob = await signedInUser(invitee, 'Bob');

  await owner.goto('/settings/members');
  await owner.getByLabel('Email address').fill(bob.email);
  await owner.getByRole('button', { name: 'Send invite' }).click();
  await expect(owner.getByTestId(`invite-row-${bob.email}`)).toBeVisible();

  const mail = await readEmail(bob.email, 'invited you');
  await invitee.goto(linkIn(mail, '/invites/'));
  await expect(invitee.getByText('Olga Labs').first()).toBeVisible();
  await invitee.getByRole('button', { name: /accept/i }).click();
  await expect(invitee).toHaveURL(/\/settings\/members|\/dashboard/);

  // Live: the owner's page shows Bob as a member without a reload.
  await expect(owner.getByTestId(`member-row-${bob.email}`)).toContainText(/member/i);
  await expect(owner.getByTestId(`invite-row-${bob.email}`)).toBeHidden();
  const ownerAccounts = await (await owner.request.get(`/api/accounts/${accountId}/members`)).json();
  expect(ownerAccounts.map((m: { email: string }) => m.email)).toContain(bob.email);

  await ownerContext.close();
  await inviteeContext.close();
});

test('a member of one account cannot read another account through the API', async ({ browser }) => {
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await signedInUser(alice, 'Alice');
  const created = await alice.request.post('/api/accounts', {
    data: { name: 'Alice Private', handle: `alice-private-${Date.now().toString(36)}` },
    headers: { origin: APP_ORIGIN },
  });
  const { id } = await created.json();

  const malloryContext = await browser.newContext();
  const mallory = await malloryContext.newPage();
  await signedInUser(mallory, 'Mallory');
  for (const path of [`/api/accounts/${id}`, `/api/accounts/${id}/members`, `/api/accounts/${id}/invites`]) {
    const res = await mallory.request.get(path);
    expect(res.status(), path).toBe(404);
  }
  await aliceContext.close();
  await malloryContext.close();
});

test('log in page shows the sign-in failure alert', async ({ page }) => {
  await logIn(page, 'nobody@example.com', 'wrong-password-1');
  await expect(page.getByText(/^Error: /)).toBeVisible();
});
