import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

const shots = process.env.E2E_SHOTS_DIR;

/** With E2E_SHOTS_DIR set, full-page screenshots at 1280 px, 390 px and in the dark theme, to look at. */
export async function screenshots(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3199);
/** The app's origin in browser tests (playwright.config.ts starts it on E2E_PORT). */
export const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
export const PASSWORD = 'e2e-password-123';

export const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

type Email = { to: string[]; subject: string; text: string };

/** Another app server a test starts itself (scripts/e2e-server.ts on other ports): its origin and mail catcher. */
export type E2eServer = { origin: string; mailPort: number };
const defaultServer: E2eServer = { origin: '', mailPort };

/** Waits for an email caught by the test SMTP server (scripts/e2e-server.ts). */
export async function readEmail(to: string, subject: string, server = defaultServer): Promise<Email> {
  const res = await fetch(
    `http://127.0.0.1:${server.mailPort}/?to=${encodeURIComponent(to)}&subject=${encodeURIComponent(subject)}`,
  );
  if (!res.ok) throw new Error(`No email to ${to} about ${subject}`);
  return (await res.json()) as Email;
}

export function linkIn(email: Email, pathPrefix: string): string {
  const match = email.text.match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in "${email.subject}"`);
  return match[0].replace(/&amp;/g, '&');
}

/** A verified user signed in in this page's browser context, made through the API (fast). */
export async function signedInUser(page: Page, name: string, server = defaultServer) {
  const email = uniqueEmail(name.toLowerCase());
  await signUpApi(page.request, { name, email }, server.origin);
  const mail = await readEmail(email, 'verify', server);
  await page.request.get(linkIn(mail, '/api/auth/verify-email'), { maxRedirects: 0 });
  const me = await (await page.request.get(`${server.origin}/api/me`)).json();
  return { email, name, id: me.id as string, personalAccountId: me.personalAccountId as string };
}

export async function signUpApi(
  request: APIRequestContext,
  { name, email }: { name: string; email: string },
  origin = '',
) {
  const res = await request.post(`${origin}/api/auth/sign-up/email`, {
    data: { name, email, password: PASSWORD, callbackURL: '/auth/verify?verified=1' },
    headers: { origin: origin || APP_ORIGIN },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
}

/**
 * Types into a step's code or expression field (a CodeMirror editor) key by key, as a person does, so
 * its own behaviour (closing `{{`, overtyping `}}`, suggestions) takes part. `fill()` pastes instead.
 */
export async function typeInField(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

/** A step of `chainedFlow`: placed one after another unless it says where. */
export type ChainStep = {
  id: string;
  type: string;
  name: string;
  params?: Record<string, unknown>;
  position?: { x: number; y: number };
  [key: string]: unknown;
};

/**
 * A flow made through the API, its draft holding the given steps each connected to the next (or, with none, the
 * template's graph): for tests about what the editor shows, not about building a graph in it.
 */
export async function chainedFlow(
  page: Page,
  input: { accountId: string; name: string; steps?: ChainStep[]; stickies?: unknown[]; templateId?: string },
): Promise<{ id: string; revision: number; webhookId: string; emailAddress: string }> {
  const nodes = (input.steps ?? []).map((step, index) => ({
    position: { x: index * 320, y: 0 },
    settings: {},
    ...step,
    params: step.params ?? {},
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: nodes[index]?.id,
    sourceHandle: 'main',
    target: node.id,
    targetHandle: 'main',
  }));
  const created = await page.request.post('/api/flows', {
    headers: { origin: APP_ORIGIN },
    data: {
      accountId: input.accountId,
      name: input.name,
      templateId: input.templateId,
      graph: input.steps ? { nodes, edges, stickies: input.stickies ?? [] } : undefined,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

/**
 * Waits for a theme switch to be painted: two frames, then every transition or animation still
 * running (a colour halfway between the two themes) to finish, so axe reads the final colours.
 */
export async function themeSettled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** axe on the page (or the part `include` selects) in both themes: serious and critical findings fail. */
export async function expectAxeClean(page: Page, include?: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await themeSettled(page);
    const builder = new AxeBuilder({ page });
    const audit = await (include ? builder.include(include) : builder).analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
