import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A route documents itself in its options: `{ config: { doc: { summary, body, response, … } } }`.
 * The schemas are the same shared zod schemas the handler parses with, so the document cannot
 * drift from what the server accepts.
 */
export type RouteDoc = {
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: number;
  /** Open to signed-out callers. */
  public?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

type Operation = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    schema: property,
  }));
}

const allRoutes = new WeakMap<FastifyInstance, { method: string; path: string; documented: boolean }[]>();

/** Every route registered after registerOpenApi, documented or not (tests check none is missed). */
export const routesOf = (app: FastifyInstance) => allRoutes.get(app) ?? [];

/** Collects every documented route and serves the OpenAPI 3.1 document at /api/openapi.json. */
export function registerOpenApi(app: FastifyInstance, { version }: { version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  const seen: { method: string; path: string; documented: boolean }[] = [];
  allRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    const doc = route.config?.doc;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    for (const method of methods) seen.push({ method, path, documented: Boolean(doc) });
    if (!doc) return;
    for (const method of methods) {
      const status = String(doc.status ?? 200);
      paths[path] ??= {};
      (paths[path] as Record<string, Operation>)[method.toLowerCase()] = {
        summary: doc.summary,
        tags: doc.tags,
        ...(doc.public ? { security: [] } : {}),
        parameters: [...parameters('path', doc.params), ...parameters('query', doc.query)],
        ...(doc.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } },
              },
            }
          : {}),
        responses: {
          [status]: doc.response
            ? {
                description: 'Success',
                content: { 'application/json': { schema: jsonSchema(doc.response, 'output') } },
              }
            : { description: 'Success' },
          default: {
            description: 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      };
    }
  });

  app.get('/api/openapi.json', async () => ({
    openapi: '3.1.0',
    info: {
      title: 'Flowmind API',
      version,
      description:
        'Cookie sessions from /api/auth (better-auth). Writes need `content-type: application/json` and, from browsers, ' +
        'an Origin equal to APP_URL. Errors are `{ error: { code, message, field? } }`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
            },
          },
        },
      },
    },
    security: [{ session: [] }],
    paths,
  }));
}
