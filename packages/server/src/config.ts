import { z } from 'zod';
import { type IntegrationsConfig, IntegrationsEnv, integrationsConfig } from './config-integrations';
import { blankAsUnset, listOf } from './config-values';
import { parseAllowHost } from './net/address-policy';

/** The project's public repository, unless the operator names another (a fork, a mirror). */
export const DEFAULT_REPOSITORY_URL = 'https://github.com/flowmind/flowmind';

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
