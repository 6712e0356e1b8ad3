import type { IntegrationConnection, IntegrationsResponse } from '@flowmind/shared/integrations';
import { describe, expect, it } from 'vitest';
import { reconnectNotices } from './reconnect-notices';

const connection = (
  provider: IntegrationConnection['provider'],
  name: string,
  status: IntegrationConnection['status'],
): IntegrationConnection => ({
  id: `icn_${name}`,
  provider,
  name,
  scopes: [],
  status,
  settings: {},
  createdBy: null,
  usedBy: { flows: [], agents: [] },
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

describe('reconnectNotices', () => {
  it('names each connection its service refused, by the service’s label, and nothing that works', () => {
    const data = {
      providers: [
        {
          id: 'slack',
          label: 'Slack',
          description: '',
          configured: true,
          missing: [],
          redirectUri: 'http://localhost/integrations/callback/slack',
        },
      ],
      connections: [
        connection('slack', 'Acme', 'needs_reconnect'),
        connection('slack', 'Beta', 'connected'),
        connection('mcp', 'Orders', 'needs_reconnect'),
      ],
      canManage: true,
    } as IntegrationsResponse;
    expect(reconnectNotices(data)).toEqual([
      'Reconnect Slack (Acme) in Integrations',
      'Reconnect MCP server (Orders) in Integrations',
    ]);
  });
});
