import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth';
import type { SessionLookup } from '../auth/session-lookup';
import { originPolicy } from '../http/origin-check';
import { nodeHeadersToFetch } from '../http/session';
import { CLOSE_SESSION_ENDED, type LiveHub } from './live-hub';

export function registerLiveRoutes(
  app: FastifyInstance,
  { hub, auth, lookup, appUrl }: { hub: LiveHub; auth: Auth; lookup: SessionLookup; appUrl: string },
) {
  const origins = originPolicy(appUrl);
  // Not through routesFor: a WebSocket upgrade, refused with close codes rather than HTTP statuses,
  // and its session read straight from the auth library (the socket lives as long as that session).
  app.get('/api/live', { websocket: true }, async (socket, request) => {
    // Browsers send Origin on WebSocket upgrades; refusing others stops cross-site hijacking.
    const origin = request.headers.origin;
    if (!origins.allows(origin)) {
      socket.close(4403, 'Origin not allowed');
      return;
    }
    const buffered: string[] = [];
    socket.on('message', (data) => buffered.push(String(data)));
    // Straight from better-auth (no reuse of a recently seen session): the socket is tied to this
    // session's id, and closes when that session ends.
    const found = await auth.api.getSession({ headers: nodeHeadersToFetch(request.headers) }).catch(() => null);
    if (!found?.user.emailVerified) {
      socket.close(CLOSE_SESSION_ENDED, 'Sign in to continue');
      return;
    }
    const sessionId = found.session.id;
    const connection = hub.connect({
      session: {
        id: sessionId,
        userId: found.user.id,
        expiresAt: new Date(found.session.expiresAt),
        check: () => lookup.stillValid(sessionId),
      },
      send: (json) => {
        if (socket.readyState === socket.OPEN) socket.send(json);
      },
      end: (code, reason) => socket.close(code, reason),
    });
    socket.removeAllListeners('message');
    socket.on('message', (data) => connection.receive(String(data)));
    socket.on('close', () => connection.close());
    for (const raw of buffered) connection.receive(raw);
  });
}
