import type { EXPRESSION_ROOTS } from './flow-expressions';
import type { Item } from './flows';

/** What `$node["Name"]` and `$trigger` give: a step's first output item and all of them. */
export type NodeScope = { json: Item; items: Item[] };

/**
 * What a step's `{{ … }}` expressions see for one item. The server's engine builds it when a step
 * runs; the editor builds the same shape from the last run's data for its suggestions, so a path
 * the editor offers is one the server can read.
 */
export type ExpressionScope = {
  $json: Item;
  $index: number;
  $items: Item[];
  $node: Record<string, NodeScope>;
  $trigger: NodeScope;
  $execution: { id: string; mode: string };
  $flow: { id: string; name: string };
  $now: string;
};

// The roots the shared helpers accept and the scope's keys are the same list; a root added to one
// and not the other fails the typecheck here.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const rootsMatchScope: SameKeys<(typeof EXPRESSION_ROOTS)[number], keyof ExpressionScope> = true;
void rootsMatchScope;
