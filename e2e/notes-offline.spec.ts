import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

test('a note edited without a connection keeps its text on the device, through a reload, and saves it once back', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { personalAccountId: accountId } = await signedInUser(page, 'Olga');
  const id = await createNoteApi(page, { accountId, title: 'Trip', markdown: 'Packing list' });

  // The live socket is the note's only way to the server: cutting it is being offline for the note.
  let online = true;
  const sockets: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(/\/api\/live$/, (ws) => {
    if (!online) {
      void ws.close({ code: 1006 });
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });

  await page.goto(`/notes?note=${id}`);
  const body = noteBody(page);
  await body.getByText('Packing list').waitFor({ timeout: 20_000 });
  await waitSaved(page);

  online = false;
  await Promise.all(sockets.splice(0).map((ws) => ws.close()));
  await expect(page.getByText('Offline — changes kept on this device')).toBeVisible({ timeout: 15_000 });

  await body.getByText('Packing list').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Written without a connection');
  await expect(body.getByText('Written without a connection')).toBeVisible();
  const server = async () => {
    const res = await page.request.get(`/api/notes/${id}`);
    return JSON.stringify(((await res.json()) as { content: unknown }).content);
  };
  expect(await server()).not.toContain('Written without a connection');

  // A reload while still cut off opens the note from the copy on this device.
  await page.reload();
  await expect(body.getByText('Written without a connection')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Offline — changes kept on this device')).toBeVisible({ timeout: 15_000 });
  expect(await server()).not.toContain('Written without a connection');

  // Back online (the browser's "online" event makes it try at once): the edits reach the server.
  online = true;
  await context.setOffline(true);
  await context.setOffline(false);
  await waitSaved(page);
  await expect.poll(server, { timeout: 15_000 }).toContain('Written without a connection');
});
