// A second yardstick for `npm run bench -- flows`: the same JSON work as bare-server.ts in a
// Fastify route, the framework Flowmind serves HTTP with, with nothing saved. The gap between
// it and the bare server is the framework's share; the gap to Flowmind is the engine's.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3192);
const app = Fastify({ logger: false });
app.post('/', async (request, reply) => {
  const input = (request.body ?? {}) as { name?: string; a?: number; b?: number };
  const item = {
    method: request.method,
    path: '/',
    headers: request.headers,
    query: {},
    body: input,
    greeting: `Hello ${input.name}`,
    total: (input.a ?? 0) + (input.b ?? 0),
  };
  return reply.send(item);
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`fastify server on ${port}`);
