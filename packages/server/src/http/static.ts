import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@flowmind/shared/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Serves the built web app; any non-API path gets index.html so the client router decides. */
export async function registerWebApp(app: FastifyInstance, { webDist }: { webDist: string }) {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts); they are sent as they are, with their
      // Content-Encoding and `Vary: Accept-Encoding`, and the plain file when the client takes neither.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // @fastify/static with `index: false` refuses the root folder itself, so `/` is its own route.
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      throw new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return sendIndex(reply);
  });
}
