import { GOOGLE_SCOPES } from '@flowmind/shared/integrations/google';
import { LINKEDIN_SCOPES } from '@flowmind/shared/integrations/linkedin';
import { NOTION_SCOPES } from '@flowmind/shared/integrations/notion';
import { SLACK_SCOPES } from '@flowmind/shared/integrations/slack';
import { X_SCOPES } from '@flowmind/shared/integrations/x';
import { z } from 'zod';
import { parseAllowHost } from './net/address-policy';

/** A comma-separated list, blanks dropped. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The project's public repository, unless the operator names another (a fork, a mirror). */
export const DEFAULT_REPOSITORY_URL = 'https://github.com/flowmind/flowmind';

const blankAsUnset = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The server's own AI providers, offered to every account besides the account's own. */
const AiEnv = z.object({
  /** Any server speaking the OpenAI chat completions API (OpenAI itself when only the key is set). */
  OPENAI_BASE_URL: blankAsUnset,
  OPENAI_API_KEY: blankAsUnset,
  /** The model of OPENAI_* used when a step or chat names none. */
  FLOWMIND_AI_MODEL: blankAsUnset,
  ANTHROPIC_API_KEY: blankAsUnset,
  ANTHROPIC_BASE_URL: blankAsUnset,
  /** The Anthropic models offered, comma-separated. */
  FLOWMIND_ANTHROPIC_MODELS: blankAsUnset,
});

/** Where prompts go: any server speaking the OpenAI chat completions API. */
export type AiProviderConfig = {
  baseUrl: string;
  apiKey?: string;
  /** Used when a step names no model. */
  model: string;
  /** Shown in errors and logs ("openai", "ollama"…). */
  name?: string;
};

export type AiServerConfig = {
  openai: AiProviderConfig | null;
  anthropic: { apiKey: string; baseUrl: string | null; models: string[] } | null;
};

const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_ANTHROPIC_MODELS = ['claude-sonnet-4-5', 'claude-haiku-4-5'];

/** The server's AI providers from its environment (a part of `loadConfig`, usable alone by tests). */
export function aiServerConfig(env: NodeJS.ProcessEnv): AiServerConfig {
  const e = AiEnv.parse(env);
  const anthropicModels = listOf(e.FLOWMIND_ANTHROPIC_MODELS ?? '');
  return {
    openai:
      e.OPENAI_BASE_URL || e.OPENAI_API_KEY
        ? {
            baseUrl: e.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL,
            apiKey: e.OPENAI_API_KEY,
            model: e.FLOWMIND_AI_MODEL ?? DEFAULT_OPENAI_MODEL,
            name: 'openai',
          }
        : null,
    anthropic: e.ANTHROPIC_API_KEY
      ? {
          apiKey: e.ANTHROPIC_API_KEY,
          baseUrl: e.ANTHROPIC_BASE_URL ?? null,
          models: anthropicModels.length > 0 ? anthropicModels : DEFAULT_ANTHROPIC_MODELS,
        }
      : null,
  };
}

/** OAuth apps of the services accounts connect to; every URL overridable (proxies, test servers). */
const IntegrationsEnv = z.object({
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

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  FLOWMIND_DATA_DIR: z.string().default('./data'),
  FLOWMIND_SECRET: z.string().min(32, 'FLOWMIND_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Flowmind <no-reply@localhost>'),
  /** Where the Community and Feedback pages send people for the source and the issue tracker. */
  FLOWMIND_REPOSITORY_URL: z
    .url({ protocol: /^https?$/, error: 'FLOWMIND_REPOSITORY_URL must be an http(s) address' })
    .default(DEFAULT_REPOSITORY_URL),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FLOWMIND_SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Which reverse proxies to believe about the client's address: off, a hop count, or addresses/CIDRs. */
  FLOWMIND_TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((value) => /^(off|false|\d+|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/.test(value), {
      message: 'FLOWMIND_TRUST_PROXY is off, a number of proxies, or a comma list of addresses and CIDR ranges',
    }),
  FLOWMIND_WEB_DIST: z.string().optional(),
  /** Port of the SMTP server that takes mail for email-triggered flows; off when unset. */
  SMTP_INBOUND_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The domain of flows' inbound addresses (default: APP_URL's host). */
  FLOWMIND_INBOUND_DOMAIN: z.string().optional(),
  FLOWMIND_HTTP_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** `host` (any port) or `host:port` entries that requests from flows and AI providers may reach. */
  FLOWMIND_HTTP_ALLOW_HOSTS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      for (const entry of listOf(value))
        try {
          parseAllowHost(entry);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
    }),
  /** Loopback ports an account's AI provider may use without an allow-hosts entry (Ollama, LM Studio); empty: none. */
  FLOWMIND_AI_LOCAL_PORTS: z
    .string()
    .default('11434,1234')
    .refine(
      (value) => listOf(value).every((port) => /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535),
      'FLOWMIND_AI_LOCAL_PORTS takes port numbers separated by commas, such as 11434,1234',
    ),
  /** How long a worker's claim on a running execution lasts without a heartbeat. */
  FLOWMIND_EXECUTION_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  FLOWMIND_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).default(10),
  /** Finished executions (with their steps' data) are deleted after this many days. */
  FLOWMIND_EXECUTION_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** Executions one worker process runs at once. */
  FLOWMIND_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(50),
  /** The longest a code step may run; its timeout setting cannot go above it. */
  FLOWMIND_CODE_TIMEOUT_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Worker threads that run code steps and expressions (default: cores + 1, at most 8). */
  FLOWMIND_SANDBOX_WORKERS: z.coerce.number().int().min(2).max(64).optional(),
  /** Sandbox time (code steps and expressions) one execution may use in a process. */
  FLOWMIND_EXECUTION_SANDBOX_MS: z.coerce.number().int().min(1000).default(300_000),
  ...AiEnv.shape,
  ...IntegrationsEnv.shape,
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  database: { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };
  /** Signs sessions; from FLOWMIND_SECRET, else kept in the data folder (embedded mode only). */
  secret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** FLOWMIND_REPOSITORY_URL: the source and issue tracker the Community and Feedback pages link to. */
  repositoryUrl: string;
  google: { clientId: string; clientSecret: string } | null;
  logLevel: string;
  /** Sign-in attempts allowed per IP per minute. */
  signInRateLimit: number;
  /** Fastify's `trustProxy`: false, how many proxies in front, or the proxies' addresses. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  webDist: string | null;
  ai: AiServerConfig;
  integrations: IntegrationsConfig;
  flows: {
    inboundPort: number | null;
    inboundDomain: string;
    allowPrivateHttp: boolean;
    allowHosts: string[];
    /** Loopback ports open to accounts' AI providers (not to HTTP steps). */
    aiLocalPorts: number[];
    leaseMs: number;
    accountConcurrency: number;
    workerConcurrency: number;
    retentionDays: number;
    sandbox: { workers: number | undefined; codeTimeoutMaxMs: number; executionBudgetMs: number };
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'embedded', dataDir: e.FLOWMIND_DATA_DIR },
    secret: e.FLOWMIND_SECRET ?? null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    repositoryUrl: e.FLOWMIND_REPOSITORY_URL.replace(/\/+$/, ''),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.FLOWMIND_SIGNIN_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.FLOWMIND_TRUST_PROXY),
    webDist: e.FLOWMIND_WEB_DIST ?? null,
    ai: aiServerConfig(env),
    integrations: integrationsConfig(env),
    flows: {
      inboundPort: e.SMTP_INBOUND_PORT ?? null,
      inboundDomain: e.FLOWMIND_INBOUND_DOMAIN ?? new URL(appUrl).hostname,
      allowPrivateHttp: e.FLOWMIND_HTTP_ALLOW_PRIVATE === 'true',
      allowHosts: listOf(e.FLOWMIND_HTTP_ALLOW_HOSTS),
      aiLocalPorts: [...new Set(listOf(e.FLOWMIND_AI_LOCAL_PORTS).map(Number))],
      leaseMs: e.FLOWMIND_EXECUTION_LEASE_MS,
      accountConcurrency: e.FLOWMIND_ACCOUNT_CONCURRENCY,
      workerConcurrency: e.FLOWMIND_WORKER_CONCURRENCY,
      retentionDays: e.FLOWMIND_EXECUTION_RETENTION_DAYS,
      sandbox: {
        workers: e.FLOWMIND_SANDBOX_WORKERS,
        codeTimeoutMaxMs: e.FLOWMIND_CODE_TIMEOUT_MAX_MS,
        executionBudgetMs: e.FLOWMIND_EXECUTION_SANDBOX_MS,
      },
    },
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'off' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    // The nearest N hops are our proxies; the address before them is the client's.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
