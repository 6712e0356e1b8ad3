import { ListenForTest, TestListenResult } from '@flowmind/shared/flow-test-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../http/define-route';
import type { SessionReader } from '../../http/session';
import type { FlowService } from '../flow.service';
import type { TestListens } from './test-listen';
import { acceptAnyBody, refuse, refusedCall, requestItem } from './webhook.routes';

const FlowParams = z.object({ flowId: z.string().min(1).max(64) });
const HookParams = z.object({ webhookId: z.string().min(1).max(64) });
const doc = <const S extends object>(route: S) => ({ tags: ['Flows'], ...route });

const notListening = (reply: FastifyReply) =>
  refuse(
    reply,
    404,
    'not_found',
    'Nobody is listening for a test call here. Click "Listen for a test call" in the flow editor, then call this URL.',
  );

export function registerTestListenRoutes(
  app: FastifyInstance,
  { session, flows, listens }: { session: SessionReader; flows: FlowService; listens: TestListens },
) {
  const route = routesFor(app, session);
  route.post(
    '/api/flows/:flowId/test-listen',
    doc({
      summary:
        'Listen for one test call to the webhook trigger’s test URL (or one email to its test address), up to 2 minutes; the call becomes the trigger’s pinned data',
      params: FlowParams,
      body: ListenForTest,
      response: TestListenResult,
    }),
    async ({ user, params, body, reply }) => {
      const flow = await flows.requireFlow(params.flowId, user.id);
      // The editor's Cancel closes the request: the listen ends with it.
      const closed = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      return listens.listen({ flow, nodeId: body.nodeId, userId: user.id, signal: closed.signal });
    },
  );
  route.delete(
    '/api/flows/:flowId/test-listen',
    doc({ summary: 'Stop listening for a test call', params: FlowParams, status: 204 }),
    async ({ user, params, reply }) => {
      await listens.cancel(await flows.requireFlow(params.flowId, user.id));
      return reply.status(204).send();
    },
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { webhookId?: string; '*'?: string };
    const parsed = HookParams.safeParse(params);
    const found = parsed.success ? await listens.listening({ webhookId: parsed.data.webhookId }) : null;
    if (found?.trigger.type !== 'trigger.webhook') return notListening(reply);
    const rules = listens.webhookRules(found.trigger);
    const refused = refusedCall(request, reply, rules);
    if (refused) return refused;
    const item = requestItem(request, params['*'] ?? '', rules.secretHeader);
    if (!(await listens.capture({ listening: found, item, source: 'test_call' }))) return notListening(reply);
    return reply.status(202).send({
      received: true,
      message: 'Test call received. It is now the trigger’s test data in the flow editor.',
    });
  };

  // Not through routesFor: the test URL takes any method and any body (its own content parsers in
  // this scope), and a malformed id is the same 404 as an unknown one rather than a 400.
  app.register(async (scope) => {
    acceptAnyBody(scope);
    const hookDoc = {
      config: {
        doc: {
          tags: ['Webhooks'],
          summary:
            'A webhook trigger’s test URL: takes one call while the flow’s editor listens for it (404 otherwise)',
          params: HookParams,
          public: true,
        },
      },
    };
    scope.all('/api/hooks/test/:webhookId', hookDoc, handle);
    scope.all('/api/hooks/test/:webhookId/*', hookDoc, handle);
  });
}
