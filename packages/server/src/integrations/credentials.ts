import { AppError } from '@flowmind/shared/errors';
import {
  CREDENTIAL_KINDS,
  type CreateCredential,
  type CredentialKind,
  type CredentialSecret,
  HTTP_CREDENTIAL_PROVIDERS,
  type IntegrationConnection,
  type McpToolInfo,
} from '@flowmind/shared/integrations';
import type { AccountService } from '../accounts/account.service';
import { createSecretBox } from '../ai/secret-box';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type AddressPolicyOptions, addressPolicy } from '../net/address-policy';
import { createGuardedFetch, type GuardedFetch } from '../net/guarded-fetch';
import { StepError } from '../user-error';
import { credentialRepository } from './credential.repository';
import { type ConnectionRow, integrationRepository } from './integration.repository';
import { type IntegrationService, toConnection } from './integration.service';
import { callMcpTool, listMcpTools, McpFailure, type McpToolResult, withMcpClient } from './mcp/mcp-client';
import { isOAuthMcp } from './mcp/mcp-sign-in';

/** What signs a request with a connection; `secrets` are the values no log or error may show. */
export type RequestAuth = { headers: Record<string, string>; query: [string, string][]; secrets: string[] };

/** A connection as the steps and tools of one account reach it. */
export type AccountConnections = {
  requestAuth(connectionId: string): Promise<RequestAuth>;
  mcpTools(connectionId: string, signal?: AbortSignal): Promise<McpToolInfo[]>;
  callMcpTool(
    connectionId: string,
    call: { name: string; args: Record<string, unknown>; signal?: AbortSignal },
  ): Promise<McpToolResult>;
};

/** The secret parts of a credential, sealed together. */
type Sealed = { key?: string; token?: string; username?: string; password?: string };

const isCredential = (provider: string): provider is CredentialKind => provider in CREDENTIAL_KINDS;

function split(input: CredentialSecret): { sealed: Sealed; settings: Record<string, unknown> } {
  switch (input.kind) {
    case 'api_key':
      return { sealed: { key: input.key }, settings: { placement: input.placement, paramName: input.paramName } };
    case 'bearer':
      return { sealed: { token: input.token }, settings: {} };
    case 'basic':
      return { sealed: { username: input.username, password: input.password }, settings: {} };
    case 'mcp':
      return { sealed: input.token ? { token: input.token } : {}, settings: { url: input.url } };
  }
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * Connections with a secret typed in by an owner or admin: API keys, bearer tokens, basic auth and
 * MCP servers. Secrets are sealed (a purpose of their own, so an OAuth token reader cannot open
 * one) and leave the server only on the requests they sign.
 */
export function credentialService({
  db,
  accounts,
  integrations,
  secret,
  network,
}: {
  db: Db;
  accounts: AccountService;
  integrations: Pick<IntegrationService, 'tokenFor' | 'markNeedsReconnect'>;
  secret: string;
  /** The flows' address rules: MCP servers are reached like the HTTP request step's URLs. */
  network: AddressPolicyOptions;
}) {
  const repo = credentialRepository(db);
  const connections = integrationRepository(db);
  const box = createSecretBox({ secret, purpose: 'integration-credential' });
  const policy = addressPolicy(network);
  const fetch: GuardedFetch = createGuardedFetch(network);
  const notFound = () => new AppError('not_found', 'Connection not found');

  async function checkUrl(input: CredentialSecret) {
    if (input.kind !== 'mcp') return;
    const refusal = await policy.refusalOf(new URL(input.url));
    if (refusal) throw new AppError('bad_request', refusal.reason, 'url');
  }

  const open = (row: ConnectionRow): Sealed => JSON.parse(box.open(row.accessTokenSealed)) as Sealed;

  async function full(accountId: string, connectionId: string): Promise<IntegrationConnection> {
    const row = await connections.get(accountId, connectionId);
    if (!row) throw notFound();
    return toConnection(row);
  }

  /** A connection of the account, for a step: another account's id is simply not there. */
  async function ownRow(accountId: string, connectionId: string): Promise<ConnectionRow> {
    const found = await connections.get(accountId, connectionId);
    if (!found)
      throw new StepError(
        'The chosen connection is not one of this account’s: choose another in Integrations or in the step',
      );
    return found.connection;
  }

  /** An OAuth connection's token, refreshed when due (or when `rejected` was refused); words for a step when it cannot be. */
  async function oauthToken(accountId: string, connectionId: string, rejected?: string) {
    try {
      return await integrations.tokenFor({ accountId, connectionId, ...(rejected ? { rejected } : {}) });
    } catch (error) {
      if (error instanceof AppError) throw new StepError(error.message);
      throw error;
    }
  }

  /**
   * Runs `work` with a session on the connection's MCP server. A server signed in to with OAuth
   * that refuses its token gets one new token (a refresh) and one more try; refused again, the
   * connection needs reconnecting and the step says so.
   */
  async function withMcp<T>(
    accountId: string,
    connectionId: string,
    signal: AbortSignal | undefined,
    work: Parameters<typeof withMcpClient<T>>[1],
  ): Promise<T> {
    const row = await ownRow(accountId, connectionId);
    if (row.provider !== 'mcp') throw new StepError(`"${row.name}" is not an MCP server connection`);
    const url = String(row.settings.url ?? '');
    if (!isOAuthMcp(row))
      return withMcpClient({ endpoint: { url, token: open(row).token ?? null }, fetch, signal }, work);
    const attempt = (token: string) => withMcpClient({ endpoint: { url, token }, fetch, signal }, work);
    const token = await oauthToken(accountId, connectionId);
    try {
      return await attempt(token);
    } catch (error) {
      if (!(error instanceof McpFailure && error.tokenRefused)) throw error;
    }
    try {
      return await attempt(await oauthToken(accountId, connectionId, token));
    } catch (error) {
      if (!(error instanceof McpFailure && error.tokenRefused)) throw error;
      throw new StepError(await integrations.markNeedsReconnect({ accountId, connectionId }));
    }
  }

  function forAccount(accountId: string): AccountConnections {
    return {
      async requestAuth(connectionId): Promise<RequestAuth> {
        const row = await ownRow(accountId, connectionId);
        if (!HTTP_CREDENTIAL_PROVIDERS.includes(row.provider as CredentialKind))
          throw new StepError(
            `"${row.name}" cannot sign HTTP requests: choose an API key, bearer token, basic auth or OAuth 2.0 connection`,
          );
        if (row.provider === 'oauth2') {
          const token = await oauthToken(accountId, connectionId);
          return { headers: { authorization: `Bearer ${token}` }, query: [], secrets: [token] };
        }
        const sealed = open(row);
        if (row.provider === 'api_key') {
          const key = sealed.key ?? '';
          const name = String(row.settings.paramName ?? '');
          return row.settings.placement === 'query'
            ? { headers: {}, query: [[name, key]], secrets: [key] }
            : { headers: { [name]: key }, query: [], secrets: [key] };
        }
        if (row.provider === 'bearer') {
          const token = sealed.token ?? '';
          return { headers: { authorization: `Bearer ${token}` }, query: [], secrets: [token] };
        }
        const header = basic(sealed.username ?? '', sealed.password ?? '');
        return {
          headers: { authorization: header },
          query: [],
          secrets: [sealed.password ?? '', header.slice('Basic '.length)].filter(Boolean),
        };
      },
      mcpTools: (connectionId, signal) => withMcp(accountId, connectionId, signal, listMcpTools),
      callMcpTool: (connectionId, { name, args, signal }) =>
        withMcp(accountId, connectionId, signal, (client, options) => callMcpTool(client, options, { name, args })),
    };
  }

  return {
    forAccount,

    async create({ userId, input }: { userId: string; input: CreateCredential }): Promise<IntegrationConnection> {
      await accounts.requireManager(input.accountId, userId);
      await checkUrl(input);
      const { sealed, settings } = split(input);
      const id = newId('icn');
      await repo.insert({
        id,
        accountId: input.accountId,
        provider: input.kind,
        // A credential is its own external account: two keys of one service are two connections.
        externalId: id,
        name: input.name,
        scopes: [],
        status: 'connected',
        accessTokenSealed: box.seal(JSON.stringify(sealed)),
        settings,
        createdBy: userId,
      });
      return full(input.accountId, id);
    },

    /** A new key, token or password (and where it goes) for a credential, its name and uses kept. */
    async replaceSecret({
      connectionId,
      userId,
      input,
    }: {
      connectionId: string;
      userId: string;
      input: CredentialSecret;
    }): Promise<IntegrationConnection> {
      const accountId = await connections.accountForMember(connectionId, userId);
      if (!accountId) throw notFound();
      await accounts.requireManager(accountId, userId);
      const existing = await connections.get(accountId, connectionId);
      if (!existing) throw notFound();
      const provider = existing.connection.provider;
      if (!isCredential(provider) || isOAuthMcp(existing.connection))
        throw new AppError('bad_request', 'This connection signs in with OAuth: reconnect it instead', 'kind');
      if (provider !== input.kind)
        throw new AppError('bad_request', `This connection is a ${CREDENTIAL_KINDS[provider].label}`, 'kind');
      await checkUrl(input);
      const { sealed, settings } = split(input);
      if (
        !(await repo.replaceSecret(accountId, connectionId, {
          accessTokenSealed: box.seal(JSON.stringify(sealed)),
          settings,
        }))
      )
        throw notFound();
      return full(accountId, connectionId);
    },

    /** An MCP server's tools, live, for the account's members (the editor's picker, the Test button). */
    async tools({ connectionId, userId }: { connectionId: string; userId: string }): Promise<McpToolInfo[]> {
      const accountId = await connections.accountForMember(connectionId, userId);
      if (!accountId) throw notFound();
      const row = await connections.get(accountId, connectionId);
      if (!row) throw notFound();
      if (row.connection.provider !== 'mcp')
        throw new AppError('bad_request', 'This connection is not an MCP server', 'connectionId');
      try {
        return await forAccount(accountId).mcpTools(connectionId);
      } catch (error) {
        if (error instanceof StepError) throw new AppError('bad_request', error.message);
        throw error;
      }
    },
  };
}

export type CredentialService = ReturnType<typeof credentialService>;
