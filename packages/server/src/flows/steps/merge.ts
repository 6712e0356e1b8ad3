import type { Item } from '@flowmind/shared/flows';
import { canonicalJson } from './conditions';
import { getPath } from './item-path';
import { readText } from './params';
import { type StepDefinition, StepError } from './step';

const copies = (items: Item[]) => items.map((item) => ({ ...item }));

/** a[i] with b[i] laid over it; the longer list's tail is kept as it is. */
function byPosition(a: Item[], b: Item[]): Item[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ({ ...a[i], ...b[i] }));
}

/** 1 and "1" are one key: ids often arrive as numbers from one side and text from the other. */
function joinKey(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'object' ? canonicalJson(value) : String(value);
}

/** Inner join: every pair with the same key, B's fields over A's, in A's order. */
function byKey(a: Item[], b: Item[], keyA: string, keyB: string): Item[] {
  const matches = new Map<string, Item[]>();
  for (const item of b) {
    const key = joinKey(getPath(item, keyB));
    if (key === null) continue;
    matches.set(key, [...(matches.get(key) ?? []), item]);
  }
  return a.flatMap((left) => {
    const key = joinKey(getPath(left, keyA));
    return key === null ? [] : (matches.get(key) ?? []).map((right) => ({ ...left, ...right }));
  });
}

/** Joins inputs `a` and `b`: appended, by position, by a matching field, or A once both arrived. */
export const mergeStep: StepDefinition = {
  type: 'merge',
  sideEffects: false,
  async run(ctx) {
    const params = await ctx.params(0);
    const a = ctx.inputs.a ?? [];
    const b = ctx.inputs.b ?? [];
    const mode = String(params.mode ?? 'append');
    switch (mode) {
      case 'append':
        return { outputs: { main: copies([...a, ...b]) } };
      case 'by_position':
        return { outputs: { main: byPosition(a, b) } };
      case 'by_key': {
        const keyA = readText(params.keyA, 'Field in A', { required: true }).trim();
        const keyB = readText(params.keyB, 'Field in B', { required: true }).trim();
        return { outputs: { main: byKey(a, b, keyA, keyB) } };
      }
      case 'wait_both':
        return { outputs: { main: copies(a) } };
      default:
        throw new StepError(`Unknown mode "${mode}"`);
    }
  },
};
