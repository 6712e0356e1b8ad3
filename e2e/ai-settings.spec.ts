import { expect, test } from '@playwright/test';
import { type OpenAiServer, startOpenAiServer } from '../packages/server/src/test/openai-server';
import { screenshots, signedInUser } from './support';

const API_KEY = 'sk-e2e-3c9f1a7be2d04f6a';

let openai: OpenAiServer;
test.beforeAll(async () => {
  openai = await startOpenAiServer({
    apiKey: API_KEY,
    models: ['gpt-4o-mini', 'llama3.2:1b'],
    reply: () => 'OK',
  });
});
test.afterAll(() => openai.close());

test('add an OpenAI-compatible provider, test it, choose the default model, chat with it; the key never comes back', async ({
  page,
}) => {
  // A long walk through the page (about 25 s alone, near a minute beside other browser tests on 2 cores).
  test.setTimeout(120_000);
  // Every API answer the page loads, to check that the key is in none of them.
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response.text().catch(() => ''));
  });
  // The e2e server may reach servers on `localhost` (FLOWMIND_HTTP_ALLOW_HOSTS), as a self-hosted Ollama would be.
  const baseUrl = openai.baseUrl.replace('127.0.0.1', 'localhost');

  await signedInUser(page, 'Ada');
  await page.goto('/settings/ai');
  await expect(page.getByRole('link', { name: 'AI models' })).toBeVisible();
  // The e2e server has a provider of its own (scripts/e2e-server.ts): listed, read-only.
  await expect(page.getByText('From the server')).toBeVisible();
  await screenshots(page, 'ai-server-only');

  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an AI provider' });
  await expect(dialog.getByRole('button', { name: 'OpenAI-compatible', pressed: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'OpenAI', exact: true }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('OpenAI');
  await expect(dialog.getByLabel('Base URL')).toHaveValue('https://api.openai.com/v1');
  await expect(dialog.getByRole('list', { name: 'Models added' }).getByRole('listitem')).toHaveText(['gpt-4o-mini']);

  // Bad input is named at its field, and nothing typed is lost.
  await dialog.getByLabel('Name').fill('');
  await dialog.getByLabel('Base URL').fill('localhost:11434');
  await dialog.getByLabel('API key').fill(API_KEY);
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await expect(dialog.getByText('The base URL must start with http:// or https://')).toBeVisible();
  await expect(dialog.getByLabel('API key')).toHaveValue(API_KEY);

  await dialog.getByLabel('Name').fill('Local models');
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByLabel('Models', { exact: true }).fill('llama3.2:1b');
  await dialog.getByLabel('Models', { exact: true }).press('Enter');
  await expect(dialog.getByRole('list', { name: 'Models added' }).getByRole('listitem')).toHaveText([
    'gpt-4o-mini',
    'llama3.2:1b',
  ]);
  await screenshots(page, 'ai-dialog');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem', { name: 'Local models' });
  await expect(card).toContainText('OpenAI-compatible');
  await expect(card).toContainText('Key saved');
  await expect(card.getByRole('list', { name: 'Models of Local models' }).getByRole('listitem')).toHaveText([
    'gpt-4o-mini',
    'llama3.2:1b',
  ]);

  // Test: a tiny prompt through the server to the provider, with the saved key.
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByRole('status')).toHaveText('gpt-4o-mini answered: OK');
  expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

  // The default model is kept across a reload.
  const select = page.getByLabel('Model', { exact: true });
  await expect(select).toHaveValue('');
  await select.selectOption({ label: 'llama3.2:1b' });
  await expect(page.getByText('Default model: llama3.2:1b')).toBeVisible();
  await screenshots(page, 'ai-provider');
  await page.reload();
  await expect(page.getByLabel('Model', { exact: true }).locator('option:checked')).toHaveText('llama3.2:1b');

  // The assistant now answers from this provider, with the default model and the saved key.
  await page.goto('/agents');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Are you there?');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  const answer = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').nth(1);
  await expect(answer).toContainText('OK');
  expect(openai.requests.at(-1)?.body.model).toBe('llama3.2:1b');
  expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  await page.goto('/settings/ai');

  // Editing shows that a key is saved without showing it; replacing needs a new one.
  await page.getByRole('listitem', { name: 'Local models' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Local models' });
  await expect(edit.getByText('Key saved')).toBeVisible();
  await expect(edit.locator('input[type=password]')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Replace' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Enter the new key, or keep the saved one')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  for (const answer of await Promise.all(answers)) expect(answer).not.toContain(API_KEY);
  expect(answers.length).toBeGreaterThan(5);

  // Deleting asks first; then only the server's provider is left.
  await page.getByRole('button', { name: 'Delete Local models' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete provider' }).click();
  await expect(page.getByRole('listitem', { name: 'Local models' })).toHaveCount(0);
  await expect(page.getByText('From the server')).toBeVisible();
});

test('a local model server on this machine works out of the box; a refused endpoint is not saved and says why', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'Lin');
  // The e2e server's own model runs on 127.0.0.1; scripts/e2e-server.ts opens its port to local providers.
  const me = await (await page.request.get('/api/me')).json();
  const { providers } = await (await page.request.get(`/api/ai/models?accountId=${me.personalAccountId}`)).json();
  const localUrl = (providers as { id: string; baseUrl: string }[]).find((p) => p.id === 'env-openai')?.baseUrl;
  expect(localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  const localPort = new URL(localUrl as string).port;

  await page.goto('/settings/ai');
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an AI provider' });
  await dialog.getByRole('button', { name: 'Ollama' }).click();
  await expect(dialog.getByLabel('Base URL')).toHaveValue('http://localhost:11434/v1');
  const baseUrl = dialog.getByLabel('Base URL');

  // Another port on this machine (a database, the app itself) is refused, and the dialog says why.
  await baseUrl.fill('http://127.0.0.1:5432/v1');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(
    dialog.getByText(
      `Local model servers are allowed on ports 11434, 1234 and ${localPort} only. The server's operator can allow 127.0.0.1:5432 with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:5432.`,
    ),
  ).toBeVisible();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, 'ai-dialog-refused');
  // Other private addresses are not opened by the local model ports.
  await baseUrl.fill('http://10.1.2.3:11434/v1');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(
    dialog.getByText(
      "10.1.2.3:11434 is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=10.1.2.3:11434.",
    ),
  ).toBeVisible();

  // An allowed endpoint that does not serve the model: the answer is shown, and saving needs a second click.
  await baseUrl.fill(`http://127.0.0.1:${localPort}/v1`);
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  const tried = dialog.getByRole('status', { name: 'Endpoint test' });
  await expect(tried).toContainText(`The AI model "llama3.2" was not found at 127.0.0.1:${localPort}`);
  await expect(dialog.getByRole('button', { name: 'Add anyway' })).toBeVisible();
  await screenshots(page, 'ai-dialog-try-failed');

  // With the model it serves, it is tried, saved and answers.
  await dialog.getByRole('button', { name: 'Remove llama3.2' }).click();
  await expect(tried).toBeHidden();
  await dialog.getByLabel('Models', { exact: true }).fill('e2e-model');
  await dialog.getByLabel('Models', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: 'Ollama' });
  await expect(card).toContainText(`http://127.0.0.1:${localPort}/v1`);
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByRole('status')).toContainText('e2e-model answered: Answer');
  await page.getByRole('button', { name: 'Delete Ollama' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete provider' }).click();
  await expect(card).toHaveCount(0);
});
