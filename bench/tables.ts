// `npm run bench -- tables`: the tables figures of issue 3, on the embedded PostgreSQL (as
// `npm start` runs) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL:
//   - importing a CSV file of 100,000 rows (BENCH_IMPORT_ROWS) as the web dialog does: parsed,
//     typed by inference, posted to the import endpoint in 100 chunks of 1000,
//   - on a table of BENCH_RECORDS records (default 1,000,000): the first page with a filter and a
//     sort, through the API, next to the same query run straight against the database,
//   - the grid in Chromium: time to first rows and frames per second while scrolling.
// Figures are printed, never asserted.
import { csvRow } from '@flowmind/shared/csv';
import {
  CsvParser,
  collectChoices,
  importChunks,
  inferColumn,
  isBlankRow,
  optionsForImport,
} from '@flowmind/shared/csv-import';
import type { FilterGroup, Sort } from '@flowmind/shared/table-queries';
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client';
import { compileFilter, compileSorts, orderBy } from '../packages/server/src/tables/record-query';
import { ms, onEmbedded, onPostgres, scrollFrames, startBenchApp, timed } from './bench-app';
import { percentile } from './support';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** A CSV of contacts: text, a number, an email, a date and a status of few values. */
function benchCsv(rows: number): string {
  const stages = ['Lead', 'Qualified', 'Customer', 'Lost'];
  const lines = [csvRow(['Name', 'Score', 'Email', 'Joined', 'Stage'])];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      csvRow([`Contact ${i}, Inc.`, String(i % 997), `c${i}@example.com`, `2025-03-${day}`, stages[i % 4] as string]),
    );
  }
  return lines.join('');
}

async function benchOn(label: string, database: Database) {
  console.log(`\n--- ${label} ---`);
  const { base, call, accountId, openBrowser, close } = await startBenchApp(database);

  try {
    // Import a CSV file the way the web dialog does: parse it in pieces, infer the column types,
    // create the fields, then post chunks of 1000 rows to the import endpoint one after another.
    const csv = benchCsv(IMPORT_ROWS);
    const importTable = await call('POST', '/api/tables', { accountId, name: 'Import' });
    const [importName] = await call('GET', `/api/tables/${importTable.id}/fields`);
    let imported = 0;
    let failed = 0;
    const [, importMs] = await timed(async () => {
      const parser = new CsvParser();
      const rows: string[][] = [];
      for (let i = 0; i < csv.length; i += 65_536) rows.push(...parser.push(csv.slice(i, i + 65_536)));
      rows.push(...parser.end());
      const [header = [], ...data] = rows.filter((row) => !isBlankRow(row));
      const fieldIds: string[] = [importName.id];
      for (const [column, name] of header.entries()) {
        if (column === 0) continue;
        const inferred = inferColumn(data.slice(0, 1000).map((row) => row[column] ?? ''));
        const choices =
          inferred.type === 'single_select' || inferred.type === 'multi_select'
            ? collectChoices(
                data.map((row) => row[column] ?? ''),
                inferred.type,
              )
            : undefined;
        const field = await call('POST', `/api/tables/${importTable.id}/fields`, {
          name,
          options: optionsForImport(inferred.type, { ...inferred, choices }),
        });
        fieldIds.push(field.id);
      }
      for (const chunk of importChunks(data, { firstRowNumber: 2 })) {
        const result = await call('POST', `/api/tables/${importTable.id}/import`, { fieldIds, ...chunk });
        imported += result.imported;
        failed += result.failed.length;
      }
    });
    console.log(
      `import ${IMPORT_ROWS.toLocaleString()} CSV rows (parse, infer, 1000 per request): ${(importMs / 1000).toFixed(1)} s` +
        ` (${imported.toLocaleString()} imported, ${failed} failed)`,
    );

    // A large table, filled straight in the database (setup, not the measured path).
    const big = await call('POST', '/api/tables', { accountId, name: 'Big' });
    const [name] = await call('GET', `/api/tables/${big.id}/fields`);
    const score = await call('POST', `/api/tables/${big.id}/fields`, { name: 'Score', options: { type: 'number' } });
    const [, fillMs] = await timed(async () => {
      for (let from = 1; from <= RECORDS; from += 100_000) {
        const to = Math.min(RECORDS, from + 99_999);
        await database.db.execute(sql`
          insert into table_records (id, table_id, account_id, values, autonumber, created_at, updated_at)
          select 'rec_b' || n, ${big.id}, ${accountId},
                 jsonb_build_object(${name.id}::text, 'Record ' || n, ${score.id}::text, (n::bigint * 7919) % 100000),
                 n, now(), now()
          from generate_series(${from}::bigint, ${to}::bigint) as n`);
      }
    });
    await database.db.execute(
      sql`update tables set next_autonumber = ${RECORDS + 1}, version = version + 1 where id = ${big.id}`,
    );
    await database.db.execute(sql`analyze table_records`);
    console.log(`setup: ${RECORDS.toLocaleString()} records inserted in ${(fillMs / 1000).toFixed(1)} s`);

    const fields = new Map([
      [name.id, name],
      [score.id, score],
    ]);
    const filter: FilterGroup = {
      conjunction: 'and',
      conditions: [{ fieldId: score.id, operator: 'gte', value: 50000 }],
    };
    const encodedFilter = encodeURIComponent(JSON.stringify(filter));
    // The first sorted read starts the sort index in the background (tables of 10,000+ records);
    // the measured pages are read once it exists, as every read after the first is.
    const scoreDesc: Sort[] = [{ fieldId: score.id, direction: 'desc' }];
    const [, indexMs] = await timed(async () => {
      await call('GET', `/api/tables/${big.id}/records?sort=${encodeURIComponent(JSON.stringify(scoreDesc))}&limit=1`);
      for (;;) {
        const made = await database.db.execute(sql`select 1 from table_indexes where field_id = ${score.id}`);
        if ((made as unknown as { rows: unknown[] }).rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    console.log(`sort index on Score desc built in the background in ${(indexMs / 1000).toFixed(1)} s`);

    const cases: { title: string; sort: Sort[] }[] = [
      { title: 'filter Score ≥ 50000, in record order (autonumber index)', sort: [] },
      { title: 'filter Score ≥ 50000, sorted by Score desc (sort index)', sort: scoreDesc },
    ];
    for (const testCase of cases) {
      const sort = testCase.sort;
      const query = `filter=${encodedFilter}&sort=${encodeURIComponent(JSON.stringify(sort))}&limit=100`;
      const api: number[] = [];
      const raw: number[] = [];
      const where = sql`r.table_id = ${big.id} and r.account_id = ${accountId} and ${compileFilter(filter, fields)}`;
      const order = orderBy(compileSorts(sort, fields));
      for (let run = 0; run < RUNS; run++) {
        api.push((await timed(() => call('GET', `/api/tables/${big.id}/records?${query}`)))[1]);
        raw.push(
          (
            await timed(() =>
              database.db.execute(
                sql`select r.id, r.values, r.autonumber from table_records r where ${where} order by ${order} limit 101`,
              ),
            )
          )[1],
        );
      }
      const ratio = percentile(api, 50) / percentile(raw, 50);
      console.log(
        `first page of 100, ${testCase.title}\n` +
          `  API p50 ${ms(percentile(api, 50))}, p95 ${ms(percentile(api, 95))} | raw query p50 ${ms(percentile(raw, 50))}, p95 ${ms(percentile(raw, 95))} | overhead ${ratio.toFixed(2)}×`,
      );
    }
    // The grid asks for the count of a filtered view apart, after its first rows show.
    const counts: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 10); run++) {
      counts.push((await timed(() => call('GET', `/api/tables/${big.id}/records/count?filter=${encodedFilter}`)))[1]);
    }
    console.log(
      `count of the filtered matches (its own call): p50 ${ms(percentile(counts, 50))}, p95 ${ms(percentile(counts, 95))}`,
    );

    // The grid in Chromium, served by this same app.
    const { browser, page } = await openBrowser();
    const [, firstRowsMs] = await timed(async () => {
      await page.goto(`${base}/tables/${big.id}`);
      await page.locator('[data-row="0"][data-col="0"]').getByText('Record 1', { exact: true }).waitFor();
    });
    await page.locator('[data-row="0"][data-col="0"]').hover();
    console.log(`grid: first rows in ${ms(firstRowsMs)}; ${await scrollFrames(page)}`);
    await browser.close();
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
