import { StepError } from './step';

export const REDACTED = '[secret]';

const replaceAll = (text: string, secrets: Set<string>) => {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
};

/** `value` with every occurrence of a secret in its strings (and keys) replaced, for saving. */
export function redactSecrets<T>(value: T, secrets: Set<string>): T {
  if (secrets.size === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return replaceAll(node, secrets);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, v]) => [replaceAll(key, secrets), walk(v)]));
    return node;
  };
  return walk(value) as T;
}

/** A step error whose message (an answer's body, a URL) held a secret, with it replaced. */
export function redactError(error: unknown, secrets: Set<string>): unknown {
  if (!(error instanceof Error) || secrets.size === 0) return error;
  const message = replaceAll(error.message, secrets);
  if (message === error.message) return error;
  return error instanceof StepError ? new StepError(message) : new Error(message);
}
