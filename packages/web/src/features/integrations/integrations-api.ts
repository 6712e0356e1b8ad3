import type {
  CompleteIntegration,
  CompleteIntegrationResponse,
  ConnectIntegrationResponse,
  IntegrationConnection,
  IntegrationProviderId,
  IntegrationsResponse,
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
  complete: (input: CompleteIntegration) =>
    api<CompleteIntegrationResponse>('/api/integrations/complete', { method: 'POST', body: input }),
  rename: ({ connectionId, name }: { connectionId: string; name: string }) =>
    api<IntegrationConnection>(connectionPath(connectionId), { method: 'PATCH', body: { name } }),
  disconnect: (connectionId: string) => api<void>(connectionPath(connectionId), { method: 'DELETE' }),
  options: ({ connectionId, list }: { connectionId: string; list: string }) =>
    api<ConnectionOptionsResponse>(`${connectionPath(connectionId)}/options/${encodeURIComponent(list)}`),
};

export const integrationsKey = (accountId: string | null) => ['integrations', accountId] as const;

export function useIntegrations(accountId: string) {
  return useQuery({ queryKey: integrationsKey(accountId), queryFn: () => integrationsApi.list(accountId) });
}

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

/** Connect (and reconnect) leave for the provider's consent page; rename and disconnect refresh the list. */
export function useIntegrationActions(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationsKey(accountId) });
  return {
    connect: useMutation({
      mutationFn: (provider: IntegrationProviderId) =>
        integrationsApi.connect({ provider, accountId, returnTo: '/integrations' }),
      onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    }),
    rename: useMutation({ mutationFn: integrationsApi.rename, onSuccess: refresh }),
    disconnect: useMutation({ mutationFn: integrationsApi.disconnect, onSettled: refresh }),
  };
}

export type IntegrationActions = ReturnType<typeof useIntegrationActions>;
