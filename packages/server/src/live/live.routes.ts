import type { FastifyInstance } from 'fastify';
import { originPolicy } from '../http/origin-check';
import type { SessionReader } from '../http/session';
import type { LiveHub } from './live-hub';

export function registerLiveRoutes(
  app: FastifyInstance,
  { hub, session, appUrl }: { hub: LiveHub; session: SessionReader; appUrl: string },
) {
  const origins = originPolicy(appUrl);
  app.get('/api/live', { websocket: true }, async (socket, request) => {
    // Browsers send Origin on WebSocket upgrades; refusing others stops cross-site hijacking.
    const origin = request.headers.origin;
    if (!origins.allows(origin)) {
      socket.close(4403, 'Origin not allowed');
      return;
    }
    const buffered: string[] = [];
    socket.on('message', (data) => buffered.push(String(data)));
    const user = await session.optionalUser(request).catch(() => null);
    if (!user?.emailVerified) {
      socket.close(4401, 'Sign in to continue');
      return;
    }
    const connection = hub.connect({
      userId: user.id,
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
    });
    socket.removeAllListeners('message');
    socket.on('message', (data) => connection.receive(String(data)));
    socket.on('close', () => connection.close());
    for (const raw of buffered) connection.receive(raw);
  });
}
