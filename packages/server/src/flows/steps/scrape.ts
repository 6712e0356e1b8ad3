import { effectiveSettings } from '@flowmind/shared/flow-steps';
import type { Item } from '@flowmind/shared/flows';
import type { Cheerio, CheerioAPI, contains } from 'cheerio';
import { charsetOf, readBody } from './read-body';
import { requestFailure, statusFailure } from './request-errors';
import { type StepContext, type StepDefinition, StepError } from './step';

/** A selection of nodes (cheerio's node type is not exported by the package itself). */
type Nodes = Cheerio<Parameters<typeof contains>[1]>;

type FieldSpec = { name: string; selector: string; attribute: string };

/** Attributes holding an address, made absolute against the page. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'data-src', 'data-href']);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function fieldSpecs(value: unknown): FieldSpec[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row) => {
    const { name, selector, attribute } = (row ?? {}) as Record<string, unknown>;
    const fieldName = String(name ?? '').trim();
    if (!fieldName) return [];
    return [
      {
        name: fieldName,
        selector: String(selector ?? '').trim(),
        attribute: String(attribute ?? '')
          .trim()
          .toLowerCase(),
      },
    ];
  });
}

/** Runs a selector, turning cheerio's parse error into words. */
function select(scope: () => Nodes, selector: string): Nodes {
  try {
    return scope();
  } catch {
    throw new StepError(`"${selector}" is not a valid CSS selector`);
  }
}

function absolute(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

function extract($: CheerioAPI, root: Nodes | null, fields: FieldSpec[], base: string): Item {
  const item: Item = {};
  for (const field of fields) {
    const matches = field.selector
      ? select(() => (root ? root.find(field.selector) : $(field.selector)), field.selector)
      : (root ?? $.root());
    const first = matches.first();
    if (first.length === 0) {
      item[field.name] = null;
    } else if (field.attribute) {
      const value = first.attr(field.attribute);
      item[field.name] =
        value === undefined ? null : URL_ATTRIBUTES.has(field.attribute) ? absolute(value, base) : value;
    } else {
      item[field.name] = collapse(first.text());
    }
  }
  return item;
}

/** The largest page the step reads. */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

async function fetchPage(ctx: StepContext, url: string): Promise<{ $: CheerioAPI; url: string }> {
  const { timeoutMs } = effectiveSettings(ctx.node);
  const failed = (error: unknown) => requestFailure(error, { url, timeoutMs, signal: ctx.signal });
  const response = await ctx.services
    .fetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      signal: ctx.signal,
      timeoutMs,
    })
    .catch((error: unknown) => {
      throw failed(error);
    });
  const type = response.headers.get('content-type') ?? '';
  // Checked before reading, so a large file is not downloaded just to be refused.
  if (!response.ok || (type && !/\b(text\/html|application\/xhtml\+xml)\b/i.test(type))) {
    await response.body?.cancel().catch(() => {});
    if (!response.ok) throw statusFailure(response, '', `The page at ${url}`);
    throw new StepError(`The page at ${url} is not HTML (it is ${type.split(';')[0]?.trim()})`);
  }
  const bytes = await readBody(response, MAX_PAGE_BYTES).catch((error: unknown) => {
    throw failed(error);
  });
  // cheerio (about 20 MiB loaded) comes with the first page scraped.
  const { loadBuffer } = await import('cheerio');
  // The header's charset first, then the page's own <meta charset>, as browsers decide.
  const $ = loadBuffer(bytes, { encoding: { transportLayerEncodingLabel: charsetOf(type) } });
  return { $, url: response.url || url };
}

export const scrapeStep: StepDefinition = {
  type: 'scrape',
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    for (let i = 0; i < ctx.items.length; i++) {
      const p = await ctx.params(i);
      const url = String(p.url ?? '').trim();
      if (!url) throw new StepError('The URL is empty');
      const page = await fetchPage(ctx, url);
      const { $ } = page;
      const baseHref = $('base[href]').first().attr('href');
      const base = baseHref ? absolute(baseHref, page.url) : page.url;
      const fields = fieldSpecs(p.fields);
      const itemSelector = String(p.itemSelector ?? '').trim();
      if (!itemSelector) {
        out.push({ url: page.url, title: collapse($('title').first().text()), ...extract($, null, fields, base) });
        continue;
      }
      const limit = Math.max(1, Math.floor(Number(p.limit) || 100));
      const results = select(() => $(itemSelector), itemSelector).slice(0, limit);
      ctx.log('info', `${results.length} result(s) for "${itemSelector}" on ${page.url}`);
      results.each((_, element) => {
        const root = $(element);
        out.push(fields.length ? extract($, root, fields, base) : { text: collapse(root.text()) });
      });
    }
    return { outputs: { main: out } };
  },
};
