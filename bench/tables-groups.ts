// `npm run bench -- tables-groups`: a grid grouped by a single select on a table of BENCH_RECORDS records
// (default 1,000,000), on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else on the embedded
// database: the group counts, record windows of the grouped view at the top and deep down (by offset), and the
// grid in Chromium (first group header, frames per second while scrolling, collapsing a group).
// Figures are printed, never asserted.
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client';
import { ms, onEmbedded, onPostgres, scrollFrames, startBenchApp, timed } from './bench-app';
import { percentile } from './support';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const STAGES = ['opt_lead', 'opt_qualified', 'opt_won', 'opt_lost'];

async function benchOn(label: string, database: Database) {
  console.log(`\n--- ${label} ---`);
  const { base, call, accountId, openBrowser, close } = await startBenchApp(database);
  const p50 = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await timed(run))[1]);
    return `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`;
  };

  try {
    const table = await call('POST', '/api/tables', { accountId, name: 'Pipeline' });
    const [name] = await call('GET', `/api/tables/${table.id}/fields`);
    const stage = await call('POST', `/api/tables/${table.id}/fields`, {
      name: 'Stage',
      options: {
        type: 'single_select',
        choices: STAGES.map((id) => ({ id, name: id.slice(4), color: 'gray' })),
      },
    });
    const score = await call('POST', `/api/tables/${table.id}/fields`, { name: 'Score', options: { type: 'number' } });
    const started = performance.now();
    for (let from = 1; from <= RECORDS; from += 100_000) {
      const to = Math.min(RECORDS, from + 99_999);
      // Every fifth record has no stage: the empty group comes last.
      await database.db.execute(sql`
        insert into table_records (id, table_id, account_id, values, autonumber, created_at, updated_at)
        select 'rec_g' || n, ${table.id}, ${accountId},
               jsonb_strip_nulls(jsonb_build_object(
                 ${name.id}::text, 'Record ' || n,
                 ${stage.id}::text, (array[${sql.join(
                   STAGES.map((id) => sql`${id}::text`),
                   sql`, `,
                 )}, null])[1 + n % 5],
                 ${score.id}::text, (n::bigint * 7919) % 100000)),
               n, now(), now()
        from generate_series(${from}::bigint, ${to}::bigint) as n`);
    }
    await database.db.execute(
      sql`update tables set next_autonumber = ${RECORDS + 1}, version = version + 1 where id = ${table.id}`,
    );
    await database.db.execute(sql`analyze table_records`);
    console.log(`setup: ${RECORDS.toLocaleString()} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const [view] = await call('GET', `/api/tables/${table.id}/views`);
    await call('PATCH', `/api/tables/${table.id}/views/${view.id}`, {
      config: { ...view.config, groupByFieldId: stage.id, sorts: [{ fieldId: score.id, direction: 'desc' }] },
    });
    // The first grouped read starts the sort index on the group field in the background; measure after it.
    await call('GET', `/api/tables/${table.id}/records?viewId=${view.id}&limit=1`);
    for (;;) {
      const made = await database.db.execute(sql`select 1 from table_indexes where field_id = ${stage.id}`);
      if ((made as unknown as { rows: unknown[] }).rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    console.log(
      `group counts (GET …/groups, 5 groups): ${await p50(() => call('GET', `/api/tables/${table.id}/groups?fieldId=${stage.id}&viewId=${view.id}`))}`,
    );
    for (const offset of [0, Math.floor(RECORDS * 0.6)]) {
      const path = `/api/tables/${table.id}/records?viewId=${view.id}&offset=${offset}&limit=200`;
      console.log(
        `grouped view, window of 200 at offset ${offset.toLocaleString()}: ${await p50(() => call('GET', path))}`,
      );
    }

    const { browser, page } = await openBrowser();
    const [, firstHeader] = await timed(async () => {
      await page.goto(`${base}/tables/${table.id}`);
      await page.locator('[data-group]').first().waitFor();
      await page
        .locator('[data-row="0"][data-col="0"]')
        .getByText(/^Record /)
        .waitFor();
    });
    await page.locator('[data-row="0"][data-col="0"]').hover();
    const scrolling = await scrollFrames(page);
    await page.evaluate(`document.querySelector('[role="grid"]').scrollTop = 0`);
    const [, collapse] = await timed(async () => {
      await page.locator('[data-group]').first().click();
      await page.locator('[data-group]').nth(1).waitFor();
      await page.locator('[aria-expanded="false"]').first().waitFor();
    });
    console.log(
      `grouped grid: first header and rows in ${ms(firstHeader)}; ${scrolling}; collapsing a group of ${(RECORDS / 5).toLocaleString()}: ${ms(collapse)}`,
    );
    await browser.close();
  } finally {
    await close();
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  await onPostgres(adminUrl, (database) => benchOn('PostgreSQL', database));
} else {
  await onEmbedded((database) => benchOn('embedded PostgreSQL', database));
}
