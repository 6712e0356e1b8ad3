import type { Item } from '@flowmind/shared/flows';
import { setPath } from './item-path';
import { readAssignments, readBoolean } from './params';
import type { StepDefinition } from './step';

/** Sets fields on each item; values are resolved for that item, dotted names reach into objects. */
export const setStep: StepDefinition = {
  type: 'set',
  sideEffects: false,
  async run(ctx) {
    const main: Item[] = [];
    for (const [index, item] of ctx.items.entries()) {
      const params = await ctx.params(index);
      const keepOnlySet = readBoolean(params.keepOnlySet, 'Keep only these fields');
      let result: Item = keepOnlySet ? {} : { ...item };
      for (const { name, value } of readAssignments(params.assignments, 'Fields'))
        result = setPath(result, name, value);
      main.push(result);
    }
    return { outputs: { main } };
  },
};
