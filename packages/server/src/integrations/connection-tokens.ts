import { AppError } from '@flowmind/shared/errors';
import {
  CREDENTIAL_KINDS,
  type CredentialKind,
  type IntegrationProviderId,
  reconnectMessage,
} from '@flowmind/shared/integrations';
import type { SecretBox } from '../ai/secret-box';
import type { IntegrationsConfig } from '../config-integrations';
import type { ConnectionRow, IntegrationRepository } from './integration.repository';
import { isOAuthMcp, type McpSignIn } from './mcp/mcp-sign-in';
import { OAuthError, refreshGrant } from './oauth';
import { oauthProfileFor } from './registry';

/** A token this close to its expiry is refreshed first: a step must not start with one about to die. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

type Grant = { accessToken: string; refreshToken: string | null; expiresAt: Date | null };

/**
 * Working access tokens for OAuth connections (the providers' and MCP servers signed in to),
 * refreshed under the connection's advisory lock: concurrent callers, in any process, wait for
 * the one refresh and use its result, and a rotated refresh token is stored in the same
 * transaction. A refused refresh marks the connection for reconnecting.
 */
export function connectionTokens({
  repo,
  box,
  config,
  mcp,
}: {
  repo: IntegrationRepository;
  box: SecretBox;
  config: IntegrationsConfig;
  mcp: Pick<McpSignIn, 'refresh'>;
}) {
  const notFound = () => new AppError('not_found', 'Connection not found');

  /** The service's name in messages: "Slack", "MCP server". */
  const labelOf = (provider: string) =>
    config[provider as IntegrationProviderId]?.label ?? CREDENTIAL_KINDS[provider as CredentialKind]?.label ?? provider;

  function refresher(row: ConnectionRow): (refreshToken: string) => Promise<Grant> {
    if (isOAuthMcp(row)) return (refreshToken) => mcp.refresh(row, refreshToken);
    const provider = row.provider as IntegrationProviderId;
    const providerConfig = config[provider];
    if (!providerConfig?.client)
      throw new AppError('bad_request', `${labelOf(provider)} is not configured on this server`);
    const client = providerConfig.client;
    return (refreshToken) =>
      refreshGrant(
        oauthProfileFor(provider),
        { ...providerConfig, client },
        { refreshToken, previous: { externalId: row.externalId, name: row.name } },
      );
  }

  /** The token and the provider's id of the connected account; `expected` guards against another provider's. */
  async function lockedToken({
    accountId,
    connectionId,
    provider: expected,
    rejected,
  }: {
    accountId: string;
    connectionId: string;
    provider?: IntegrationProviderId;
    /** A token the service refused before its time: refreshed unless another caller did so already. */
    rejected?: string;
  }): Promise<{ token: string; externalId: string }> {
    const outcome = await repo.withLockedConnection<{ token: string; externalId: string } | { reconnect: string }>(
      accountId,
      connectionId,
      async (row, tx) => {
        if (!row || (expected && row.provider !== expected)) throw notFound();
        const reconnect = { reconnect: reconnectMessage(labelOf(row.provider), row.name) };
        if (row.status !== 'connected') return reconnect;
        const current = box.open(row.accessTokenSealed);
        const fresh = !row.expiresAt || row.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
        if (fresh && current !== rejected) return { token: current, externalId: row.externalId };
        try {
          if (!row.refreshTokenSealed)
            throw new OAuthError('invalid_grant', 'The token expired and cannot be refreshed');
          const grant = await refresher(row)(box.open(row.refreshTokenSealed));
          await repo.updateInTx(tx, row.id, {
            accessTokenSealed: box.seal(grant.accessToken),
            refreshTokenSealed: grant.refreshToken ? box.seal(grant.refreshToken) : null,
            expiresAt: grant.expiresAt,
          });
          return { token: grant.accessToken, externalId: row.externalId };
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          if (!error.revoked) throw new AppError('bad_request', error.message);
          await repo.updateInTx(tx, row.id, { status: 'needs_reconnect' });
          return reconnect;
        }
      },
    );
    if ('reconnect' in outcome) throw new AppError('conflict', outcome.reconnect);
    return { token: outcome.token, externalId: outcome.externalId };
  }

  return { lockedToken, labelOf };
}
