import { expect, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { signedInUser } from './support';

test('a note edited without a connection keeps its text on the device, through a reload, and saves it once back', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { personalAccountId: accountId, id: userId } = await signedInUser(page, 'Olga');
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

  // How many updates the device copy holds (y-indexeddb's store, named as the app names it).
  const storedUpdates = () =>
    page.evaluate(
      (name) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const count = db.transaction('updates').objectStore('updates').count();
            count.onerror = () => reject(count.error);
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
          };
        }),
      `flowmind-note:${userId}:${id}`,
    );
  const before = await storedUpdates();

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

  // The device copy takes each change as it comes; a reload waits until it has them all (the
  // count grown, then the same twice in a row), as a person would not reload mid-keystroke.
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await storedUpdates();
        const settled = now > before && now === last;
        last = now;
        return settled;
      },
      { intervals: [250], timeout: 15_000 },
    )
    .toBe(true);

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
