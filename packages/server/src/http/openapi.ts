import { createHash } from 'node:crypto';
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
  /** Unique name of the operation; made from the method and path unless given. */
  operationId?: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

type Operation = Record<string, unknown>;
type Json = Record<string, unknown>;

/** The methods an OpenAPI path item can hold (Fastify also routes QUERY, PROPFIND, …). */
const OPENAPI_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']);

/**
 * A zod schema as JSON Schema inside the document. Zod puts the definitions of recursive or
 * reused parts (a filter group holding filter groups) under the schema's own `$defs`, which a
 * reference from inside an OpenAPI document cannot reach: they move to `components.schemas`,
 * named by their content so the same definition from two routes is stored once.
 */
function documentSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, Json>): Json {
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json & {
    $defs?: Record<string, Json>;
  };
  if (!$defs) return rest;
  const names = new Map<string, string>();
  for (const local of Object.keys($defs)) {
    const body = JSON.stringify($defs[local]);
    names.set(local, `Schema${createHash('sha256').update(`${io}:${body}`).digest('hex').slice(0, 10)}`);
  }
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (!value || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [key, inner] of Object.entries(value as Json)) {
      const local = key === '$ref' && typeof inner === 'string' ? inner.match(/^#\/\$defs\/(.+)$/)?.[1] : undefined;
      out[key] = local && names.has(local) ? `#/components/schemas/${names.get(local)}` : relink(inner);
    }
    return out;
  };
  for (const [local, body] of Object.entries($defs)) components[names.get(local) as string] = relink(body) as Json;
  return relink(rest) as Json;
}

/** `getFlowsByFlowIdVersions` for GET /api/flows/{flowId}/versions. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = segment.match(/^\{(\w+)\}$/)?.[1];
      const word = (param ? `by-${param}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) =>
        (c ?? '').toUpperCase(),
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined, components: Record<string, Json>) {
  if (!schema) return [];
  const shape = documentSchema(schema, 'input', components) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    schema: property,
  }));
}

const SUBPATH = {
  name: 'subpath',
  in: 'path',
  required: true,
  description: 'The rest of the path, any depth',
  schema: { type: 'string' },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const allRoutes = new WeakMap<FastifyInstance, { method: string; path: string; documented: boolean }[]>();

/** Every route registered after registerOpenApi, documented or not (tests check none is missed). */
export const routesOf = (app: FastifyInstance) => allRoutes.get(app) ?? [];

/** Collects every documented route and serves the OpenAPI 3.1 document at /api/openapi.json. */
export function registerOpenApi(app: FastifyInstance, { version }: { version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  const schemas: Record<string, Json> = {};
  const seen: { method: string; path: string; documented: boolean }[] = [];
  allRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    const doc = route.config?.doc;
    // A trailing wildcard (a webhook's sub-paths) is a path parameter of its own in the document.
    const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{subpath}');
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => OPENAPI_METHODS.has(m));
    for (const method of methods) seen.push({ method, path, documented: Boolean(doc) });
    if (!doc) return;
    for (const method of methods) {
      const status = String(doc.status ?? 200);
      const takesInput = Boolean(doc.params || doc.query || doc.body);
      paths[path] ??= {};
      (paths[path] as Record<string, Operation>)[method.toLowerCase()] = {
        operationId: doc.operationId ?? operationIdOf(method, path),
        summary: doc.summary,
        tags: doc.tags,
        ...(doc.public ? { security: [] } : {}),
        parameters: [
          ...parameters('path', doc.params, schemas),
          ...(path.endsWith('/{subpath}') ? [SUBPATH] : []),
          ...parameters('query', doc.query, schemas),
        ],
        ...(doc.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: documentSchema(doc.body, 'input', schemas) } },
              },
            }
          : {}),
        responses: {
          [status]: doc.response
            ? {
                description: 'Success',
                content: { 'application/json': { schema: documentSchema(doc.response, 'output', schemas) } },
              }
            : { description: 'Success' },
          ...(takesInput ? { '400': errorResponse('Bad input: `error.field` names the field') } : {}),
          ...(doc.public ? {} : { '401': errorResponse('Not signed in') }),
          ...(doc.params ? { '404': errorResponse('Not found, or not in an account of the caller') } : {}),
          '429': errorResponse('Too many requests'),
          default: errorResponse('Error'),
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
        ...schemas,
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
