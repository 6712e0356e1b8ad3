import { z } from 'zod';

/**
 * Integrations contract (REST under /api/integrations). An account connects external services
 * through OAuth 2.0 (authorization code with PKCE); the tokens are sealed on the server and never
 * come back: a connection says only who it is at the provider and whether it still works.
 */

export const IntegrationProviderId = z.enum(['slack', 'oauth2']);
export type IntegrationProviderId = z.infer<typeof IntegrationProviderId>;

export const INTEGRATION_PROVIDERS: Record<IntegrationProviderId, { label: string; description: string }> = {
  slack: { label: 'Slack', description: 'Send messages to channels and people of a Slack workspace' },
  oauth2: {
    label: 'OAuth 2.0 app',
    description: 'A service of your organisation that signs in with OAuth 2.0, set up by the server’s operator',
  },
};

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
  provider: IntegrationProviderId,
  /** The external account's name (a Slack workspace), renamable in the app. */
  name: z.string(),
  scopes: z.array(z.string()),
  status: ConnectionStatus,
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

/** What the provider sent back to the callback page. */
export const CompleteIntegration = z.object({
  provider: IntegrationProviderId,
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

const counted = (users: ConnectionUser[], one: string, many: string) =>
  `${users.length} ${users.length === 1 ? one : many}: ${users.map((user) => user.name).join(', ')}`;

/** "2 flows use it: Alerts, Digest. 1 agent uses it: Helper." or "" when nothing uses it. */
export function connectionUsageText(usage: ConnectionUsage): string {
  const parts: string[] = [];
  if (usage.flows.length > 0) parts.push(`${counted(usage.flows, 'flow uses it', 'flows use it')}.`);
  if (usage.agents.length > 0) parts.push(`${counted(usage.agents, 'agent uses it', 'agents use it')}.`);
  return parts.join(' ');
}
