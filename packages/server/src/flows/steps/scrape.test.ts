import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Item } from '@flowmind/shared/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../net/guarded-fetch';
import { scrapeStep } from './scrape';
import type { StepResult } from './step';
import { testContext } from './test-context';

const JOBS_PAGE = `<!doctype html>
<html><head><title>  Open roles
  at Acme </title></head>
<body>
  <h1>Jobs</h1>
  <ul id="jobs">
    <li class="job">
      <h2 class="title"><a href="/jobs/101">Senior
        TypeScript   Engineer</a></h2>
      <span class="company">Acme</span>
      <span class="location">Berlin, Germany</span>
      <img class="logo" src="logos/acme.png">
    </li>
    <li class="job">
      <h2 class="title"><a href="https://jobs.example.org/202?ref=acme">Product Designer</a></h2>
      <span class="company">Globex</span>
      <span class="location">Remote</span>
    </li>
    <li class="job">
      <h2 class="title"><a href="103">Data Analyst</a></h2>
      <span class="company">Initech</span>
      <span class="location">Lisbon</span>
    </li>
  </ul>
</body></html>`;

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/careers/list')
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(JOBS_PAGE);
    if (req.url === '/moved') return res.writeHead(302, { location: '/careers/list' }).end();
    if (req.url === '/latin1-header')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=windows-1252' })
        .end(Buffer.from('<title>Caf\xe9 jobs</title><p class="job">Barista \xe0 Paris</p>', 'latin1'));
    if (req.url === '/latin1-meta')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.from('<meta charset="iso-8859-1"><title>Cr\xe8che</title>', 'latin1'));
    if (req.url === '/big.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(Buffer.alloc(1024 * 1024));
    }
    if (req.url === '/api') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetch = createGuardedFetch({ allowPrivate: true });
const main = (result: StepResult): Item[] => ('outputs' in result ? (result.outputs.main ?? []) : []);
const run = async (params: Record<string, unknown>, items: Item[] = [{}]) =>
  main(await scrapeStep.run(testContext({ type: 'scrape', params, items, services: { fetch } })));

const jobFields = [
  { name: 'title', selector: '.title' },
  { name: 'company', selector: '.company' },
  { name: 'location', selector: '.location' },
  { name: 'link', selector: '.title a', attribute: 'href' },
];

describe('scrape', () => {
  it('builds a job-listings scraper: one item per job with title, company, location and an absolute link', async () => {
    const jobs = await run({ url: `${base}/careers/list`, itemSelector: 'li.job', fields: jobFields });
    expect(jobs).toEqual([
      { title: 'Senior TypeScript Engineer', company: 'Acme', location: 'Berlin, Germany', link: `${base}/jobs/101` },
      {
        title: 'Product Designer',
        company: 'Globex',
        location: 'Remote',
        link: 'https://jobs.example.org/202?ref=acme',
      },
      { title: 'Data Analyst', company: 'Initech', location: 'Lisbon', link: `${base}/careers/103` },
    ]);
  });

  it('gives null for a field that does not match and makes src absolute', async () => {
    const jobs = await run({
      url: `${base}/careers/list`,
      itemSelector: '.job',
      fields: [
        { name: 'logo', selector: 'img.logo', attribute: 'src' },
        { name: 'salary', selector: '.salary' },
      ],
    });
    expect(jobs).toEqual([
      { logo: `${base}/careers/logos/acme.png`, salary: null },
      { logo: null, salary: null },
      { logo: null, salary: null },
    ]);
  });

  it('keeps at most `limit` results', async () => {
    const jobs = await run({ url: `${base}/careers/list`, itemSelector: '.job', fields: jobFields, limit: 2 });
    expect(jobs.map((j) => j.company)).toEqual(['Acme', 'Globex']);
  });

  it('without an item selector gives one item for the page, against its final address', async () => {
    const [page] = await run({
      url: `${base}/moved`,
      fields: [
        { name: 'heading', selector: 'h1' },
        { name: 'firstJob', selector: '.job .title a', attribute: 'href' },
      ],
    });
    expect(page).toEqual({
      url: `${base}/careers/list`,
      title: 'Open roles at Acme',
      heading: 'Jobs',
      firstJob: `${base}/jobs/101`,
    });
  });

  it('runs once per input item', async () => {
    const out = await run({ url: `${base}/careers/list`, itemSelector: '.job', fields: jobFields, limit: 1 }, [{}, {}]);
    expect(out).toHaveLength(2);
  });

  it('fails in words on an error status, a non-HTML page and a bad selector', async () => {
    await expect(run({ url: `${base}/nowhere` })).rejects.toThrow(`The page at ${base}/nowhere answered 404 Not Found`);
    await expect(run({ url: `${base}/api` })).rejects.toThrow(
      `The page at ${base}/api is not HTML (it is application/json)`,
    );
    await expect(run({ url: `${base}/careers/list`, itemSelector: 'li[' })).rejects.toThrow(
      '"li[" is not a valid CSS selector',
    );
  });

  it('decodes pages in the charset of the header or of the page itself', async () => {
    expect(await run({ url: `${base}/latin1-header`, itemSelector: '.job' })).toEqual([{ text: 'Barista à Paris' }]);
    expect((await run({ url: `${base}/latin1-header` }))[0]?.title).toBe('Café jobs');
    expect((await run({ url: `${base}/latin1-meta` }))[0]?.title).toBe('Crèche');
  });

  it('refuses a file that is not HTML', async () => {
    await expect(run({ url: `${base}/big.pdf` })).rejects.toThrow(
      `The page at ${base}/big.pdf is not HTML (it is application/pdf)`,
    );
  });

  it('follows the address rules of the guarded fetch', async () => {
    const guarded = createGuardedFetch();
    await expect(
      scrapeStep.run(
        testContext({ type: 'scrape', params: { url: `${base}/careers/list` }, services: { fetch: guarded } }),
      ),
    ).rejects.toThrow(/^Refused to connect to 127\.0\.0\.1: /);
  });
});
