import { z } from 'zod';
import { INTEGRATION_PROVIDER_IDS, OAUTH_CALLBACK_IDS } from './integrations/provider-ids';

/**
 * Integrations contract (REST under /api/integrations). An account connects external services
 * through OAuth 2.0 (authorization code with PKCE); the tokens are sealed on the server and never
 * come back: a connection says only who it is at the provider and whether it still works.
 */

export const IntegrationProviderId = z.enum(INTEGRATION_PROVIDER_IDS);
export type IntegrationProviderId = z.infer<typeof IntegrationProviderId>;

export const INTEGRATION_PROVIDERS: Record<IntegrationProviderId, { label: string; description: string }> = {
  slack: { label: 'Slack', description: 'Send messages to channels and people of a Slack workspace' },
  notion: { label: 'Notion', description: 'Search, create and update pages and databases of a Notion workspace' },
  google: {
    label: 'Google Calendar',
    description: 'List, create, update and delete events, and ask when people are busy',
  },
  oauth2: {
    label: 'OAuth 2.0 app',
    description: 'A service of your organisation that signs in with OAuth 2.0, set up by the server’s operator',
  },
  twitter: { label: 'X', description: 'Post, reply and delete posts on an X account, and look people up' },
  linkedin: { label: 'LinkedIn', description: 'Publish posts as a LinkedIn member and read their profile' },
};

/**
 * Connections made with a secret the user types in rather than through OAuth: credentials for any
 * HTTP API, and Model Context Protocol servers. The secret is sealed on the server like a token.
 */
export const CredentialKind = z.enum(['api_key', 'bearer', 'basic', 'mcp']);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const CREDENTIAL_KINDS: Record<CredentialKind, { label: string; description: string }> = {
  api_key: { label: 'API key', description: 'A key sent in a header or a query parameter of your choice' },
  bearer: { label: 'Bearer token', description: 'A token sent as Authorization: Bearer' },
  basic: { label: 'Basic auth', description: 'A user name and password sent as Authorization: Basic' },
  mcp: {
    label: 'MCP server',
    description: 'A Model Context Protocol server over streamable HTTP: its tools become flow steps and agent tools',
  },
};

/** Every kind of connection: OAuth providers and credentials. */
export const ConnectionProvider = z.enum([...IntegrationProviderId.options, ...CredentialKind.options]);
export type ConnectionProvider = z.infer<typeof ConnectionProvider>;

/** The connections the HTTP request step can sign its requests with. */
export const HTTP_CREDENTIAL_PROVIDERS: readonly ConnectionProvider[] = ['api_key', 'bearer', 'basic', 'oauth2'];

export const ApiKeyPlacement = z.enum(['header', 'query']);
export type ApiKeyPlacement = z.infer<typeof ApiKeyPlacement>;

/** How an MCP server connection signs its requests: a token typed in (or none), or an OAuth sign-in. */
export const McpAuth = z.enum(['token', 'oauth']);
export type McpAuth = z.infer<typeof McpAuth>;

/** What a credential connection keeps besides its secret; none of it is secret. */
export const ConnectionSettings = z.object({
  placement: ApiKeyPlacement.optional(),
  paramName: z.string().optional(),
  url: z.string().optional(),
  /** MCP servers: `oauth` when it was signed in to, and is reconnected rather than given a new token. */
  auth: McpAuth.optional(),
});
export type ConnectionSettings = z.infer<typeof ConnectionSettings>;

export const ConnectionStatus = z.enum(['connected', 'needs_reconnect', 'revoked']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const INTEGRATION_LIMITS = { name: 80, returnTo: 500 } as const;

/** A flow or custom agent of the account that names a connection, by id and name. */
export const ConnectionUser = z.object({ id: z.string(), name: z.string() });
export type ConnectionUser = z.infer<typeof ConnectionUser>;

/** What stops working when a connection goes: flows whose draft or published graph name it, and agents given it. */
export const ConnectionUsage = z.object({ flows: z.array(ConnectionUser), agents: z.array(ConnectionUser) });
export type ConnectionUsage = z.infer<typeof ConnectionUsage>;

export const IntegrationConnection = z.object({
  id: z.string(),
  provider: ConnectionProvider,
  /** The external account's name (a Slack workspace), renamable in the app. */
  name: z.string(),
  scopes: z.array(z.string()),
  status: ConnectionStatus,
  /** Where a credential's secret goes (API key), an MCP server's URL; empty for OAuth connections. */
  settings: ConnectionSettings,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  usedBy: ConnectionUsage,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationConnection = z.infer<typeof IntegrationConnection>;

export const IntegrationProviderInfo = z.object({
  id: IntegrationProviderId,
  label: z.string(),
  description: z.string(),
  /** False until the operator sets the client id and secret. */
  configured: z.boolean(),
  /** The environment variables still to set (empty when configured). */
  missing: z.array(z.string()),
  /** The address to register in the provider's app settings. */
  redirectUri: z.string(),
});
export type IntegrationProviderInfo = z.infer<typeof IntegrationProviderInfo>;

export const IntegrationsResponse = z.object({
  providers: z.array(IntegrationProviderInfo),
  connections: z.array(IntegrationConnection),
  /** Whether this user may connect, rename and disconnect (owners and admins). */
  canManage: z.boolean(),
});
export type IntegrationsResponse = z.infer<typeof IntegrationsResponse>;

/** An app path to come back to: never another origin (an open redirect). */
const ReturnTo = z
  .string()
  .max(INTEGRATION_LIMITS.returnTo)
  .regex(/^\/(?![/\\])/, 'Give a path of this app, such as /integrations');

export const ConnectIntegration = z.object({
  accountId: z.string().min(1),
  returnTo: ReturnTo.default('/integrations'),
});
export type ConnectIntegration = z.input<typeof ConnectIntegration>;

export const ConnectIntegrationResponse = z.object({ authorizeUrl: z.string() });
export type ConnectIntegrationResponse = z.infer<typeof ConnectIntegrationResponse>;

/** Who sends the browser back to /integrations/callback/:provider. */
export const OAuthCallbackProvider = z.enum(OAUTH_CALLBACK_IDS);
export type OAuthCallbackProvider = z.infer<typeof OAuthCallbackProvider>;

/** What the provider sent back to the callback page. */
export const CompleteIntegration = z.object({
  provider: OAuthCallbackProvider,
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});
export type CompleteIntegration = z.infer<typeof CompleteIntegration>;

export const CompleteIntegrationResponse = z.object({
  connection: IntegrationConnection,
  accountId: z.string(),
  returnTo: z.string(),
});
export type CompleteIntegrationResponse = z.infer<typeof CompleteIntegrationResponse>;

export const RenameConnection = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(INTEGRATION_LIMITS.name),
});
export type RenameConnection = z.infer<typeof RenameConnection>;

/** The message a step or a card shows when the provider no longer accepts the connection. */
export const reconnectMessage = (providerLabel: string, name: string) =>
  `Reconnect ${providerLabel} (${name}) in Integrations`;

const secretText = (what: string) => z.string().min(1, `Enter the ${what}`).max(4000, `The ${what} is too long`);
/** RFC 9110 token characters: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      return ['http:', 'https:'].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  }, 'Enter an address starting with https:// or http://');

const credentialVariants = {
  api_key: z.object({
    kind: z.literal('api_key'),
    placement: ApiKeyPlacement,
    paramName: z.string().trim().min(1, 'Enter the header or parameter name').max(100),
    key: secretText('key'),
  }),
  bearer: z.object({ kind: z.literal('bearer'), token: secretText('token') }),
  basic: z.object({
    kind: z.literal('basic'),
    username: z
      .string()
      .min(1, 'Enter the user name')
      .max(200)
      .regex(/^[^:]*$/, 'A user name cannot hold ":"'),
    password: z.string().max(1000),
  }),
  mcp: z.object({ kind: z.literal('mcp'), url: httpUrl, token: z.string().max(4000).optional() }),
};

const headerNameCheck = <T extends { kind: string; placement?: string; paramName?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.kind === 'api_key' && value.placement === 'header' && !HEADER_NAME.test(value.paramName ?? ''))
    ctx.addIssue({ code: 'custom', path: ['paramName'], message: 'A header name holds letters, digits and - only' });
};

/** A credential's secret (and where it goes): to create one, or to replace what a connection has. */
export const CredentialSecret = z
  .discriminatedUnion('kind', [
    credentialVariants.api_key,
    credentialVariants.bearer,
    credentialVariants.basic,
    credentialVariants.mcp,
  ])
  .superRefine(headerNameCheck);
export type CredentialSecret = z.infer<typeof CredentialSecret>;

const credentialBase = {
  accountId: z.string().min(1),
  name: z.string().trim().min(1, 'Enter a name').max(INTEGRATION_LIMITS.name),
};
export const CreateCredential = z
  .discriminatedUnion('kind', [
    credentialVariants.api_key.extend(credentialBase),
    credentialVariants.bearer.extend(credentialBase),
    credentialVariants.basic.extend(credentialBase),
    credentialVariants.mcp.extend(credentialBase),
  ])
  .superRefine(headerNameCheck);
export type CreateCredential = z.infer<typeof CreateCredential>;

/** Signs in to an MCP server with OAuth: its URL and the connection's name; the consent page comes next. */
export const ConnectMcpServer = ConnectIntegration.extend({
  name: z.string().trim().min(1, 'Enter a name').max(INTEGRATION_LIMITS.name),
  url: httpUrl,
});
export type ConnectMcpServer = z.input<typeof ConnectMcpServer>;

/** Signs in again to the MCP server of a connection (its URL, name and uses kept). */
export const ReconnectConnection = z.object({ returnTo: ReturnTo.default('/integrations') });
export type ReconnectConnection = z.input<typeof ReconnectConnection>;

/** A tool an MCP server offers; `readOnly` from its `readOnlyHint` (writing is assumed without one). */
export const McpToolInfo = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  readOnly: z.boolean(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type McpToolInfo = z.infer<typeof McpToolInfo>;

export const McpToolsResponse = z.object({ tools: z.array(McpToolInfo) });
export type McpToolsResponse = z.infer<typeof McpToolsResponse>;

/** A provider connection tested live: who the provider says its token acts as now. */
export const ConnectionTestResponse = z.object({
  /** The workspace, handle, member or calendar owner the provider named, as it names it now. */
  actsAs: z.string(),
  checkedAt: z.string(),
});
export type ConnectionTestResponse = z.infer<typeof ConnectionTestResponse>;
const counted = (users: ConnectionUser[], one: string, many: string) =>
  `${users.length} ${users.length === 1 ? one : many}: ${users.map((user) => user.name).join(', ')}`;

/** "2 flows use it: Alerts, Digest. 1 agent uses it: Helper." or "" when nothing uses it. */
export function connectionUsageText(usage: ConnectionUsage): string {
  const parts: string[] = [];
  if (usage.flows.length > 0) parts.push(`${counted(usage.flows, 'flow uses it', 'flows use it')}.`);
  if (usage.agents.length > 0) parts.push(`${counted(usage.agents, 'agent uses it', 'agents use it')}.`);
  return parts.join(' ');
}
