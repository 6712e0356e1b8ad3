import type { Item } from '@flowmind/shared/flows';
import { matchAll, readCombine, readConditions } from './conditions';
import { withItems } from './if';
import { readBoolean, readList, readText } from './params';
import type { StepDefinition } from './step';

/**
 * Routes each item to the first case whose conditions all match (or to every matching case), else
 * to `fallback`. Cases are output handles `case-0`, `case-1`… in their order (see `nodeOutputs`).
 */
export const switchStep: StepDefinition = {
  type: 'switch',
  sideEffects: false,
  async run(ctx) {
    const outputs: Record<string, Item[]> = { fallback: [] };
    for (const [index, item] of ctx.items.entries()) {
      const params = await ctx.params(index);
      const allMatches = readBoolean(params.allMatches, 'Send to every matching case');
      const cases = readList(params.cases, 'Cases');
      let matched = false;
      for (const [caseIndex, entry] of cases.entries()) {
        const label = `Case "${readText(entry.name, 'Case name') || caseIndex + 1}"`;
        if (!matchAll(readConditions(entry.conditions, label), readCombine(entry.combine))) continue;
        const handle = `case-${caseIndex}`;
        outputs[handle] ??= [];
        outputs[handle].push({ ...item });
        matched = true;
        if (!allMatches) break;
      }
      if (!matched) outputs.fallback?.push({ ...item });
    }
    return { outputs: withItems(outputs) };
  },
};
