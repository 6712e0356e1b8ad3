import { AppError, type ErrorCode } from '@flowmind/shared/errors';
import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowGraph, Item, SaveExecutions } from '@flowmind/shared/flows';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { flows, flowVersions } from '../../db/schema';
import { keepsRun } from '../engine/run-store';
import type { FlowRuntime } from '../engine/runtime';
import { storedErrorText } from '../engine/stored-text';
import { webhookSecretMatches } from './webhook-secret';

type Hook = {
  flowId: string;
  accountId: string;
  versionId: string;
  version: number;
  graph: FlowGraph;
  method: string;
  respond: 'immediately' | 'respond_step';
  secretHeader: string;
  secretValue: string;
  /** The flow's name and which runs it keeps, read with the hook. */
  flow: { name: string; saveExecutions: SaveExecutions };
};

const CACHE_MS = 1000;
const HIDDEN_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/**
 * Published, active flows by webhook id, kept a second so a burst of calls costs one lookup. One
 * lookup per id is in flight at a time, and a busy hook is looked up again shortly before its
 * entry expires, so calls never queue behind a burst of lookups every second (the cause of the
 * tail at 10 connections); a change still shows within the second.
 */
function hookCache(db: Db) {
  const cache = new Map<string, { hook: Hook | null; at: number }>();
  const inFlight = new Map<string, Promise<Hook | null>>();

  const load = async (webhookId: string): Promise<Hook | null> => {
    const [row] = await db
      .select({ flow: flows, version: flowVersions })
      .from(flows)
      .innerJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
      .where(and(eq(flows.webhookId, webhookId), eq(flows.active, true), isNull(flows.deletedAt)));
    const graph = row?.version.graph as FlowGraph | undefined;
    const trigger = graph?.nodes.find((n) => n.type === 'trigger.webhook');
    if (!row || !graph || !trigger) return null;
    const params = paramsWithDefaults(trigger);
    return {
      flowId: row.flow.id,
      accountId: row.flow.accountId,
      versionId: row.version.id,
      version: row.version.version,
      graph,
      method: String(params.method ?? 'ANY').toUpperCase(),
      respond: params.respond === 'respond_step' ? 'respond_step' : 'immediately',
      secretHeader: String(params.secretHeader ?? '')
        .trim()
        .toLowerCase(),
      secretValue: String(params.secretValue ?? ''),
      flow: { name: row.flow.name, saveExecutions: row.flow.saveExecutions },
    };
  };

  const refresh = (webhookId: string): Promise<Hook | null> => {
    let pending = inFlight.get(webhookId);
    if (!pending) {
      const startedAt = Date.now();
      pending = load(webhookId)
        .then((hook) => {
          if (cache.size > 10_000) cache.clear();
          // Its age counts from before the lookup: what it says may be that old.
          cache.set(webhookId, { hook, at: startedAt });
          return hook;
        })
        .finally(() => inFlight.delete(webhookId));
      inFlight.set(webhookId, pending);
    }
    return pending;
  };

  return async (webhookId: string): Promise<Hook | null> => {
    const hit = cache.get(webhookId);
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < CACHE_MS) {
      if (age > CACHE_MS * 0.7) refresh(webhookId).catch(() => {});
      return hit.hook;
    }
    return refresh(webhookId);
  };
}

export function requestItem(request: FastifyRequest, subPath: string, secretHeader: string): Item {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    // The secret would otherwise be kept in every execution's data, readable by anyone who reads runs.
    if (HIDDEN_HEADERS.has(key) || key === secretHeader || value === undefined) continue;
    headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: request.method,
    path: subPath ? `/${subPath}` : '/',
    headers,
    query: { ...(request.query as Record<string, unknown>) },
    body: request.body ?? null,
  };
}

/** Callers send anything: keep form bodies as fields and everything else that is not JSON as text. */
export function acceptAnyBody(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

const HookParams = z.object({ webhookId: z.string().min(1).max(64) });

/**
 * An error answer in the API's one shape (`ErrorBody`) at the status the webhook contract gives
 * (405 for another method is not `AppError`'s own), with what else the caller may use beside it.
 */
export function refuse(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, string> = {},
) {
  return reply.status(status).send({ ...new AppError(code, message).toBody(), ...extra });
}

/**
 * Refuses a call the webhook does not take: another method (405, with Allow) or a missing or
 * wrong secret header (401); null when the call may go on. The published address and the
 * editor's test URL answer alike.
 */
export function refusedCall(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: { method: string; secretHeader: string; secretValue: string },
) {
  if (rules.method !== 'ANY' && rules.method !== request.method) {
    reply.header('allow', rules.method);
    return refuse(reply, 405, 'bad_request', `This webhook takes ${rules.method} requests`);
  }
  if (rules.secretHeader && !webhookSecretMatches(rules.secretValue, request.headers[rules.secretHeader]))
    return refuse(reply, 401, 'unauthorized', `Missing or wrong ${rules.secretHeader} header`);
  return null;
}

export function registerWebhookRoutes(app: FastifyInstance, { db, runtime }: { db: Db; runtime: FlowRuntime }) {
  const findHook = hookCache(db);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { webhookId?: string; '*'?: string };
    // (What HookParams says, checked by hand: this runs on every call.)
    const id = params.webhookId;
    const webhookId = typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : '';
    const hook = webhookId ? await findHook(webhookId) : null;
    if (!hook)
      return refuse(
        reply,
        404,
        'not_found',
        'No active flow listens at this address. Publish the flow and turn it on.',
      );
    const refused = refusedCall(request, reply, hook);
    if (refused) return refused;

    const input = {
      accountId: hook.accountId,
      flowId: hook.flowId,
      versionId: hook.versionId,
      version: hook.version,
      graph: hook.graph,
      mode: 'webhook' as const,
      trigger: [requestItem(request, params['*'] ?? '', hook.secretHeader)],
      flow: hook.flow,
    };
    if (hook.respond === 'immediately') {
      // Saved before answering: once the caller has its 202, the call cannot be lost.
      const execution = await runtime.start(input);
      return reply.status(202).send({ executionId: execution.id });
    }
    const { execution, response, outcome } = await runtime.startAndRespond(input);
    if (response) {
      reply.status(response.status);
      for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
      if (response.body === undefined || response.body === null || response.body === '') return reply.send();
      if (typeof response.body === 'string') return reply.send(response.body);
      if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(response.body));
    }
    if (outcome?.kind === 'finished' && outcome.status === 'failed')
      return refuse(
        reply,
        500,
        'internal',
        // Anyone with the address reads this: it says what the saved run says, never a query.
        storedErrorText(
          outcome.error?.nodeName
            ? `The flow failed at "${outcome.error.nodeName}": ${outcome.error.message}`
            : (outcome.error?.message ?? 'The flow failed'),
        ),
        // Only a run that was kept can be looked up.
        keepsRun(hook.flow.saveExecutions, 'webhook', 'failed') ? { executionId: execution.id } : {},
      );
    if (outcome?.kind === 'finished') return reply.status(200).send(outcome.items);
    return reply.status(202).send({ executionId: execution.id });
  };

  // Not through routesFor: a webhook takes any method and any body (raw text and form fields, by
  // this scope's own content parsers), answers in the caller's terms (the flow's status, headers and
  // body), and checks its id by hand on every call, a malformed one being the same 404 as unknown.
  app.register(async (scope) => {
    acceptAnyBody(scope);
    const doc = {
      config: {
        doc: {
          tags: ['Webhooks'],
          summary: 'Start a published flow with a webhook trigger (any method; the path below the id is passed on)',
          params: HookParams,
          public: true,
        },
      },
    };
    scope.all('/api/hooks/:webhookId', doc, handle);
    scope.all('/api/hooks/:webhookId/*', doc, handle);
  });
}
