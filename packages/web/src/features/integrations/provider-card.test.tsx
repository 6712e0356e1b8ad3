import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotConfigured } from './provider-card';

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
});
