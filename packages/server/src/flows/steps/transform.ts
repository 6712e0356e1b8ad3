import type { Item } from '@flowmind/shared/flows';
import { asIsoTime, asNumber, canonicalJson, matchAll, readConditions } from './conditions';
import { getPath, pathOf } from './item-path';
import { readNumber, readText } from './params';
import { type StepContext, type StepDefinition, StepError } from './step';

const isMissing = (value: unknown) => value === undefined || value === null || value === '';
const collator = new Intl.Collator('en');

/** Numbers before dates before text; within a kind in natural order. Missing values are handled by the caller. */
function sortOrder(a: unknown, b: unknown): number {
  const [na, nb] = [asNumber(a), asNumber(b)];
  if (na !== null && nb !== null) return na - nb;
  if (na !== null || nb !== null) return na !== null ? -1 : 1;
  const [ta, tb] = [asIsoTime(a), asIsoTime(b)];
  if (ta !== null && tb !== null) return ta - tb;
  if (ta !== null || tb !== null) return ta !== null ? -1 : 1;
  const text = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  return collator.compare(text(a), text(b));
}

/** Sorted by a field, either way; items without the field go last either way. Ties keep their order. */
export function sortItems(items: Item[], field: string, direction: 'asc' | 'desc'): Item[] {
  const sign = direction === 'desc' ? -1 : 1;
  return items
    .map((item) => ({ item, value: getPath(item, field) }))
    .sort((x, y) => {
      const [mx, my] = [isMissing(x.value), isMissing(y.value)];
      if (mx || my) return Number(mx) - Number(my);
      return sign * sortOrder(x.value, y.value);
    })
    .map(({ item }) => ({ ...item }));
}

function dedupe(items: Item[], field: string): Item[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = canonicalJson(field ? (getPath(item, field) ?? null) : item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function splitOut(items: Item[], field: string): Item[] {
  const key = pathOf(field).at(-1) as string;
  return items.flatMap((item, index) => {
    const list = getPath(item, field);
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) throw new StepError(`Split out: "${field}" of item ${index + 1} is not a list`);
    return list.map((element) =>
      element !== null && typeof element === 'object' && !Array.isArray(element)
        ? { ...(element as Item) }
        : { [key]: element },
    );
  });
}

function aggregate(items: Item[], field: string): Item[] {
  const key = pathOf(field).at(-1) as string;
  const values = items.map((item) => getPath(item, field)).filter((value) => value !== undefined);
  return [{ [key]: values }];
}

async function filter(ctx: StepContext): Promise<Item[]> {
  const kept: Item[] = [];
  for (const [index, item] of ctx.items.entries()) {
    const params = await ctx.params(index);
    if (matchAll(readConditions(params.conditions))) kept.push({ ...item });
  }
  return kept;
}

/** Sort, limit, dedupe, split out, aggregate or filter the whole list of items. */
export const transformStep: StepDefinition = {
  type: 'transform',
  sideEffects: false,
  async run(ctx) {
    const params = await ctx.params(0);
    const operation = String(params.operation ?? 'sort');
    const field = () => readText(params.field, 'Field', { required: true }).trim();
    const items = ctx.items;
    let main: Item[];
    switch (operation) {
      case 'sort': {
        const direction = params.direction === 'desc' ? 'desc' : 'asc';
        main = sortItems(items, field(), direction);
        break;
      }
      case 'limit':
        main = items
          .slice(0, readNumber(params.limit, 'Keep the first', { min: 0, integer: true }))
          .map((i) => ({ ...i }));
        break;
      case 'dedupe':
        main = dedupe(items, readText(params.field, 'Field').trim()).map((item) => ({ ...item }));
        break;
      case 'split_out':
        main = splitOut(items, field());
        break;
      case 'aggregate':
        main = aggregate(items, field());
        break;
      case 'filter':
        main = await filter(ctx);
        break;
      default:
        throw new StepError(`Unknown operation "${operation}"`);
    }
    return { outputs: { main } };
  },
};
