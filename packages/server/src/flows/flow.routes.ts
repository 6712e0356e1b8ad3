import { FLOW_TEMPLATES } from '@flowmind/shared/flow-templates';
import {
  CreateFlow,
  Flow,
  FlowExport,
  FlowTemplate,
  FlowVersion,
  PublishFlow,
  UpdateFlow,
} from '@flowmind/shared/flows';
import { IntegrationTriggerStatus } from '@flowmind/shared/integrations/define-integration';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { FlowService } from './flow.service';

const Id = z.string().min(1).max(64);
const FlowParams = z.object({ flowId: Id });
const VersionParams = FlowParams.extend({ versionId: Id });
const ListFlowsQuery = z.object({
  accountId: Id,
  search: z.string().max(200).optional(),
  trash: z.enum(['true', 'false']).optional(),
});
const RemoveFlowQuery = z.object({ permanent: z.enum(['true', 'false']).optional() });
const doc = <const S extends object>(route: S) => ({ tags: ['Flows'], ...route });

export function registerFlowRoutes(
  app: FastifyInstance,
  { session, flows }: { session: SessionReader; flows: FlowService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/flow-templates',
    doc({ summary: 'The template gallery', response: z.array(FlowTemplate) }),
    () => FLOW_TEMPLATES,
  );
  route.get(
    '/api/flows',
    doc({ summary: 'List an account’s flows (or its trash)', query: ListFlowsQuery, response: z.array(Flow) }),
    async ({ user, query }) => {
      return flows.list({
        accountId: query.accountId,
        search: query.search,
        trash: query.trash === 'true',
        userId: user.id,
      });
    },
  );
  route.post(
    '/api/flows',
    doc({
      summary: 'Create a flow: blank, from a template, or from an imported graph',
      body: CreateFlow,
      response: Flow,
      status: 201,
    }),
    async ({ reply, user, body }) => {
      reply.status(201);
      return flows.create({ userId: user.id, input: body });
    },
  );
  route.get(
    '/api/flows/:flowId',
    doc({ summary: 'Get a flow with its draft graph', params: FlowParams, response: Flow }),
    async ({ user, params }) => {
      return flows.get({ ...params, userId: user.id });
    },
  );
  route.patch(
    '/api/flows/:flowId',
    doc({
      summary: 'Rename, save the draft graph (409 when baseRevision is stale), or turn the flow on or off',
      params: FlowParams,
      body: UpdateFlow,
      response: Flow,
    }),
    async ({ user, params, body }) => {
      return flows.update({ ...params, userId: user.id, input: body });
    },
  );
  route.delete(
    '/api/flows/:flowId',
    doc({
      summary: 'Move a flow to the trash (its triggers stop), or delete it for good with permanent=true',
      params: FlowParams,
      query: RemoveFlowQuery,
      status: 204,
    }),
    async ({ reply, user, params, query }) => {
      const { permanent } = query;
      await flows.remove({ ...params, userId: user.id, permanent: permanent === 'true' });
      return reply.status(204).send();
    },
  );
  route.post(
    '/api/flows/:flowId/restore',
    doc({ summary: 'Restore a flow from the trash', params: FlowParams, response: Flow }),
    async ({ user, params }) => {
      return flows.restore({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/flows/:flowId/duplicate',
    doc({
      summary: 'Duplicate a flow’s draft as a new, unpublished flow',
      params: FlowParams,
      response: Flow,
      status: 201,
    }),
    async ({ reply, user, params }) => {
      reply.status(201);
      return flows.duplicate({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/flows/:flowId/publish',
    doc({
      summary: 'Publish the draft as a new immutable version and turn the triggers on',
      params: FlowParams,
      body: PublishFlow,
      response: Flow,
    }),
    async ({ user, params, body }) => {
      const { message } = body;
      return flows.publish({ ...params, userId: user.id, message });
    },
  );
  route.get(
    '/api/flows/:flowId/versions',
    doc({ summary: 'A flow’s published versions, newest first', params: FlowParams, response: z.array(FlowVersion) }),
    async ({ user, params }) => {
      return flows.versions({ ...params, userId: user.id });
    },
  );
  route.get(
    '/api/flows/:flowId/trigger-status',
    doc({
      summary: 'How the flow’s integration trigger listens (events or polling), and why it stopped if it did',
      params: FlowParams,
      response: IntegrationTriggerStatus,
    }),
    async ({ user, params }) => flows.triggerStatus({ ...params, userId: user.id }),
  );
  route.get(
    '/api/flows/:flowId/versions/:versionId',
    doc({ summary: 'One published version with its graph', params: VersionParams, response: FlowVersion }),
    async ({ user, params }) => {
      return flows.version({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/flows/:flowId/versions/:versionId/restore',
    doc({ summary: 'Copy a version’s graph into the draft', params: VersionParams, response: Flow }),
    async ({ user, params }) => {
      return flows.restoreVersion({ ...params, userId: user.id });
    },
  );
  route.get(
    '/api/flows/:flowId/export',
    doc({
      summary: 'Export a flow as JSON (import it with POST /api/flows and its graph)',
      params: FlowParams,
      response: FlowExport,
    }),
    async ({ reply, user, params }) => {
      const file = await flows.exportFlow({ ...params, userId: user.id });
      const filename = `${file.name.replace(/[^\w .-]+/g, '').trim() || 'flow'}.flow.json`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
      return file;
    },
  );
}
