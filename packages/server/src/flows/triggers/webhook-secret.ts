import { createHash, timingSafeEqual } from 'node:crypto';
import { HASHED_SECRET_PREFIX } from '@flowmind/shared/flow-steps';
import type { FlowGraph } from '@flowmind/shared/flows';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Webhook secrets are kept like API tokens: only their SHA-256 is stored (in the draft, in every
 * published version, in copies), so reading a flow never gives the secret back. Webhook secrets
 * are meant to be long random strings, for which a fast hash is enough and costs a call nothing.
 */
export function hashWebhookSecrets(graph: FlowGraph): FlowGraph {
  let changed = false;
  const nodes = graph.nodes.map((node) => {
    const value = node.params?.secretValue;
    if (node.type !== 'trigger.webhook' || typeof value !== 'string' || value === '') return node;
    if (value.startsWith(HASHED_SECRET_PREFIX)) return node;
    changed = true;
    return {
      ...node,
      params: { ...node.params, secretValue: `${HASHED_SECRET_PREFIX}${sha256(value).toString('hex')}` },
    };
  });
  return changed ? { ...graph, nodes } : graph;
}

/** Whether a call's header matches the stored secret (hashed, or plain in a flow saved before hashing). */
export function webhookSecretMatches(stored: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const expected = stored.startsWith(HASHED_SECRET_PREFIX)
    ? Buffer.from(stored.slice(HASHED_SECRET_PREFIX.length), 'hex')
    : sha256(stored);
  const actual = sha256(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
