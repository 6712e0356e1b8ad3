import type { IntegrationsResponse } from '@flowmind/shared/integrations';
import { describe, expect, it } from 'vitest';
import { configuredSlack, listedConnection } from './connection-fixtures';
import { reconnectNotices } from './reconnect-notices';

describe('reconnectNotices', () => {
  it('names each connection its service refused, by the service’s label, and nothing that works', () => {
    const data: IntegrationsResponse = {
      providers: [configuredSlack],
      connections: [
        listedConnection('icn_1', 'slack', 'Acme', 'needs_reconnect'),
        listedConnection('icn_2', 'slack', 'Beta'),
        listedConnection('icn_3', 'mcp', 'Orders', 'needs_reconnect'),
      ],
      canManage: true,
    };
    expect(reconnectNotices(data)).toEqual([
      'Reconnect Slack (Acme) in Integrations',
      'Reconnect MCP server (Orders) in Integrations',
    ]);
  });
});
