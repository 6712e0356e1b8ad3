// `npm run bench -- agents`: the assistant's figures of issue 6, on the embedded PostgreSQL (as
// `npm start` runs) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL:
//   - time to first token: from sending a message to the first words of the answer arriving,
//     through Flowmind (POST /api/chats/{id}/messages, NDJSON) and straight from the model server
//     (the same streaming request to it), and the difference: Flowmind's own overhead. The model is
//     a local server speaking the OpenAI protocol that answers at once (BENCH_CHAT_RUNS runs),
//   - a conversation of 500 messages (BENCH_CHAT_MESSAGES) in /agents/{id} in Chromium: the time
//     until its last message shows, and the frame rate while scrolling it from end to start.
// Figures are printed, never asserted.

import type { Database } from '../packages/server/src/db/client';
import { chatMessages, chatSessions } from '../packages/server/src/db/schema-chat';
import { type ChatRequest, startOpenAiServer } from '../packages/server/src/test/openai-server';
import { ms, onEmbedded, onPostgres, scrollFrames, startBenchApp, timed } from './bench-app';
import { percentile } from './support';

const RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 40);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 500);

const stats = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))} (n=${values.length})`;

/** Milliseconds until the first line of a streamed answer that `isFirstToken` accepts. */
async function untilFirst(response: Promise<Response>, isFirstToken: (line: string) => boolean): Promise<number> {
  const started = performance.now();
  const res = await response;
  if (!res.ok || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let took = Number.NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    if (Number.isNaN(took) && lines.some(isFirstToken)) took = performance.now() - started;
  }
  return took;
}

/** One long Markdown answer, varied so that messages differ. */
function answerText(i: number): string {
  return [
    `### Step ${i}`,
    `Here is **part ${i}** of the plan, with a list and some \`inline code\`:`,
    '',
    '- gather the inputs',
    '- check them against the table',
    '- write the summary',
    '',
    i % 5 === 0
      ? '```ts\nconst total = items.reduce((sum, item) => sum + item.price, 0);\n```'
      : 'Nothing else to add.',
  ].join('\n');
}

async function benchOn(label: string, database: Database) {
  console.log(`\n--- ${label} ---`);
  const model = await startOpenAiServer({ reply: () => 'Hello! Here is a short answer from the model.' });
  const { base, call, cookie, accountId, openBrowser, close } = await startBenchApp(database, {
    env: { ...process.env, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-bench' },
  });
  try {
    // Time to first token, through Flowmind and straight from the model server, alternated.
    const through: number[] = [];
    const direct: number[] = [];
    let lastRequest: ChatRequest['body'] | null = null;
    model.setReply((request) => {
      lastRequest = request.body;
      return 'Hello! Here is a short answer from the model.';
    });
    for (let run = 0; run < RUNS + 3; run++) {
      const chat = await call('POST', '/api/chats', { accountId });
      const viaApp = await untilFirst(
        fetch(`${base}/api/chats/${chat.id}/messages`, {
          method: 'POST',
          headers: { origin: base, cookie: cookie(), 'content-type': 'application/json' },
          body: JSON.stringify({ text: `Say hello ${run}` }),
        }),
        // The first words: a delta, or (from a model faster than the first save) the answer itself.
        (line) =>
          line.includes('"type":"text-delta"') ||
          (line.includes('"role":"assistant"') && line.includes('"type":"text","text":"')),
      );
      // The same request the app made, sent by us: the model server's own time to first token.
      const straight = await untilFirst(
        fetch(`${model.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
          body: JSON.stringify(lastRequest),
        }),
        (line) => line.includes('"content":"') && !line.includes('"content":""'),
      );
      if (run < 3) continue; // warm-up
      through.push(viaApp);
      direct.push(straight);
    }
    const overhead = through.map((value, i) => value - (direct[i] as number));
    console.log(`time to first token through Flowmind: ${stats(through)}`);
    console.log(`time to first token from the model server itself: ${stats(direct)}`);
    console.log(`Flowmind's overhead (through minus direct, per run): ${stats(overhead)}`);

    // A long conversation in the browser.
    const [session] = await database.db
      .insert(chatSessions)
      .values({ id: 'chat_bench_long', accountId, userId: (await call('GET', '/api/me')).id, title: 'Long chat' })
      .returning();
    const rows: (typeof chatMessages.$inferInsert)[] = [];
    const start = Date.now() - MESSAGES * 1000;
    for (let i = 0; i < MESSAGES; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      rows.push({
        id: `msg_bench_${String(i).padStart(5, '0')}`,
        sessionId: session?.id as string,
        accountId,
        parentId: i === 0 ? null : `msg_bench_${String(i - 1).padStart(5, '0')}`,
        role,
        parts: [{ type: 'text', text: role === 'user' ? `Question ${i}: what comes next?` : answerText(i) }],
        status: 'done',
        createdAt: new Date(start + i * 1000),
      });
    }
    for (let from = 0; from < rows.length; from += 250)
      await database.db.insert(chatMessages).values(rows.slice(from, from + 250));
    await call('PATCH', `/api/chats/${session?.id}`, { leafId: rows[rows.length - 1]?.id });

    const { browser, page } = await openBrowser();
    try {
      const [, openMs] = await timed(async () => {
        await page.goto(`${base}/agents/${session?.id}`);
        await page
          .getByRole('heading', { name: `Step ${MESSAGES - 1}`, exact: true })
          .waitFor({ timeout: 60_000 })
          .catch(async (error) => {
            await page.screenshot({ path: '/tmp/bench-agents-failed.png' });
            throw error;
          });
      });
      console.log(`a ${MESSAGES}-message conversation open, its last message shown, in ${ms(openMs)}`);
      await page.waitForTimeout(500);
      console.log(
        `${MESSAGES}-message conversation, from the end upwards, ${await scrollFrames(page, '[data-chat-scroller]', -400)}`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await close();
    await model.close();
  }
}

await onEmbedded((database) => benchOn('embedded PostgreSQL', database));

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  await onPostgres(adminUrl, (database) => benchOn('PostgreSQL', database));
} else {
  console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
}
