import type { IntegrationConnection } from '@flowmind/shared/integrations';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConnectionUsedBy } from './connection-used-by';
import { connectionNoun, disconnectWarning, NotConfigured } from './provider-card';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('NotConfigured', () => {
  it('says exactly what the operator must set, and the redirect URI to register', () => {
    const shown = text(
      renderToStaticMarkup(
        <NotConfigured
          provider={{
            id: 'slack',
            label: 'Slack',
            description: '',
            configured: false,
            missing: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
            redirectUri: 'https://flows.example.com/integrations/callback/slack',
          }}
        />,
      ),
    );
    expect(shown).toContain(
      "The server's operator must set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET in the server's environment, and register this redirect URI with Slack:",
    );
    expect(shown).toContain('https://flows.example.com/integrations/callback/slack');
  });

  it('gives X’s callback address, whose provider id is twitter', () => {
    const shown = text(
      renderToStaticMarkup(
        <NotConfigured
          provider={{
            id: 'twitter',
            label: 'X',
            description: '',
            configured: false,
            missing: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
            redirectUri: 'https://flows.example.com/integrations/callback/twitter',
          }}
        />,
      ),
    );
    expect(shown).toContain(
      "The server's operator must set X_CLIENT_ID and X_CLIENT_SECRET in the server's environment, and register this redirect URI with X:",
    );
    expect(shown).toContain('https://flows.example.com/integrations/callback/twitter');
  });
});

const acme = (usedBy: IntegrationConnection['usedBy']): IntegrationConnection => ({
  id: 'icn_1',
  provider: 'slack',
  name: 'Acme',
  scopes: [],
  status: 'connected',
  settings: {},
  createdBy: null,
  usedBy,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const twoFlowsOneAgent = {
  flows: [
    { id: 'flw_1', name: 'Alerts' },
    { id: 'flw_2', name: 'Digest' },
  ],
  agents: [{ id: 'agt_1', name: 'Helper' }],
};

describe('disconnecting a connection', () => {
  it('names what uses it before it goes', () => {
    expect(disconnectWarning('Slack', acme(twoFlowsOneAgent))).toBe(
      '2 flows use it: Alerts, Digest. 1 agent uses it: Helper. They fail until they are given another connection. Its tokens are deleted from this server. To use Slack again, connect it again.',
    );
    expect(disconnectWarning('Slack', acme({ flows: [{ id: 'flw_1', name: 'Alerts' }], agents: [] }))).toBe(
      '1 flow uses it: Alerts. They fail until they are given another connection. Its tokens are deleted from this server. To use Slack again, connect it again.',
    );
  });

  it('says only what happens to the tokens when nothing uses it', () => {
    expect(disconnectWarning('Slack', acme({ flows: [], agents: [] }))).toBe(
      'Its tokens are deleted from this server. To use Slack again, connect it again.',
    );
  });
});

describe('ConnectionUsedBy', () => {
  const shown = (usage: IntegrationConnection['usedBy']) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <ConnectionUsedBy usage={usage} />
      </MemoryRouter>,
    );

  it('links each flow that uses the connection and names the agents', () => {
    const html = shown(twoFlowsOneAgent);
    expect(text(html)).toBe('Used by 2 flows Alerts, Digest and agent Helper');
    expect(html).toContain('href="/flows/flw_1"');
    expect(html).toContain('href="/flows/flw_2"');
  });

  it('says when nothing uses it', () => {
    expect(text(shown({ flows: [], agents: [] }))).toBe('Not used by any flow or agent');
  });
});

describe('what a connection is called', () => {
  it('is a Google account, and a workspace elsewhere', () => {
    expect(connectionNoun('google')).toBe('account');
    expect(connectionNoun('slack')).toBe('workspace');
  });
});
