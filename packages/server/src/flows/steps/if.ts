import type { Item } from '@flowmind/shared/flows';
import { matchAll, readCombine, readConditions } from './conditions';
import type { StepDefinition } from './step';

/** Each item down `true` when its conditions match, else `false`; a branch with no items sends nothing. */
export const ifStep: StepDefinition = {
  type: 'if',
  sideEffects: false,
  async run(ctx) {
    const branches: { true: Item[]; false: Item[] } = { true: [], false: [] };
    for (const [index, item] of ctx.items.entries()) {
      const params = await ctx.params(index);
      const matched = matchAll(readConditions(params.conditions), readCombine(params.combine));
      branches[matched ? 'true' : 'false'].push({ ...item });
    }
    return { outputs: withItems(branches) };
  },
};

/** Only the handles that have items: a handle not given sends nothing downstream. */
export function withItems(outputs: Record<string, Item[]>): Record<string, Item[]> {
  return Object.fromEntries(Object.entries(outputs).filter(([, items]) => items.length > 0));
}
