import type { FastifyInstance } from 'fastify';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { nodeHeadersToFetch } from '../http/session';
import type { Auth } from './auth';

/** Hands /api/auth/* to better-auth as Fetch requests. */
export function registerAuthRoutes(app: FastifyInstance, { auth, appUrl }: { auth: Auth; appUrl: string }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const headers = nodeHeadersToFetch(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, appUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
