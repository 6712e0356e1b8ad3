import type { IntegrationConnection, IntegrationProviderInfo } from '@flowmind/shared/integrations';

/** A connection as the server lists it, for tests of what the web makes of the list. */
export const listedConnection = (
  id: string,
  provider: string,
  name: string,
  status: IntegrationConnection['status'] = 'connected',
): IntegrationConnection => ({
  id,
  provider: provider as IntegrationConnection['provider'],
  name,
  scopes: [],
  status,
  settings: {},
  createdBy: null,
  usedBy: { flows: [], agents: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Slack as a server set up for it lists it. */
export const configuredSlack: IntegrationProviderInfo = {
  id: 'slack',
  label: 'Slack',
  description: '',
  configured: true,
  missing: [],
  redirectUri: 'https://flows.example.com/integrations/callback/slack',
};
