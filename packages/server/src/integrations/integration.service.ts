import { AppError } from '@flowmind/shared/errors';
import { connectionRefs } from '@flowmind/shared/flow-steps';
import type { FlowNode } from '@flowmind/shared/flows';
import {
  type CompleteIntegration,
  type CompleteIntegrationResponse,
  ConnectIntegration,
  type ConnectIntegrationResponse,
  type ConnectionUsage,
  ConnectMcpServer,
  INTEGRATION_PROVIDERS,
  type IntegrationConnection,
  IntegrationProviderId,
  type IntegrationsResponse,
  ReconnectConnection,
  reconnectMessage,
} from '@flowmind/shared/integrations';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service';
import { createSecretBox } from '../ai/secret-box';
import type { IntegrationsConfig } from '../config-integrations';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type AddressPolicyOptions, addressPolicy } from '../net/address-policy';
import { createGuardedFetch } from '../net/guarded-fetch';
import { connectionCalls } from './connection-calls';
import { connectionTokens } from './connection-tokens';
import { connectionUsageRepository } from './connection-usage.repository';
import type { ConnectionAccess } from './define-integration';
import { type ConnectionRow, integrationRepository } from './integration.repository';
import { isOAuthMcp, mcpSignIn } from './mcp/mcp-sign-in';
import {
  authorizeUrl,
  exchangeCode,
  OAuthError,
  pkcePair,
  randomState,
  redirectUri,
  revokeToken,
  STATE_TTL_MS,
} from './oauth';
import { oauthProfileFor } from './registry';

const START_AGAIN = 'Start again from Integrations.';

const unused: ConnectionUsage = { flows: [], agents: [] };

/** The settings a member may read: an OAuth MCP connection's client and metadata stay on the server. */
function publicSettings(settings: Record<string, unknown>): IntegrationConnection['settings'] {
  const { placement, paramName, url, auth } = settings as IntegrationConnection['settings'];
  return { placement, paramName, url, auth };
}

export function toConnection(
  { connection, creatorName }: { connection: ConnectionRow; creatorName: string | null },
  usedBy: ConnectionUsage = unused,
) {
  return {
    id: connection.id,
    provider: connection.provider as IntegrationConnection['provider'],
    name: connection.name,
    scopes: connection.scopes,
    status: connection.status as IntegrationConnection['status'],
    settings: publicSettings(connection.settings),
    createdBy: connection.createdBy ? { id: connection.createdBy, name: creatorName ?? '' } : null,
    usedBy,
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  } satisfies IntegrationConnection;
}

/**
 * An account's connections to other services. Members see them (and flows of the account use
 * them); owners and admins connect, rename and disconnect, as with the account's AI providers.
 */
export function integrationService({
  db,
  accounts,
  config,
  appUrl,
  secret,
  network,
  logger,
}: {
  db: Db;
  accounts: AccountService;
  config: IntegrationsConfig;
  appUrl: string;
  secret: string;
  /** The flows' address rules: an MCP server's sign-in reaches its servers as a step would. */
  network: AddressPolicyOptions;
  logger?: Pick<Logger, 'warn'>;
}) {
  const repo = integrationRepository(db);
  const usage = connectionUsageRepository(db);
  const box = createSecretBox({ secret, purpose: 'integration-token' });
  const notFound = () => new AppError('not_found', 'Connection not found');
  const mcp = mcpSignIn({
    repo,
    accounts,
    box,
    redirect: redirectUri(appUrl, 'mcp'),
    fetch: createGuardedFetch(network),
    policy: addressPolicy(network),
  });
  const { lockedToken, labelOf } = connectionTokens({ repo, box, config, mcp });

  function configured(provider: IntegrationProviderId) {
    const providerConfig = config[provider];
    if (!providerConfig.client)
      throw new AppError('bad_request', `${providerConfig.label} is not configured on this server`);
    return { ...providerConfig, client: providerConfig.client };
  }

  async function withUsage(accountId: string, row: NonNullable<Awaited<ReturnType<typeof repo.get>>>) {
    const used = await usage.usage(accountId, [row.connection.id]);
    return toConnection(row, used.get(row.connection.id));
  }

  async function managedAccount(connectionId: string, userId: string) {
    const accountId = await repo.accountForMember(connectionId, userId);
    if (!accountId) throw notFound();
    await accounts.requireManager(accountId, userId);
    return accountId;
  }

  /** A working token and the provider's API address, for actions and pickers. */
  async function access(input: {
    accountId: string;
    connectionId: string;
    provider: IntegrationProviderId;
  }): Promise<ConnectionAccess> {
    const { token, externalId } = await lockedToken(input);
    const { apiUrl, apiVersion } = config[input.provider];
    return { token, externalId, apiUrl: apiUrl ?? '', ...(apiVersion ? { apiVersion } : {}) };
  }

  /** The provider refused the token for good: marks the connection and gives the message to show. */
  async function markNeedsReconnect({
    accountId,
    connectionId,
  }: {
    accountId: string;
    connectionId: string;
  }): Promise<string> {
    const row = await repo.setStatus(accountId, connectionId, 'needs_reconnect');
    if (!row) throw notFound();
    return reconnectMessage(labelOf(row.provider), row.name);
  }

  const service = {
    async list({ accountId, userId }: { accountId: string; userId: string }): Promise<IntegrationsResponse> {
      const account = await accounts.requireMember(accountId, userId);
      const rows = await repo.list(accountId);
      const used = await usage.usage(
        accountId,
        rows.map((row) => row.connection.id),
      );
      return {
        providers: IntegrationProviderId.options.map((id) => ({
          id,
          ...INTEGRATION_PROVIDERS[id],
          label: config[id].label,
          configured: config[id].client !== null,
          missing: config[id].missing,
          redirectUri: redirectUri(appUrl, id),
        })),
        connections: rows.map((row) => toConnection(row, used.get(row.connection.id))),
        canManage: account.role === 'owner' || account.role === 'admin',
      };
    },

    /** Starts an authorization: a single-use state bound to this user, account and provider, and a PKCE pair. */
    async connect({
      provider,
      userId,
      input,
    }: {
      provider: IntegrationProviderId;
      userId: string;
      input: ConnectIntegration;
    }): Promise<ConnectIntegrationResponse> {
      const { accountId, returnTo } = ConnectIntegration.parse(input);
      await accounts.requireManager(accountId, userId);
      const providerConfig = configured(provider);
      const state = randomState();
      const { verifier, challenge } = pkcePair();
      await repo.insertState({
        state,
        codeVerifier: verifier,
        accountId,
        userId,
        provider,
        returnTo,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      return {
        authorizeUrl: authorizeUrl(oauthProfileFor(provider), providerConfig, {
          state,
          challenge,
          redirect: redirectUri(appUrl, provider),
        }),
      };
    },

    /** Finishes an authorization from the callback page: checks the state, trades the code, keeps the tokens. */
    async complete({
      userId,
      input,
    }: {
      userId: string;
      input: CompleteIntegration;
    }): Promise<CompleteIntegrationResponse> {
      const { row, alreadyUsed } = await repo.takeState(input.state, userId);
      if (!row)
        throw new AppError(
          'bad_request',
          alreadyUsed
            ? `This connection attempt was already used. ${START_AGAIN}`
            : `This connection attempt is not known here: it was started by someone else or in another browser. ${START_AGAIN}`,
          'state',
        );
      if (row.expiresAt.getTime() < Date.now())
        throw new AppError('bad_request', `This connection attempt expired after 10 minutes. ${START_AGAIN}`, 'state');
      if (row.provider !== input.provider)
        throw new AppError('bad_request', `This connection attempt was for another service. ${START_AGAIN}`, 'state');
      await accounts.requireManager(row.accountId, userId);
      const finished = async (connectionId: string) => {
        const full = await repo.get(row.accountId, connectionId);
        if (!full) throw notFound();
        return { connection: await withUsage(row.accountId, full), accountId: row.accountId, returnTo: row.returnTo };
      };
      if (input.provider === 'mcp') return finished(await mcp.finish({ state: row, code: input.code, userId }));
      const provider = input.provider;
      const providerConfig = configured(provider);
      let grant: Awaited<ReturnType<typeof exchangeCode>>;
      try {
        grant = await exchangeCode(oauthProfileFor(provider), providerConfig, {
          code: input.code,
          verifier: row.codeVerifier,
          redirect: redirectUri(appUrl, provider),
        });
      } catch (error) {
        if (error instanceof OAuthError) throw new AppError('bad_request', error.message, 'code');
        throw error;
      }
      const saved = await repo.upsert({
        id: newId('icn'),
        accountId: row.accountId,
        provider,
        externalId: grant.externalId,
        name: grant.name,
        scopes: grant.scopes,
        status: 'connected',
        accessTokenSealed: box.seal(grant.accessToken),
        refreshTokenSealed: grant.refreshToken ? box.seal(grant.refreshToken) : null,
        expiresAt: grant.expiresAt,
        createdBy: userId,
      });
      return finished(saved.id);
    },

    /** Starts signing in to an MCP server with OAuth: discovery, registration, then its consent page. */
    async connectMcp({
      userId,
      input,
    }: {
      userId: string;
      input: ConnectMcpServer;
    }): Promise<ConnectIntegrationResponse> {
      return mcp.connect({ userId, input: ConnectMcpServer.parse(input) });
    },

    /** Signs in again to the server of an MCP connection that was signed in to with OAuth. */
    async reconnect({
      connectionId,
      userId,
      input,
    }: {
      connectionId: string;
      userId: string;
      input: ReconnectConnection;
    }): Promise<ConnectIntegrationResponse> {
      const accountId = await managedAccount(connectionId, userId);
      const found = await repo.get(accountId, connectionId);
      if (!found) throw notFound();
      return mcp.reconnect({ accountId, row: found.connection, userId, input: ReconnectConnection.parse(input) });
    },

    async rename({ connectionId, userId, name }: { connectionId: string; userId: string; name: string }) {
      const accountId = await managedAccount(connectionId, userId);
      if (!(await repo.rename(accountId, connectionId, name))) throw notFound();
      const row = await repo.get(accountId, connectionId);
      if (!row) throw notFound();
      return withUsage(accountId, row);
    },

    /** Forgets the connection and its tokens, and asks the provider to revoke the token too. */
    async disconnect({ connectionId, userId }: { connectionId: string; userId: string }) {
      const accountId = await managedAccount(connectionId, userId);
      const row = await repo.get(accountId, connectionId);
      if (!row || !(await repo.remove(accountId, connectionId))) throw notFound();
      const { connection } = row;
      if (connection.status !== 'connected') return;
      const providerConfig = config[connection.provider as IntegrationProviderId];
      const revoked = isOAuthMcp(connection)
        ? await mcp.revoke(connection)
        : providerConfig?.client && providerConfig.apiUrl
          ? await revokeToken(oauthProfileFor(connection.provider as IntegrationProviderId), providerConfig, {
              accessToken: box.open(connection.accessTokenSealed),
              refreshToken: connection.refreshTokenSealed ? box.open(connection.refreshTokenSealed) : null,
            })
          : null;
      if (revoked === false)
        logger?.warn(
          { connectionId, provider: connection.provider },
          'the provider did not confirm revoking the token',
        );
    },

    /**
     * A working access token for a connection of `accountId`, refreshed first when it expires
     * within the margin. The refresh runs under the connection's advisory lock: concurrent
     * callers, in any process, wait for it and use its result, and a rotated refresh token is
     * stored in the same transaction. A refused refresh marks the connection for reconnecting.
     */
    async tokenFor(input: {
      accountId: string;
      connectionId: string;
      /** When given, a connection to another provider is not found: its token must not reach this one. */
      provider?: IntegrationProviderId;
      /** The token the service just refused: a new one is got unless another caller got it already. */
      rejected?: string;
    }): Promise<string> {
      return (await lockedToken(input)).token;
    },

    /**
     * Refuses a graph naming a connection that is not one of the account's, or not of a kind its
     * param takes: a 400 pointing at the param, so a flow is never published to act through
     * another account's connection (the runner would refuse it too, but only at run time).
     */
    async requireOwnConnections(accountId: string, graph: { nodes: FlowNode[] }): Promise<void> {
      const refs = connectionRefs(graph);
      const providers = await repo.providers(accountId, [...new Set(refs.map((ref) => ref.connectionId))]);
      for (const ref of refs) {
        const provider = providers.get(ref.connectionId);
        const fits = provider !== undefined && (!ref.field.providers || ref.field.providers.includes(provider));
        if (!fits)
          throw new AppError(
            'bad_request',
            `${ref.node.name}: choose a connection of this account for “${ref.field.label}”`,
            `graph.nodes.${ref.index}.params.${ref.field.key}`,
          );
      }
    },

    access,
    markNeedsReconnect,
    ...connectionCalls({ repo, labelOf, access, markNeedsReconnect }),
  };
  return service;
}

export type IntegrationService = ReturnType<typeof integrationService>;
