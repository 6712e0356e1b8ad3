import { AppError } from '@flowmind/shared/errors';
import type { ConnectIntegrationResponse, ConnectMcpServer, ReconnectConnection } from '@flowmind/shared/integrations';
import type { AccountService } from '../../accounts/account.service';
import type { SecretBox } from '../../ai/secret-box';
import { newId } from '../../db/ids';
import type { AddressPolicy } from '../../net/address-policy';
import type { GuardedFetch } from '../../net/guarded-fetch';
import type { ConnectionRow, IntegrationRepository, OauthStateRow } from '../integration.repository';
import { OAuthError, randomState, STATE_TTL_MS } from '../oauth';
import {
  authorizationRequest,
  discoverAndRegister,
  exchangeMcpCode,
  type McpAuthContext,
  type McpTokens,
  refreshMcpGrant,
  revokeMcpGrant,
} from './mcp-oauth';

/** What an OAuth MCP connection keeps in its settings: its URL and, under `oauth`, how it refreshes. */
type OAuthSettings = {
  url: string;
  auth: 'oauth';
  oauth: Omit<McpAuthContext, 'url' | 'client'> & { client: Omit<McpAuthContext['client'], 'client_secret'> };
};

/** What the state row carries to the callback: the sign-in's context and the name to give the connection. */
type Pending = { context: McpAuthContext; name: string };

export const isOAuthMcp = (row: Pick<ConnectionRow, 'provider' | 'settings'>) =>
  row.provider === 'mcp' && row.settings.auth === 'oauth';

/**
 * MCP servers signed in to with OAuth: starting a sign-in (discovery and registration, then the
 * consent page), finishing it from the callback into a new connection or the one reconnected, and
 * refreshing its token. Tokens and the registered client's secret are sealed with the OAuth
 * providers' box: the connection's tokens are read and refreshed as theirs are.
 */
export function mcpSignIn({
  repo,
  accounts,
  box,
  redirect,
  fetch,
  policy,
}: {
  repo: IntegrationRepository;
  accounts: Pick<AccountService, 'requireManager'>;
  box: SecretBox;
  /** The callback address registered with each authorization server. */
  redirect: string;
  fetch: GuardedFetch;
  policy: AddressPolicy;
}) {
  async function begin({
    accountId,
    userId,
    url,
    name,
    returnTo,
    connectionId,
  }: {
    accountId: string;
    userId: string;
    url: string;
    name: string;
    returnTo: string;
    connectionId: string | null;
  }): Promise<ConnectIntegrationResponse> {
    const refusal = await policy.refusalOf(new URL(url));
    if (refusal) throw new AppError('bad_request', refusal.reason, 'url');
    const context = await discoverAndRegister({ url, redirect, fetch });
    const state = randomState();
    const { authorizeUrl, verifier } = await authorizationRequest(context, { redirect, state });
    await repo.insertState({
      state,
      codeVerifier: verifier,
      accountId,
      userId,
      provider: 'mcp',
      returnTo,
      connectionId,
      contextSealed: box.seal(JSON.stringify({ context, name } satisfies Pending)),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { authorizeUrl };
  }

  /** The secret-free part of the context, kept in the connection's settings for refreshing. */
  function settingsOf({ url, client, ...rest }: McpAuthContext): OAuthSettings {
    const { client_secret: _secret, ...publicClient } = client;
    return { url, auth: 'oauth', oauth: { ...rest, client: publicClient } };
  }

  function tokenColumns(tokens: McpTokens, context: McpAuthContext) {
    return {
      scopes: tokens.scopes,
      status: 'connected',
      accessTokenSealed: box.seal(tokens.accessToken),
      refreshTokenSealed: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
      clientSecretSealed: context.client.client_secret ? box.seal(context.client.client_secret) : null,
      expiresAt: tokens.expiresAt,
      settings: settingsOf(context),
    } satisfies Partial<ConnectionRow>;
  }

  /** The row's context again, with its client secret, for a refresh. */
  function contextOf(row: ConnectionRow): McpAuthContext {
    const settings = row.settings as OAuthSettings;
    const secret = row.clientSecretSealed ? box.open(row.clientSecretSealed) : undefined;
    return {
      url: settings.url,
      ...settings.oauth,
      client: { ...settings.oauth.client, ...(secret ? { client_secret: secret } : {}) },
    };
  }

  return {
    /** Starts signing in to a new MCP server: owners and admins, a URL the flows may reach. */
    async connect({ userId, input }: { userId: string; input: ConnectMcpServer & { returnTo: string } }) {
      await accounts.requireManager(input.accountId, userId);
      return begin({ ...input, userId, connectionId: null });
    },

    /** Signs in again to a connection's server: a new grant replaces the tokens, its uses stay. */
    async reconnect({
      accountId,
      row,
      userId,
      input,
    }: {
      accountId: string;
      row: ConnectionRow;
      userId: string;
      input: ReconnectConnection & { returnTo: string };
    }) {
      if (!isOAuthMcp(row))
        throw new AppError(
          'bad_request',
          row.provider === 'mcp'
            ? 'This MCP server takes a token: replace its token instead'
            : 'Connect this service again from its card instead',
          'connectionId',
        );
      const url = String(row.settings.url ?? '');
      return begin({ accountId, userId, url, name: row.name, returnTo: input.returnTo, connectionId: row.id });
    },

    /** Trades the callback's code for tokens, into a new connection or the one being reconnected. */
    async finish({ state, code, userId }: { state: OauthStateRow; code: string; userId: string }) {
      if (!state.contextSealed) throw new AppError('bad_request', 'This connection attempt is not known here', 'state');
      const { context, name } = JSON.parse(box.open(state.contextSealed)) as Pending;
      let tokens: McpTokens;
      try {
        tokens = await exchangeMcpCode(context, { code, verifier: state.codeVerifier, redirect, fetch });
      } catch (error) {
        if (error instanceof OAuthError) throw new AppError('bad_request', error.message, 'code');
        throw error;
      }
      const columns = tokenColumns(tokens, context);
      if (state.connectionId) {
        const updated = await repo.update(state.accountId, state.connectionId, columns);
        if (!updated) throw new AppError('not_found', 'The connection was disconnected while you signed in');
        return state.connectionId;
      }
      const id = newId('icn');
      // Each sign-in is its own connection: the server's accounts have no id Flowmind could match.
      await repo.upsert({
        id,
        accountId: state.accountId,
        provider: 'mcp',
        externalId: id,
        name,
        createdBy: userId,
        ...columns,
      });
      return id;
    },

    /** Revokes a disconnected connection's grant at its authorization server, where it offers that. */
    revoke(row: ConnectionRow): Promise<boolean> {
      const refresh = row.refreshTokenSealed ? box.open(row.refreshTokenSealed) : null;
      return revokeMcpGrant(contextOf(row), {
        token: refresh ?? box.open(row.accessTokenSealed),
        hint: refresh ? 'refresh_token' : 'access_token',
        fetch,
      });
    },

    /** A new access token through the connection's own authorization server and client. */
    refresh(row: ConnectionRow, refreshToken: string): Promise<McpTokens> {
      return refreshMcpGrant(contextOf(row), { refreshToken, fetch });
    },
  };
}

export type McpSignIn = ReturnType<typeof mcpSignIn>;
