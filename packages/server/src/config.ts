import { z } from 'zod';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  FLOWMIND_DATA_DIR: z.string().default('./data'),
  FLOWMIND_SECRET: z.string().min(32, 'FLOWMIND_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Flowmind <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FLOWMIND_SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FLOWMIND_WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Signs sessions; from FLOWMIND_SECRET, else kept in the data folder (embedded mode only). */
  secret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | null;
  logLevel: string;
  /** Sign-in attempts allowed per IP per minute. */
  signInRateLimit: number;
  webDist: string | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.FLOWMIND_DATA_DIR },
    secret: e.FLOWMIND_SECRET ?? null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.FLOWMIND_SIGNIN_RATE_LIMIT,
    webDist: e.FLOWMIND_WEB_DIST ?? null,
  };
}
