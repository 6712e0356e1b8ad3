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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
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
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Flows'], ...route } } });

export function registerFlowRoutes(
  app: FastifyInstance,
  { session, flows }: { session: SessionReader; flows: FlowService },
) {
  app.get(
    '/api/flow-templates',
    doc({ summary: 'The template gallery', response: z.array(FlowTemplate) }),
    async (req) => {
      await session.requireUser(req);
      return FLOW_TEMPLATES;
    },
  );
  app.get(
    '/api/flows',
    doc({ summary: 'List an account’s flows (or its trash)', query: ListFlowsQuery, response: z.array(Flow) }),
    async (req) => {
      const user = await session.requireUser(req);
      const query = parse(ListFlowsQuery, req.query);
      return flows.list({
        accountId: query.accountId,
        search: query.search,
        trash: query.trash === 'true',
        userId: user.id,
      });
    },
  );
  app.post(
    '/api/flows',
    doc({
      summary: 'Create a flow: blank, from a template, or from an imported graph',
      body: CreateFlow,
      response: Flow,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return flows.create({ userId: user.id, input: parse(CreateFlow, req.body) });
    },
  );
  app.get(
    '/api/flows/:flowId',
    doc({ summary: 'Get a flow with its draft graph', params: FlowParams, response: Flow }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.get({ ...parse(FlowParams, req.params), userId: user.id });
    },
  );
  app.patch(
    '/api/flows/:flowId',
    doc({
      summary: 'Rename, save the draft graph (409 when baseRevision is stale), or turn the flow on or off',
      params: FlowParams,
      body: UpdateFlow,
      response: Flow,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.update({ ...parse(FlowParams, req.params), userId: user.id, input: parse(UpdateFlow, req.body) });
    },
  );
  app.delete(
    '/api/flows/:flowId',
    doc({
      summary: 'Move a flow to the trash (its triggers stop), or delete it for good with permanent=true',
      params: FlowParams,
      query: RemoveFlowQuery,
      status: 204,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { permanent } = parse(RemoveFlowQuery, req.query);
      await flows.remove({ ...parse(FlowParams, req.params), userId: user.id, permanent: permanent === 'true' });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/flows/:flowId/restore',
    doc({ summary: 'Restore a flow from the trash', params: FlowParams, response: Flow }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.restore({ ...parse(FlowParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/flows/:flowId/duplicate',
    doc({
      summary: 'Duplicate a flow’s draft as a new, unpublished flow',
      params: FlowParams,
      response: Flow,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return flows.duplicate({ ...parse(FlowParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/flows/:flowId/publish',
    doc({
      summary: 'Publish the draft as a new immutable version and turn the triggers on',
      params: FlowParams,
      body: PublishFlow,
      response: Flow,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { message } = parse(PublishFlow, req.body ?? {});
      return flows.publish({ ...parse(FlowParams, req.params), userId: user.id, message });
    },
  );
  app.get(
    '/api/flows/:flowId/versions',
    doc({ summary: 'A flow’s published versions, newest first', params: FlowParams, response: z.array(FlowVersion) }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.versions({ ...parse(FlowParams, req.params), userId: user.id });
    },
  );
  app.get(
    '/api/flows/:flowId/versions/:versionId',
    doc({ summary: 'One published version with its graph', params: VersionParams, response: FlowVersion }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.version({ ...parse(VersionParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/flows/:flowId/versions/:versionId/restore',
    doc({ summary: 'Copy a version’s graph into the draft', params: VersionParams, response: Flow }),
    async (req) => {
      const user = await session.requireUser(req);
      return flows.restoreVersion({ ...parse(VersionParams, req.params), userId: user.id });
    },
  );
  app.get(
    '/api/flows/:flowId/export',
    doc({
      summary: 'Export a flow as JSON (import it with POST /api/flows and its graph)',
      params: FlowParams,
      response: FlowExport,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const file = await flows.exportFlow({ ...parse(FlowParams, req.params), userId: user.id });
      const filename = `${file.name.replace(/[^\w .-]+/g, '').trim() || 'flow'}.flow.json`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
      return file;
    },
  );
}
