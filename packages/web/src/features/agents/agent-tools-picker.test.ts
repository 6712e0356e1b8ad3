import type { IntegrationConnection, IntegrationsResponse } from '@flowmind/shared/integrations';
import { describe, expect, it } from 'vitest';
import { toolConnections } from './agent-tools-picker';

const connection = (
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

const data: IntegrationsResponse = {
  providers: [
    {
      id: 'slack',
      label: 'Slack',
      description: '',
      configured: true,
      missing: [],
      redirectUri: 'https://flows.example.com/integrations/callback/slack',
    },
  ],
  connections: [
    connection('icn_1', 'slack', 'Acme'),
    connection('icn_2', 'slack', 'Old team', 'needs_reconnect'),
    connection('icn_3', 'mcp', 'Orders'),
    connection('icn_4', 'api_key', 'Billing key'),
  ],
  canManage: true,
};

describe('connections in the agent tools picker', () => {
  it('lists those with actions or tools, with their service and whether they need reconnecting', () => {
    expect(
      toolConnections(data, '').map(({ id, name, service, needsReconnect }) => ({ id, name, service, needsReconnect })),
    ).toEqual([
      { id: 'icn_1', name: 'Acme', service: 'Slack', needsReconnect: false },
      { id: 'icn_2', name: 'Old team', service: 'Slack', needsReconnect: true },
      { id: 'icn_3', name: 'Orders', service: 'MCP server', needsReconnect: false },
    ]);
  });

  it('finds them by name or by service', () => {
    expect(toolConnections(data, 'mcp').map((item) => item.id)).toEqual(['icn_3']);
    expect(toolConnections(data, 'acme').map((item) => item.id)).toEqual(['icn_1']);
    expect(toolConnections(data, 'billing')).toEqual([]);
  });
});
