import { AppError } from '@flowmind/shared/errors';
import type { ConnectionTestResponse, IntegrationProviderId } from '@flowmind/shared/integrations';
import type { ConnectionOptionsResponse } from '@flowmind/shared/integrations/define-integration';
import { StepError } from '../user-error';
import {
  type ConnectionAccess,
  type ConnectionCallContext,
  ConnectionRevoked,
  type Integration,
} from './define-integration';
import type { IntegrationRepository } from './integration.repository';
import { integrationFor } from './registry';

/** A picker's list or a Test is read while someone waits for it. */
const LIVE_CALL_TIMEOUT_MS = 15_000;

type ConnectionRef = { accountId: string; connectionId: string };

/**
 * Calls to a service through a connection outside a step, for a member of its account: the
 * editor's picker lists and the connection's Test.
 */
export function connectionCalls({
  repo,
  labelOf,
  access,
  markNeedsReconnect,
}: {
  repo: IntegrationRepository;
  labelOf: (provider: string) => string;
  access: (input: ConnectionRef & { provider: IntegrationProviderId }) => Promise<ConnectionAccess>;
  markNeedsReconnect: (input: ConnectionRef) => Promise<string>;
}) {
  /**
   * `pick` chooses the call for the connection's integration (refusing before any token is
   * touched); a token refused for good marks the connection and answers with the reconnect
   * message, and a provider's refusal answers with its words.
   */
  async function live<T>(
    connectionId: string,
    userId: string,
    pick: (integration: Integration | null, label: string) => (ctx: ConnectionCallContext) => Promise<T>,
  ): Promise<T> {
    const accountId = await repo.accountForMember(connectionId, userId);
    const found = accountId ? await repo.get(accountId, connectionId) : null;
    if (!accountId || !found) throw new AppError('not_found', 'Connection not found');
    const provider = found.connection.provider as IntegrationProviderId;
    const call = pick(integrationFor(provider), labelOf(provider));
    const connection = await access({ accountId, connectionId, provider });
    try {
      return await call({
        connection,
        signal: AbortSignal.timeout(LIVE_CALL_TIMEOUT_MS),
        deadline: Date.now() + LIVE_CALL_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof ConnectionRevoked)
        throw new AppError('conflict', await markNeedsReconnect({ accountId, connectionId }));
      if (error instanceof StepError) throw new AppError('bad_request', error.message);
      throw error;
    }
  }

  return {
    /** A list for the editor's pickers (Slack channels…), read through the live connection. */
    async options({
      connectionId,
      userId,
      list,
    }: {
      connectionId: string;
      userId: string;
      list: string;
    }): Promise<ConnectionOptionsResponse> {
      return live(connectionId, userId, (integration, label) => {
        const lister = integration?.options[list];
        if (!lister) throw new AppError('bad_request', `${label} has no list "${list}"`, 'list');
        return async (ctx) => ({ options: await lister(ctx) });
      });
    },

    /** A connection's Test: who the service says its token acts as, asked now. */
    async test({ connectionId, userId }: { connectionId: string; userId: string }): Promise<ConnectionTestResponse> {
      return live(connectionId, userId, (integration, label) => {
        if (!integration) throw new AppError('bad_request', `${label} connections have no test: use one in a step`);
        return async (ctx) => ({ actsAs: await integration.check(ctx), checkedAt: new Date().toISOString() });
      });
    },
  };
}
