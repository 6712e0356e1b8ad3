import { hookResponseSecurityHeaders } from '@flowmind/shared/webhook-response';
import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy: its own scripts only (Vite emits no inline script), styles inline too
 * (editors and charts set style attributes), images from anywhere over https (avatars, pictures in
 * notes), and no framing by other sites.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response. Webhook answers are flow authors' content served from our
 * address, so they get a sandbox policy instead, which always wins over what a flow set.
 */
export function registerSecurityHeaders(app: FastifyInstance, { appUrl }: { appUrl: string }) {
  const https = new URL(appUrl).protocol === 'https:';
  const appHeaders: Record<string, string> = {
    'content-security-policy': APP_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const hookHeaders = Object.entries(hookResponseSecurityHeaders);
  const appHeaderList = Object.entries(appHeaders);
  // A callback hook, not an async one: it runs on every response and never waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/hooks/')) {
      for (const [name, value] of hookHeaders) reply.header(name, value);
      reply.removeHeader('set-cookie');
      if (https) reply.header('strict-transport-security', appHeaders['strict-transport-security']);
      return done(null, payload);
    }
    for (const [name, value] of appHeaderList) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
