// `npm run bench -- notes`: the notes figures of issue 5, on the embedded PostgreSQL (as
// `npm start` runs) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL:
//   - keystroke-to-paint latency in Chromium while typing into a note of 50,000 words (BENCH_NOTE_WORDS)
//     in the /notes editor: a mark at keydown, the measure after the next animation frame has painted,
//   - full-text search over 10,000 notes (BENCH_NOTES) through GET /api/notes?q=…, next to the match
//     and ranking alone run straight against the database,
//   - save round trip: what the editor waits for, a Yjs update sent over the live socket until the
//     server acknowledges it (saved in the database first), next to a PATCH (rename) and a task
//     ticked through the API (which edits the note's Y.Doc on the server).
// Figures are printed, never asserted. Beside the latencies it prints the page's main-thread time per
// keystroke (Chromium's counters); BENCH_CPU_PROFILE=<file> writes a CPU profile of the editor's typing and
// BENCH_TRACE=<file> a Chromium trace (the yardstick's beside it), for DevTools' Performance panel.
import { writeFileSync } from 'node:fs';
import { NOTE_FRAGMENT } from '@flowmind/shared/note-doc';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { Database } from '../packages/server/src/db/client';
import { tsQueryOf } from '../packages/server/src/notes/note.repository';
import { ms, onEmbedded, onPostgres, startBenchApp, timed } from './bench-app';
import { percentile } from './support';

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

const NOTES = Number(process.env.BENCH_NOTES ?? 10_000);
const NOTE_WORDS = Number(process.env.BENCH_NOTE_WORDS ?? 50_000);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const VOCABULARY = (
  'garden river morning paper window orange silver market planet engine quiet bridge forest winter ' +
  'letter summer meadow candle harbor signal marble pocket ladder violet cotton island falcon rocket ' +
  'shadow velvet thunder anchor basket canyon dragon feather glacier hammer jungle kettle lantern ' +
  'meteor needle oyster pepper quartz saddle tunnel umbrella valley walnut yonder zephyr almond ' +
  'beacon cactus dolphin ember fossil goblet hazel igloo jasper kayak lotus magnet nectar orbit ' +
  'parrot quiver raven sierra tulip utopia vortex willow xenon yarrow'
).split(' ');

const stats = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))} (n=${values.length})`;

/** A long note as Markdown: paragraphs of 50 words, a heading every 20 paragraphs. */
function longMarkdown(words: number): string {
  const blocks: string[] = [];
  for (let i = 0, paragraph = 0; i < words; paragraph++) {
    if (paragraph % 20 === 0) blocks.push(`## Part ${paragraph / 20 + 1}`);
    const line: string[] = [];
    for (let w = 0; w < 50 && i < words; w++, i++)
      line.push(VOCABULARY[(i * 7 + paragraph) % VOCABULARY.length] as string);
    blocks.push(line.join(' '));
  }
  return blocks.join('\n\n');
}

async function seedNotes(database: Database, accountId: string) {
  // Setup, not the measured path: 10,000 notes of 200 words each straight into the table (the
  // search vector is a generated column, so it is filled as the rows go in). Every 500th note
  // mentions a rare word, so a query can find a few among many.
  const words = sql.raw(`array[${VOCABULARY.map((w) => `'${w}'`).join(',')}]`);
  for (let from = 1; from <= NOTES; from += 2000) {
    const to = Math.min(NOTES, from + 1999);
    await database.db.execute(sql`
      insert into notes (id, account_id, title, markdown, text, created_at, updated_at)
      select 'note_bench_' || n, ${accountId},
             'Note ' || n || ' about ' || (${words})[1 + (n % 60)],
             body, body, now() - make_interval(mins => n), now() - make_interval(mins => n)
      from generate_series(${from}::int, ${to}::int) as n,
      lateral (
        select string_agg((${words})[1 + ((n * 31 + i * 17 + i * i) % 70)], ' ')
               || case when n % 500 = 0 then ' zeppelin' else '' end as body
        from generate_series(1, 200) as i
      ) as b`);
  }
  await database.db.execute(sql`analyze notes`);
}

/** An editor's save: a typed character sent as a Yjs update over /api/live, timed until its ack. */
async function yjsRoundTrips(base: string, cookie: string, noteId: string): Promise<number[]> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: base } });
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    const key = message.type === 'note-ack' ? String(message.updateId) : String(message.type);
    waiting.get(key)?.(message);
  });
  const next = (key: string) =>
    new Promise<Record<string, unknown>>((resolve) => waiting.set(key, resolve)).finally(() => waiting.delete(key));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const doc = new Y.Doc();
  const synced = next('note-sync');
  socket.send(JSON.stringify({ type: 'note-open', noteId, stateVector: toBase64(Y.encodeStateVector(doc)) }));
  Y.applyUpdate(doc, fromBase64((await synced).update as string));
  const times: number[] = [];
  const fragment = doc.getXmlFragment(NOTE_FRAGMENT);
  for (let run = 0; run < RUNS; run++) {
    let update: Uint8Array | null = null;
    const capture = (u: Uint8Array) => {
      update = u;
    };
    doc.once('update', capture);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(`typed ${run}`)]);
    fragment.insert(fragment.length, [paragraph]);
    const updateId = `bench-${run}`;
    const acked = next(updateId);
    const started = performance.now();
    socket.send(
      JSON.stringify({ type: 'note-update', noteId, updateId, update: toBase64(update as unknown as Uint8Array) }),
    );
    await acked;
    times.push(performance.now() - started);
  }
  socket.close();
  return times;
}

/** A page of the same blocks as `markdown` (paragraphs and level-2 headings) in a bare contenteditable. */
function bareHtml(markdown: string, skipOffScreen: boolean): string {
  const blocks = markdown
    .split('\n\n')
    .map((block) => (block.startsWith('## ') ? `<h2>${block.slice(3)}</h2>` : `<p>${block}</p>`));
  const style = skipOffScreen
    ? '<style>p, h2 { content-visibility: auto; contain-intrinsic-size: auto 60px }</style>'
    : '';
  return `${style}<div contenteditable="true" aria-label="Note body" style="max-width: 720px">${blocks.join('')}</div>`;
}

/**
 * Types KEYSTROKES characters at the end of the first paragraph of `body` and returns each one's time
 * from keydown to the next paint (a mark at keydown, the measure after the next animation frame), and the
 * main thread's time per keystroke by kind (Chromium's own counters, over the whole typing, pauses included).
 * With `profile.cpu` a file name, writes a CPU profile of the typing there, with `profile.trace` a Chromium trace
 * (open either in DevTools' Performance panel).
 */
async function typingLatencies(page: Page, body: Locator, profile: { cpu?: string; trace?: string } = {}) {
  // The caret at the end of the first paragraph, where every keystroke re-flows the document below it.
  await body.locator('p').first().click();
  await page.keyboard.press('End');
  // A string, not a function: the TypeScript loader would add helpers the page does not have.
  await page.evaluate(`(() => {
    window.__latencies = [];
    const editor = document.querySelector('[aria-label="Note body"]');
    editor.addEventListener('keydown', () => {
      const start = performance.now();
      performance.mark('key-start');
      requestAnimationFrame(() => {
        // A message posted from inside the frame arrives after that frame has painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.measure('key-to-paint', 'key-start');
          window.__latencies.push(performance.now() - start);
        };
        channel.port2.postMessage(null);
      });
    }, { capture: true });
  })()`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (profile.trace) {
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        path: profile.trace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute'],
      });
  }
  if (profile.cpu) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const before = await mainThreadTimes(cdp);
  const text = ' the quick brown fox jumps over the lazy dog';
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.type(text[i % text.length] as string);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(300);
  const after = await mainThreadTimes(cdp);
  if (profile.cpu) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    writeFileSync(profile.cpu, JSON.stringify(cpuProfile));
  }
  if (profile.trace) await page.context().browser()?.stopTracing();
  await cdp.detach();
  const perKey = (name: keyof typeof before) => ((after[name] - before[name]) * 1000) / KEYSTROKES;
  return {
    latencies: (await page.evaluate('window.__latencies')) as number[],
    mainThread: `script ${ms(perKey('ScriptDuration'))}, style ${ms(perKey('RecalcStyleDuration'))}, layout ${ms(perKey('LayoutDuration'))}, all tasks ${ms(perKey('TaskDuration'))}`,
  };
}

/** Chromium's cumulative main-thread times (seconds) of the page. */
async function mainThreadTimes(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    ScriptDuration: value('ScriptDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
    LayoutDuration: value('LayoutDuration'),
    TaskDuration: value('TaskDuration'),
  };
}

async function benchOn(label: string, database: Database) {
  console.log(`\n--- ${label} ---`);
  const { base, call, cookie, accountId, openBrowser, close } = await startBenchApp(database);
  try {
    const [, seedMs] = await timed(() => seedNotes(database, accountId));
    console.log(`setup: ${NOTES.toLocaleString()} notes of 200 words inserted in ${(seedMs / 1000).toFixed(1)} s`);

    for (const q of ['zeppelin', 'garden', 'silver harbor', 'lantern*']) {
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < RUNS; run++) {
        const [list, took] = await timed(() =>
          call('GET', `/api/notes?${new URLSearchParams({ accountId, q, limit: '50' })}`),
        );
        times.push(took);
        found = list.notes.length;
      }
      // Where the time goes: the match and ranking alone, straight against the database, next to the API.
      const tsQuery = tsQueryOf(q) as string;
      const matchOnly: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        matchOnly.push(
          (
            await timed(() =>
              database.db.execute(sql`
                select n.id, ts_rank(n.search, q.query) as rank
                from notes n, to_tsquery('english', ${tsQuery}) as q(query)
                where n.account_id = ${accountId} and n.deleted_at is null and n.search @@ q.query
                order by rank desc, n.updated_at desc, n.id limit 51`),
            )
          )[1],
        );
      }
      console.log(
        `search "${q}" over ${NOTES.toLocaleString()} notes (first page, ${found} shown): API ${stats(times)}` +
          ` | match and rank alone in the database: p50 ${ms(percentile(matchOnly, 50))}, p95 ${ms(percentile(matchOnly, 95))}`,
      );
    }

    // Save round trips on a small note with a task list.
    const small = await call('POST', '/api/notes', {
      accountId,
      title: 'Round trip',
      markdown: Array.from({ length: RUNS }, (_, i) => `- [ ] Task ${i}`).join('\n'),
    });
    const renames: number[] = [];
    for (let run = 0; run < RUNS; run++)
      renames.push((await timed(() => call('PATCH', `/api/notes/${small.id}`, { title: `Round trip ${run}` })))[1]);
    console.log(`save round trip, PATCH title: ${stats(renames)}`);
    const ticks: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      ticks.push(
        (
          await timed(() =>
            call('POST', `/api/notes/${small.id}/tasks`, { index: run, text: `Task ${run}`, checked: true }),
          )
        )[1],
      );
    }
    console.log(`save round trip, document change (task tick through the note's Y.Doc): ${stats(ticks)}`);
    console.log(
      `save round trip, editor change (Yjs update over the live socket until acknowledged): ${stats(await yjsRoundTrips(base, cookie(), small.id))}`,
    );

    // Typing into a 50,000-word note in the /notes editor.
    const [big, createMs] = await timed(() =>
      call('POST', '/api/notes', { accountId, title: 'Long read', markdown: longMarkdown(NOTE_WORDS) }),
    );
    console.log(`setup: a ${NOTE_WORDS.toLocaleString()}-word note imported from Markdown in ${ms(createMs)}`);
    const { browser, page } = await openBrowser();
    try {
      const [, openMs] = await timed(async () => {
        await page.goto(`${base}/notes?note=${big.id}`);
        // The last heading is in the document: the whole note is there, not a first screenful.
        await page
          .getByLabel('Note body')
          .getByText(`Part ${Math.ceil(NOTE_WORDS / 50 / 20)}`, { exact: true })
          .waitFor({ state: 'attached', timeout: 120_000 });
      });
      console.log(`editor: the long note open and shown in ${ms(openMs)}`);
      const body = page.getByLabel('Note body');
      const { latencies, mainThread } = await typingLatencies(page, body, {
        cpu: process.env.BENCH_CPU_PROFILE,
        trace: process.env.BENCH_TRACE,
      });
      console.log(
        `typing into a ${NOTE_WORDS.toLocaleString()}-word note, keydown to next paint: ${stats(latencies)}, max ${ms(Math.max(...latencies))}`,
      );
      console.log(`  main thread per keystroke: ${mainThread}`);
      const typed = (await body.locator('p').first().textContent()) ?? '';
      if (!typed.includes('the quick brown')) console.log('  (warning: the typed text did not show in the editor)');

      // The yardstick: the same text in a bare contenteditable (no editor, no script), typed into and
      // timed the same way, as is and with every block off screen skipped (content-visibility: auto),
      // which the editor does for blocks far from the caret. What this browser and machine take
      // for a keystroke before any editor work.
      for (const skipped of [false, true]) {
        const bare = await page.context().newPage();
        await bare.setContent(bareHtml(longMarkdown(NOTE_WORDS), skipped));
        const { latencies: bareLatencies, mainThread: bareThread } = await typingLatencies(
          bare,
          bare.getByLabel('Note body'),
          { trace: process.env.BENCH_TRACE?.replace(/(\.json)?$/, skipped ? '.bare-skipped.json' : '.bare.json') },
        );
        console.log(
          `  yardstick, the same text in a bare contenteditable${skipped ? ' with off-screen blocks skipped' : ''}: ${stats(bareLatencies)}, max ${ms(Math.max(...bareLatencies))}; main thread per keystroke: ${bareThread}`,
        );
        await bare.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await close();
  }
}

await onEmbedded((database) => benchOn('embedded PostgreSQL', database));

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  await onPostgres(adminUrl, (database) => benchOn('PostgreSQL', database));
} else {
  console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
}
