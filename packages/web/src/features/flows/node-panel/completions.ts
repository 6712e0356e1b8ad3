import {
  type CompletionSample,
  type Completion as SharedCompletion,
  completions as sharedCompletions,
} from '@flowmind/shared/flow-expressions';

/** A suggestion: `insert` replaces the `replace` characters before the cursor. */
export type Completion = SharedCompletion;

type Segment = string | number;
const identifier = /^[A-Za-z_$][\w$]*$/;

/** The open `{{ … ` the cursor is in, or null when it is outside every expression. */
export function openExpression(textBeforeCursor: string): string | null {
  const open = textBeforeCursor.lastIndexOf('{{');
  if (open === -1) return null;
  const rest = textBeforeCursor.slice(open + 2);
  return rest.includes('}}') ? null : rest;
}

/** A path as an expression would write it: dots where they can go, brackets elsewhere. */
export function formatPath(root: string, segments: readonly Segment[]): string {
  let path = root;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (identifier.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

/**
 * Suggestions from the last run's data for the text before the cursor. The rules live in
 * `@flowmind/shared/flow-expressions`, beside the server's own reading of expressions.
 */
export function completions(sample: Record<string, unknown>, textBeforeCursor: string): Completion[] {
  return sharedCompletions(sample as CompletionSample, textBeforeCursor);
}
