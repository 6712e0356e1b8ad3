import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@flowmind/shared/errors';
import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowNode, Item } from '@flowmind/shared/flows';
import { INTEGRATION_PROVIDERS } from '@flowmind/shared/integrations';
import { CONNECTION_PARAM } from '@flowmind/shared/integrations/define-integration';
import { ConnectionRevoked } from '../../integrations/define-integration';
import type { IntegrationService } from '../../integrations/integration.service';
import { StepError } from '../../user-error';
import { triggerOfRow } from './integration-triggers';

/** How often a listening editor's integration trigger reads its service: a test event shows within seconds. */
export const TEST_POLL_MS = 3000;
const POLL_TIMEOUT_MS = 30_000;

/** Whether a node is an integration trigger this server can poll (Slack's New message…). */
export const pollsForTest = (node: FlowNode): boolean => triggerOfRow({ stepType: node.type }) !== null;

/**
 * "Listen for a test event" on an integration trigger: polls the draft's trigger through its
 * connection, first only to learn where things are, then every few seconds, until something new
 * arrives (its first item is the test data), the signal ends it, or a read fails (in words).
 */
export function integrationTestPoll({
  integrations,
  everyMs = TEST_POLL_MS,
}: {
  integrations: Pick<IntegrationService, 'access' | 'markNeedsReconnect'>;
  everyMs?: number;
}) {
  return async function firstNewItem({
    accountId,
    node,
    signal,
  }: {
    accountId: string;
    node: FlowNode;
    signal: AbortSignal;
  }): Promise<Item | null> {
    const found = triggerOfRow({ stepType: node.type });
    if (!found) throw new AppError('bad_request', 'This trigger cannot listen for test events', 'nodeId');
    const { provider, trigger } = found;
    const label = INTEGRATION_PROVIDERS[provider].label;
    const params = paramsWithDefaults(node);
    const connectionId = String(params[CONNECTION_PARAM] ?? '').trim();
    if (!connectionId)
      throw new AppError('bad_request', `Choose a ${label} connection for the trigger first`, 'nodeId');
    const parsed = trigger.info.input.safeParse(params);
    if (!parsed.success)
      throw new AppError('bad_request', `The trigger’s settings are not valid: ${parsed.error.issues[0]?.message}`);
    let cursor: unknown = null;
    let primed = false;
    for (let first = true; !signal.aborted; first = false) {
      if (!first) await sleep(everyMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) break;
      try {
        const connection = await integrations.access({ accountId, connectionId, provider });
        const result = await trigger.poll({
          input: parsed.data,
          connection,
          cursor,
          limit: 1,
          signal: AbortSignal.any([signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]),
          deadline: Date.now() + POLL_TIMEOUT_MS,
        });
        // The first read only learns where things are: what was there before the listen is not a test event.
        if (primed && result.items[0]) return result.items[0].item;
        primed = true;
        cursor = result.cursor ?? cursor;
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof ConnectionRevoked)
          throw new AppError('conflict', await integrations.markNeedsReconnect({ accountId, connectionId }));
        if (error instanceof StepError) throw new AppError('bad_request', error.message);
        throw error;
      }
    }
    return null;
  };
}

export type IntegrationTestPoll = ReturnType<typeof integrationTestPoll>;
