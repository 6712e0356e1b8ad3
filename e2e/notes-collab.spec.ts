import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createNoteApi, noteBody, waitSaved } from './notes-support';
import { logIn, signedInUser } from './support';

/**
 * One user with the same note open in two browser contexts (two windows), both showing `lastLine`.
 * Returns the second context (close it at the end) and both note bodies.
 */
async function openInTwoWindows(
  page: Page,
  browser: Browser,
  note: { user: string; title: string; markdown: string; lastLine: string },
) {
  const user = await signedInUser(page, note.user);
  const id = await createNoteApi(page, {
    accountId: user.personalAccountId,
    title: note.title,
    markdown: note.markdown,
  });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email);
  await expect(otherPage).toHaveURL(/\/dashboard/);

  await page.goto(`/notes?note=${id}`);
  await otherPage.goto(`/notes?note=${id}`);
  const mine = noteBody(page);
  const theirs = noteBody(otherPage);
  await expect(mine.getByText(note.lastLine)).toBeVisible({ timeout: 20_000 });
  await expect(theirs.getByText(note.lastLine)).toBeVisible({ timeout: 20_000 });
  return { other, otherPage, mine, theirs };
}

test('two browser contexts editing the same note at once both keep their text', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { other, otherPage, mine, theirs } = await openInTwoWindows(page, browser, {
    user: 'Collab',
    title: 'Together',
    markdown: 'Opening line.\n\nClosing line.',
    lastLine: 'Closing line.',
  });

  // Each window types into its own paragraph at the same time; both sentences end up in both.
  await mine.getByText('Opening line.').click();
  await page.keyboard.press('End');
  await theirs.getByText('Closing line.').click();
  await otherPage.keyboard.press('End');
  await Promise.all([
    page.keyboard.type(' Written in the first window.', { delay: 25 }),
    otherPage.keyboard.type(' Written in the second window.', { delay: 25 }),
  ]);

  for (const body of [mine, theirs]) {
    await expect(body.getByText('Opening line. Written in the first window.')).toBeVisible({ timeout: 20_000 });
    await expect(body.getByText('Closing line. Written in the second window.')).toBeVisible({ timeout: 20_000 });
  }
  await waitSaved(page);
  await waitSaved(otherPage);
  await page.reload();
  await expect(mine.getByText('Opening line. Written in the first window.')).toBeVisible({ timeout: 20_000 });
  await expect(mine.getByText('Closing line. Written in the second window.')).toBeVisible();
  await other.close();
});

/** The text of each paragraph, without the name labels of other people's carets drawn inside it. */
const paragraphTexts = (body: Locator) =>
  body.locator('p').evaluateAll((paragraphs) =>
    paragraphs.map((paragraph) => {
      const copy = paragraph.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll('.collaboration-carets__caret')) caret.remove();
      return copy.textContent ?? '';
    }),
  );

test('two people typing on the same line at once each keep their words together', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { other, otherPage, mine, theirs } = await openInTwoWindows(page, browser, {
    user: 'Sameline',
    title: 'One line',
    markdown: 'Shared line.',
    lastLine: 'Shared line.',
  });

  // The first window types at the start of the line, the second at its end, keystrokes interleaved: each
  // one's text arrives in the other's paragraph while they type, before and after their caret.
  await mine.getByText('Shared line.').click();
  await page.keyboard.press('Home');
  await theirs.getByText('Shared line.').click();
  await otherPage.keyboard.press('End');
  const first = 'Alpha bravo charlie delta. ';
  const second = ' Xray yankee zulu whiskey.';
  await Promise.all([mine.pressSequentially(first, { delay: 35 }), theirs.pressSequentially(second, { delay: 45 })]);

  const expected = `${first}Shared line.${second}`;
  for (const body of [mine, theirs]) {
    await expect.poll(() => paragraphTexts(body), { timeout: 20_000 }).toEqual([expected]);
  }
  await waitSaved(page);
  await waitSaved(otherPage);
  await page.reload();
  await expect.poll(() => paragraphTexts(mine), { timeout: 20_000 }).toEqual([expected]);
  await other.close();
});
