import type { IntegrationsResponse } from '@flowmind/shared/integrations';
import { describe, expect, it } from 'vitest';
import { configuredSlack, listedConnection } from '../integrations/connection-fixtures';
import { toolConnections } from './agent-tools-picker';

const data: IntegrationsResponse = {
  providers: [configuredSlack],
  connections: [
    listedConnection('icn_1', 'slack', 'Acme'),
    listedConnection('icn_2', 'slack', 'Old team', 'needs_reconnect'),
    listedConnection('icn_3', 'mcp', 'Orders'),
    listedConnection('icn_4', 'api_key', 'Billing key'),
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
