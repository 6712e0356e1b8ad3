import { GOOGLE_SCOPES } from '@flowmind/shared/integrations/google';
import { LINKEDIN_SCOPES } from '@flowmind/shared/integrations/linkedin';
import { NOTION_SCOPES } from '@flowmind/shared/integrations/notion';
import { SLACK_SCOPES } from '@flowmind/shared/integrations/slack';
import { X_SCOPES } from '@flowmind/shared/integrations/x';
import { z } from 'zod';
import { blankAsUnset } from './config-values';

// A part of config.ts: the environment is parsed there and in its parts, nowhere else.

/** OAuth apps of the services accounts connect to; every URL overridable (proxies, test servers). */
export const IntegrationsEnv = z.object({
  SLACK_CLIENT_ID: blankAsUnset,
  SLACK_CLIENT_SECRET: blankAsUnset,
  SLACK_AUTHORIZE_URL: z.url().default('https://slack.com/oauth/v2/authorize'),
  SLACK_TOKEN_URL: z.url().default('https://slack.com/api/oauth.v2.access'),
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  /** Checks the events Slack sends (Events API); without it, Slack triggers read their channel every minute. */
  SLACK_SIGNING_SECRET: blankAsUnset,
  NOTION_CLIENT_ID: blankAsUnset,
  NOTION_CLIENT_SECRET: blankAsUnset,
  NOTION_AUTHORIZE_URL: z.url().default('https://api.notion.com/v1/oauth/authorize'),
  NOTION_TOKEN_URL: z.url().default('https://api.notion.com/v1/oauth/token'),
  NOTION_API_URL: z.url().default('https://api.notion.com'),
  /** X (Twitter): a confidential client of the X developer portal (OAuth 2.0 with PKCE). */
  X_CLIENT_ID: blankAsUnset,
  X_CLIENT_SECRET: blankAsUnset,
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  X_TOKEN_URL: z.url().default('https://api.x.com/2/oauth2/token'),
  X_API_URL: z.url().default('https://api.x.com'),
  LINKEDIN_CLIENT_ID: blankAsUnset,
  LINKEDIN_CLIENT_SECRET: blankAsUnset,
  LINKEDIN_AUTHORIZE_URL: z.url().default('https://www.linkedin.com/oauth/v2/authorization'),
  LINKEDIN_TOKEN_URL: z.url().default('https://www.linkedin.com/oauth/v2/accessToken'),
  LINKEDIN_API_URL: z.url().default('https://api.linkedin.com'),
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^\d{6}$/, 'Give a LinkedIn API version as YYYYMM, such as 202601')
    .default('202601'),
  /** The sign-in with Google's OAuth client, also Google Calendar's: register its redirect URI there too. */
  GOOGLE_CLIENT_ID: blankAsUnset,
  GOOGLE_CLIENT_SECRET: blankAsUnset,
  GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  /** Any OAuth 2.0 server (authorization code with PKCE), for self-hosted services. */
  OAUTH2_CLIENT_ID: blankAsUnset,
  OAUTH2_CLIENT_SECRET: blankAsUnset,
  OAUTH2_AUTHORIZE_URL: z.url().optional(),
  OAUTH2_TOKEN_URL: z.url().optional(),
  /** Space-separated scopes to ask for. */
  OAUTH2_SCOPES: z.string().trim().default(''),
  /** The service's name on the Integrations page. */
  OAUTH2_NAME: z.string().trim().min(1).default('OAuth 2.0 app'),
});

export type OAuthProviderConfig = {
  label: string;
  /** Null until the operator sets everything in `missing`: the card then says what to set. */
  client: { id: string; secret: string } | null;
  /** The environment variables still to set. */
  missing: string[];
  authorizeUrl: string;
  tokenUrl: string;
  /** The provider's API (Slack: auth.revoke on disconnect); null when there is none. */
  apiUrl: string | null;
  /** The API version its versioned endpoints are called with (LinkedIn's YYYYMM). */
  apiVersion?: string;
  scopes: string[];
  /** OpenID userinfo, when the token answer does not name the external account (Google). */
  userinfoUrl?: string;
  /** RFC 7009 revocation, when the provider has its own endpoint for it (Google). */
  revokeUrl?: string;
};

export type IntegrationsConfig = {
  /** `signingSecret`: SLACK_SIGNING_SECRET, which the Events API endpoint needs; null: triggers poll. */
  slack: OAuthProviderConfig & { signingSecret: string | null };
  notion: OAuthProviderConfig;
  google: OAuthProviderConfig;
  oauth2: OAuthProviderConfig;
  twitter: OAuthProviderConfig;
  linkedin: OAuthProviderConfig;
};

function oauthClient(required: Record<string, string | undefined>, id: string | undefined, secret: string | undefined) {
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  return { client: missing.length === 0 && id && secret ? { id, secret } : null, missing };
}

/** The integrations' OAuth apps from the environment (a part of `loadConfig`, usable alone by tests). */
export function integrationsConfig(env: NodeJS.ProcessEnv): IntegrationsConfig {
  const e = IntegrationsEnv.parse(env);
  return {
    slack: {
      label: 'Slack',
      ...oauthClient(
        { SLACK_CLIENT_ID: e.SLACK_CLIENT_ID, SLACK_CLIENT_SECRET: e.SLACK_CLIENT_SECRET },
        e.SLACK_CLIENT_ID,
        e.SLACK_CLIENT_SECRET,
      ),
      authorizeUrl: e.SLACK_AUTHORIZE_URL,
      tokenUrl: e.SLACK_TOKEN_URL,
      apiUrl: e.SLACK_API_URL.replace(/\/+$/, ''),
      scopes: [...SLACK_SCOPES],
      signingSecret: e.SLACK_SIGNING_SECRET ?? null,
    },
    notion: {
      label: 'Notion',
      ...oauthClient(
        { NOTION_CLIENT_ID: e.NOTION_CLIENT_ID, NOTION_CLIENT_SECRET: e.NOTION_CLIENT_SECRET },
        e.NOTION_CLIENT_ID,
        e.NOTION_CLIENT_SECRET,
      ),
      authorizeUrl: e.NOTION_AUTHORIZE_URL,
      tokenUrl: e.NOTION_TOKEN_URL,
      apiUrl: e.NOTION_API_URL.replace(/\/+$/, ''),
      scopes: [...NOTION_SCOPES],
    },
    google: {
      label: 'Google Calendar',
      ...oauthClient(
        { GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET },
        e.GOOGLE_CLIENT_ID,
        e.GOOGLE_CLIENT_SECRET,
      ),
      authorizeUrl: e.GOOGLE_AUTHORIZE_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      apiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ''),
      scopes: [...GOOGLE_SCOPES],
      userinfoUrl: e.GOOGLE_USERINFO_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
    },
    oauth2: {
      label: e.OAUTH2_NAME,
      ...oauthClient(
        {
          OAUTH2_CLIENT_ID: e.OAUTH2_CLIENT_ID,
          OAUTH2_CLIENT_SECRET: e.OAUTH2_CLIENT_SECRET,
          OAUTH2_AUTHORIZE_URL: e.OAUTH2_AUTHORIZE_URL,
          OAUTH2_TOKEN_URL: e.OAUTH2_TOKEN_URL,
        },
        e.OAUTH2_CLIENT_ID,
        e.OAUTH2_CLIENT_SECRET,
      ),
      authorizeUrl: e.OAUTH2_AUTHORIZE_URL ?? '',
      tokenUrl: e.OAUTH2_TOKEN_URL ?? '',
      apiUrl: null,
      scopes: e.OAUTH2_SCOPES.split(/\s+/).filter(Boolean),
    },
    twitter: {
      label: 'X',
      ...oauthClient(
        { X_CLIENT_ID: e.X_CLIENT_ID, X_CLIENT_SECRET: e.X_CLIENT_SECRET },
        e.X_CLIENT_ID,
        e.X_CLIENT_SECRET,
      ),
      authorizeUrl: e.X_AUTHORIZE_URL,
      tokenUrl: e.X_TOKEN_URL,
      apiUrl: e.X_API_URL.replace(/\/+$/, ''),
      scopes: [...X_SCOPES],
    },
    linkedin: {
      label: 'LinkedIn',
      ...oauthClient(
        { LINKEDIN_CLIENT_ID: e.LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET: e.LINKEDIN_CLIENT_SECRET },
        e.LINKEDIN_CLIENT_ID,
        e.LINKEDIN_CLIENT_SECRET,
      ),
      authorizeUrl: e.LINKEDIN_AUTHORIZE_URL,
      tokenUrl: e.LINKEDIN_TOKEN_URL,
      apiUrl: e.LINKEDIN_API_URL.replace(/\/+$/, ''),
      apiVersion: e.LINKEDIN_API_VERSION,
      scopes: [...LINKEDIN_SCOPES],
    },
  };
}
