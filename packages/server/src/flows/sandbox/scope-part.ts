import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import type { ScopePart } from './expression-vm';
import { SCOPE_ROOTS } from './vm-errors';

/** What one worker already holds of a session's scope. */
export type SentScope = { roots: Set<string>; nodes: Set<string>; names: boolean };

export const nothingSent = (): SentScope => ({ roots: new Set(), nodes: new Set(), names: false });

const namePattern = (name: string) => new RegExp(`(?<![\\w$])${name.replace('$', '\\$')}(?![\\w$])`);
const ROOT_PATTERNS = SCOPE_ROOTS.map((root) => [root, namePattern(root)] as const);
const NODE_PATTERN = namePattern('$node');
const DOLLAR_PATTERN = namePattern('$');

/**
 * The part of the scope an expression needs that the worker does not hold yet. Copying a scope to
 * a worker costs in proportion to its size, and `$items` and `$node` can hold whole lists of
 * items, so only the roots the code names are sent, and under `$node` only the steps whose names
 * appear in it. Code that reaches a root some other way (a computed name) is told so by the worker
 * and evaluated again with `everything`.
 */
export function scopePart(scope: ExpressionScope, code: string, sent: SentScope, everything = false): ScopePart {
  const part: ScopePart = { roots: {}, nodes: {} };
  const give = (root: (typeof SCOPE_ROOTS)[number]) => {
    if (sent.roots.has(root)) return;
    sent.roots.add(root);
    part.roots[root] = scope[root];
  };
  for (const [root, pattern] of ROOT_PATTERNS) if (everything || pattern.test(code)) give(root);
  const dollar = DOLLAR_PATTERN.test(code);
  // `$('Step').item` reads the item at `$index`.
  if (dollar) give('$index');
  if (!sent.names) {
    sent.names = true;
    part.names = Object.keys(scope.$node);
  }
  if (everything || dollar || NODE_PATTERN.test(code)) {
    for (const name of Object.keys(scope.$node)) {
      if (sent.nodes.has(name) || !(everything || code.includes(name))) continue;
      sent.nodes.add(name);
      part.nodes[name] = scope.$node[name];
    }
  }
  return part;
}
