import type { FastifyInstance } from 'fastify';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins our own pages may come from: APP_URL's, and when that is a loopback address, the
 * other loopback names for the same port (http://127.0.0.1:3000 is the same local server as
 * http://localhost:3000, and people open either).
 */
export function sameSiteOrigins(appUrl: string): string[] {
  const app = new URL(appUrl);
  if (!LOOPBACK_NAMES.includes(app.hostname)) return [app.origin];
  return [
    app.origin,
    ...LOOPBACK_NAMES.filter((name) => name !== app.hostname).map((name) => {
      const alias = new URL(app.origin);
      alias.hostname = name;
      return alias.origin;
    }),
  ];
}

/** Says whether a request's Origin header is one of our pages', and what to tell someone whose is not. */
export function originPolicy(appUrl: string) {
  const allowed = new Set(sameSiteOrigins(appUrl));
  const appOrigin = new URL(appUrl).origin;
  return {
    /** No Origin (not a browser, or a same-origin GET) is allowed: the cookie's SameSite covers those. */
    allows: (origin: string | undefined) => !origin || allowed.has(origin),
    refusal: (origin: string) =>
      origin === 'null'
        ? 'Cross-site request refused'
        : `Cross-site request refused: this server's address is ${appOrigin}. Open Flowmind at ${appOrigin}, or set APP_URL to the address you use.`,
  };
}

/**
 * Cookie-authenticated writes must come from our own pages: browsers always send Origin on
 * cross-site POST/PATCH/DELETE, so a foreign Origin is refused before any handler runs.
 */
export function registerOriginCheck(app: FastifyInstance, { appUrl }: { appUrl: string }) {
  const policy = originPolicy(appUrl);
  // A callback hook, not an async one: it runs on every request, and most pass straight through.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    // Webhooks never read a session, so there is nothing for a cross-site caller to ride on.
    if (request.url.startsWith('/api/hooks/')) return done();
    // Public forms may be embedded on other sites; without a cookie there is no session to ride on.
    if (!request.headers.cookie && request.url.startsWith('/api/forms/')) return done();
    const origin = request.headers.origin;
    if (!policy.allows(origin)) {
      reply.status(403).send({ error: { code: 'forbidden', message: policy.refusal(origin as string) } });
      return;
    }
    done();
  });
}
