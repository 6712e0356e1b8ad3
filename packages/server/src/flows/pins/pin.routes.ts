import { PIN_MAX_BYTES, PinnedOutput, PinStep } from '@flowmind/shared/flow-test-data';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors';
import type { RouteDoc } from '../../http/openapi';
import type { SessionReader } from '../../http/session';
import type { PinService } from './pin.service';

const Id = z.string().min(1).max(64);
const FlowParams = z.object({ flowId: Id });
const PinParams = FlowParams.extend({ nodeId: Id });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Flows'], ...route } } });

export function registerPinRoutes(
  app: FastifyInstance,
  { session, pins }: { session: SessionReader; pins: PinService },
) {
  app.get(
    '/api/flows/:flowId/pins',
    doc({ summary: 'The draft’s pinned step outputs', params: FlowParams, response: z.array(PinnedOutput) }),
    async (req) => {
      const user = await session.requireUser(req);
      return pins.list({ ...parse(FlowParams, req.params), userId: user.id });
    },
  );
  app.put(
    '/api/flows/:flowId/pins/:nodeId',
    {
      // Room for a body past the limit, so the answer names the field instead of refusing the request.
      bodyLimit: PIN_MAX_BYTES * 4,
      ...doc({
        summary: 'Pin a step’s output (at most 1 MB): runs from the editor use it instead of running the step',
        params: PinParams,
        body: PinStep,
        response: PinnedOutput,
      }),
    },
    async (req) => {
      const user = await session.requireUser(req);
      const { output } = parse(PinStep, req.body);
      return pins.pin({ ...parse(PinParams, req.params), userId: user.id, output });
    },
  );
  app.delete(
    '/api/flows/:flowId/pins/:nodeId',
    doc({ summary: 'Unpin a step: runs from the editor run it again', params: PinParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await pins.unpin({ ...parse(PinParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );
}
