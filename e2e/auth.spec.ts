import { expect, test } from '@playwright/test';
import { linkIn, logIn, PASSWORD, readEmail, uniqueEmail } from './support';

test('sign up, verify by the emailed link, reach the dashboard', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('New Comer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create account/i }).click();

  // An unverified password user is held on /auth/verify-email, whatever route they ask for.
  await expect(page).toHaveURL(/\/auth\/verify-email/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/verify-email/);

  const mail = await readEmail(email, 'verify');
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/(auth\/verify|dashboard)/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByText('Welcome to your dashboard')).toBeVisible();
  await expect(page).toHaveTitle('Home | Flowmind');
});

test('log out and log back in', async ({ page }) => {
  const email = uniqueEmail('returning');
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('Re Turning');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email/);
  const mail = await readEmail(email, 'verify');
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('leftover', '1'));
  await page.getByRole('button', { name: /account menu|user menu|open user menu/i }).click();
  await page.getByRole('menuitem', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem('leftover'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);

  await logIn(page, email, 'wrong-password');
  await expect(page.getByText(/^Error: /)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('forgot password end to end', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('For Getful');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email/);
  await page.context().clearCookies();

  await page.goto('/auth/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/auth\/forgot/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page).toHaveURL(/\/auth\/sentEmail/);

  const mail = await readEmail(email, 'reset');
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/auth\/new-password\?token=/);
  const newPassword = 'brand-new-password-9';
  await page.getByLabel(/^new password$/i).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole('button', { name: /reset|save|set|change/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  // Not verified yet, so the guard takes them to verify-email: signed in with the new password.
  await expect(page).toHaveURL(/\/auth\/verify-email/);
});

test('a verification link followed in another browser says so; /auth/verify without one says it is missing', async ({
  page,
  browser,
}) => {
  await page.goto('/auth/verify');
  await expect(page.getByText('This verification link is missing or invalid')).toBeVisible();
  await expect(page.getByText('Your email is verified')).toHaveCount(0);

  const email = uniqueEmail('elsewhere');
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill('Else Where');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email/);
  // Opened in another browser (not signed in there): the link works, and says to log in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(await readEmail(email, 'verify'), '/api/auth/verify-email'));
  await expect(otherPage.getByText(/Your email is verified|Welcome to your dashboard/)).toBeVisible();
  await other.close();
});
