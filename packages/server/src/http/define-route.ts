import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { parse } from './errors';
import type { RouteDoc } from './openapi';
import type { SessionReader, SessionUser } from './session';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Who may call: `user` needs a verified session (unless the account has no password), `unverified`
 * also takes a password user who has not verified yet, `none` reads no session (`public` routes).
 */
export type RouteAuth = 'user' | 'unverified' | 'none';

export type RouteSpec<P, Q, B> = Omit<RouteDoc, 'params' | 'query' | 'body'> & {
  params?: P;
  query?: Q;
  body?: B;
  auth?: RouteAuth;
  /** Fastify's per-route settings besides the document (rate limit). */
  config?: Omit<FastifyContextConfig, 'doc'>;
  bodyLimit?: number;
};

export type RouteInput<P, Q, B, A extends RouteAuth> = {
  req: FastifyRequest;
  reply: FastifyReply;
  user: A extends 'none' ? undefined : SessionUser;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

/**
 * Routes declare their schemas once: the same zod schemas document the route in /api/openapi.json
 * and parse the request before the handler sees it, after the session check, so a signed-out caller
 * hears 401 before anything about its input. A parse failure is `parse()`'s 400 naming the field.
 */
export function routesFor(app: FastifyInstance, session: SessionReader) {
  function define(method: HTTPMethods) {
    return <
      P extends z.ZodObject | undefined = undefined,
      Q extends z.ZodObject | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
      A extends RouteAuth = 'user',
    >(
      url: string,
      spec: RouteSpec<P, Q, B> & { auth?: A },
      handler: (input: RouteInput<P, Q, B, A>) => unknown,
    ) => {
      const { auth = 'user', config, bodyLimit, ...doc } = spec;
      app.route({
        method,
        url,
        ...(bodyLimit ? { bodyLimit } : {}),
        config: { ...config, doc: doc as RouteDoc },
        handler: async (req, reply) => {
          const user =
            auth === 'none' ? undefined : await session.requireUser(req, { allowUnverified: auth === 'unverified' });
          const input = {
            req,
            reply,
            user,
            params: doc.params ? parse(doc.params, req.params) : undefined,
            query: doc.query ? parse(doc.query, req.query) : undefined,
            body: doc.body ? parse(doc.body, req.body) : undefined,
          } as RouteInput<P, Q, B, A>;
          if (doc.status) reply.status(doc.status);
          return handler(input);
        },
      });
    };
  }
  return {
    get: define('GET'),
    post: define('POST'),
    patch: define('PATCH'),
    put: define('PUT'),
    delete: define('DELETE'),
  };
}
