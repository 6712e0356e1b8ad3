import {
  type CompleteIntegration,
  type CompleteIntegrationResponse,
  type ConnectIntegrationResponse,
  type ConnectionTestResponse,
  type ConnectMcpServer,
  CREDENTIAL_KINDS,
  type CreateCredential,
  type CredentialKind,
  type CredentialSecret,
  type IntegrationConnection,
  type IntegrationProviderId,
  type IntegrationsResponse,
  type McpToolsResponse,
} from '@flowmind/shared/integrations';
import type { ConnectionOptionsResponse } from '@flowmind/shared/integrations/define-integration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const connectionPath = (connectionId: string) => `/api/integrations/connections/${encodeURIComponent(connectionId)}`;

/** Every call the Integrations page and the callback pages make. Tokens never reach the browser. */
export const integrationsApi = {
  list: (accountId: string) => api<IntegrationsResponse>(`/api/integrations?${new URLSearchParams({ accountId })}`),
  connect: ({
    provider,
    accountId,
    returnTo,
  }: {
    provider: IntegrationProviderId;
    accountId: string;
    returnTo: string;
  }) =>
    api<ConnectIntegrationResponse>(`/api/integrations/${provider}/connect`, {
      method: 'POST',
      body: { accountId, returnTo },
    }),
  connectMcp: (input: ConnectMcpServer) =>
    api<ConnectIntegrationResponse>('/api/integrations/mcp/connect', { method: 'POST', body: input }),
  reconnect: (connectionId: string) =>
    api<ConnectIntegrationResponse>(`${connectionPath(connectionId)}/reconnect`, {
      method: 'POST',
      body: { returnTo: '/integrations' },
    }),
  complete: (input: CompleteIntegration) =>
    api<CompleteIntegrationResponse>('/api/integrations/complete', { method: 'POST', body: input }),
  rename: ({ connectionId, name }: { connectionId: string; name: string }) =>
    api<IntegrationConnection>(connectionPath(connectionId), { method: 'PATCH', body: { name } }),
  disconnect: (connectionId: string) => api<void>(connectionPath(connectionId), { method: 'DELETE' }),
  options: ({ connectionId, list }: { connectionId: string; list: string }) =>
    api<ConnectionOptionsResponse>(`${connectionPath(connectionId)}/options/${encodeURIComponent(list)}`),
  createCredential: (input: CreateCredential) =>
    api<IntegrationConnection>('/api/integrations/credentials', { method: 'POST', body: input }),
  replaceSecret: ({ connectionId, secret }: { connectionId: string; secret: CredentialSecret }) =>
    api<IntegrationConnection>(`${connectionPath(connectionId)}/secret`, { method: 'PUT', body: secret }),
  mcpTools: (connectionId: string) => api<McpToolsResponse>(`${connectionPath(connectionId)}/tools`),
  test: (connectionId: string) =>
    api<ConnectionTestResponse>(`${connectionPath(connectionId)}/test`, { method: 'POST' }),
};

export const integrationsKey = (accountId: string | null) => ['integrations', accountId] as const;

/** The account's services and connections; none asked for while `accountId` is null. */
export function useIntegrations(accountId: string | null, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: integrationsKey(accountId),
    queryFn: () => integrationsApi.list(accountId as string),
    enabled: accountId !== null,
    refetchInterval,
  });
}

/** What a connection's service is called: the server's label for a provider, else the credential kind's. */
export const serviceLabel = (provider: string, providers: IntegrationsResponse['providers']) =>
  providers.find((info) => info.id === provider)?.label ??
  CREDENTIAL_KINDS[provider as CredentialKind]?.label ??
  provider;

/** A list the live connection gives (Slack channels…) for a picker; read once a minute at most. */
export function useConnectionOptions({ connectionId, list }: { connectionId: string | null; list: string }) {
  return useQuery({
    queryKey: ['integrations', 'options', connectionId, list],
    queryFn: () => integrationsApi.options({ connectionId: connectionId as string, list }),
    enabled: Boolean(connectionId),
    staleTime: 60_000,
    retry: false,
  });
}

const toConsent = ({ authorizeUrl }: ConnectIntegrationResponse) => window.location.assign(authorizeUrl);

/** Connect (and reconnect) leave for the provider's consent page; rename and disconnect refresh the list. */
export function useIntegrationActions(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationsKey(accountId) });
  return {
    connect: useMutation({
      mutationFn: (provider: IntegrationProviderId) =>
        integrationsApi.connect({ provider, accountId, returnTo: '/integrations' }),
      onSuccess: toConsent,
    }),
    connectMcp: useMutation({ mutationFn: integrationsApi.connectMcp, onSuccess: toConsent }),
    reconnect: useMutation({ mutationFn: integrationsApi.reconnect, onSuccess: toConsent }),
    rename: useMutation({ mutationFn: integrationsApi.rename, onSuccess: refresh }),
    disconnect: useMutation({ mutationFn: integrationsApi.disconnect, onSettled: refresh }),
    createCredential: useMutation({ mutationFn: integrationsApi.createCredential, onSuccess: refresh }),
    replaceSecret: useMutation({ mutationFn: integrationsApi.replaceSecret, onSuccess: refresh }),
  };
}

export type IntegrationActions = ReturnType<typeof useIntegrationActions>;

/**
 * One connection's Test: asks its service who the token acts as. The list is read again after,
 * since a token the service refused has just been marked for reconnecting.
 */
export function useConnectionTest(accountId: string, connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => integrationsApi.test(connectionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKey(accountId) }),
  });
}

/** An MCP server's tools, asked for live only when `enabled` (the Test button, a step's tool picker). */
export function useMcpTools(connectionId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['integrations', 'mcp-tools', connectionId],
    queryFn: () => integrationsApi.mcpTools(connectionId as string),
    enabled: enabled && Boolean(connectionId),
    retry: false,
    staleTime: 30_000,
  });
}
