import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { authAccounts, sessions, users, verifications } from '../db/schema';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { sameSiteOrigins } from '../http/origin-check';
import type { Mailer } from '../mail/mailer';
import { resetPassword, verifyEmail } from '../mail/templates';
import { duringAuthCall } from './auth-context';
import { consumeRateLimit } from './rate-limit-store';

export type AuthHooks = {
  /** Runs once a user row exists: gives the user a personal account. */
  onUserCreated(user: { id: string; name: string; email: string }): Promise<void>;
  /** Runs before a user is deleted; throws a message when the user may not leave yet. */
  beforeUserDeleted(user: { id: string }): Promise<void>;
  /**
   * Runs after a session row is deleted, whatever the cause (sign-out, revoking sessions, password
   * reset or change with revocation, user deletion, expiry): its live sockets must close.
   */
  onSessionEnded(session: { id: string; userId: string }): void;
};

export function createAuth({
  db,
  config,
  secret,
  mailer,
  logger,
  hooks,
}: {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  hooks: AuthHooks;
}) {
  const perMinute = (max: number) => ({ window: 60, max });
  const auth = betterAuth({
    appName: 'Flowmind',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: sameSiteOrigins(config.appUrl),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => logger[level]({ auth: args }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        personalAccountId: { type: 'string', required: false, input: false },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          try {
            await hooks.beforeUserDeleted(user);
          } catch (error) {
            throw new APIError('BAD_REQUEST', { message: (error as Error).message });
          }
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Password users may sign in before verifying; the web app keeps them on /auth/verify-email
      // and the API refuses them tenant data until they verify.
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPassword({ to: user.email, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmail({ to: user.email, url }));
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': perMinute(config.signInRateLimit),
        '/sign-up/email': perMinute(config.signInRateLimit),
        '/request-password-reset': perMinute(config.signInRateLimit),
        '/send-verification-email': perMinute(config.signInRateLimit),
        '/get-session': false,
      },
      customStorage: { consume: (key, rule) => consumeRateLimit(db, key, rule) },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: ({ model }) => newId(model === 'user' ? 'usr' : model.slice(0, 3)) },
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            hooks.onSessionEnded({ id: session.id, userId: session.userId });
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            await hooks.onUserCreated(user);
          },
        },
      },
    },
  });
  // Its calls from the outside, as its state's storages need (see auth-context.ts).
  const { handler } = auth;
  const { getSession } = auth.api;
  auth.handler = (request) => duringAuthCall(() => handler(request));
  auth.api.getSession = ((...args: Parameters<typeof getSession>) =>
    duringAuthCall(() => getSession(...args))) as typeof getSession;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
