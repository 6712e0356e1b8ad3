import { PIN_MAX_BYTES, PinnedOutput, PinStep } from '@flowmind/shared/flow-test-data';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../http/define-route';
import type { SessionReader } from '../../http/session';
import type { PinService } from './pin.service';

const Id = z.string().min(1).max(64);
const FlowParams = z.object({ flowId: Id });
const PinParams = FlowParams.extend({ nodeId: Id });
const doc = <const S extends object>(route: S) => ({ tags: ['Flows'], ...route });

export function registerPinRoutes(
  app: FastifyInstance,
  { session, pins }: { session: SessionReader; pins: PinService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/flows/:flowId/pins',
    doc({ summary: 'The draft’s pinned step outputs', params: FlowParams, response: z.array(PinnedOutput) }),
    async ({ user, params }) => {
      return pins.list({ ...params, userId: user.id });
    },
  );
  route.put(
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
    async ({ user, params, body }) => {
      const { output } = body;
      return pins.pin({ ...params, userId: user.id, output });
    },
  );
  route.delete(
    '/api/flows/:flowId/pins/:nodeId',
    doc({ summary: 'Unpin a step: runs from the editor run it again', params: PinParams, status: 204 }),
    async ({ reply, user, params }) => {
      await pins.unpin({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );
}
