import {
  ExecutionDetail,
  ExecutionPage,
  ExecutionStatus,
  ExecutionStep,
  ExpressionPreview,
  ListExecutionsQuery,
  PreviewExpression,
  RerunExecution,
  RunFlow,
} from '@flowmind/shared/flows';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { ExecutionService } from './execution.service';

const Id = z.string().min(1).max(64);
const FlowParams = z.object({ flowId: Id });
const ExecutionParams = z.object({ executionId: Id });
const StepRunParams = z.object({ executionId: Id, nodeId: Id, runIndex: z.coerce.number().int().min(0) });
const ListQueryDoc = z.object({
  accountId: z.string().optional(),
  flowId: z.string().optional(),
  status: ExecutionStatus.optional(),
  limit: z.string().optional().describe('1 to 200, default 50'),
  cursor: z.string().optional().describe('next_cursor of the previous page'),
});
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Executions'], ...route } } });

export function registerExecutionRoutes(
  app: FastifyInstance,
  { session, executions }: { session: SessionReader; executions: ExecutionService },
) {
  app.post(
    '/api/flows/:flowId/run',
    doc({
      summary: 'Run the draft (or the published version) now; with nodeId, test up to that step',
      params: FlowParams,
      body: RunFlow,
      response: ExecutionDetail,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(RunFlow, req.body ?? {});
      reply.status(201);
      return executions.run({ ...parse(FlowParams, req.params), userId: user.id, input });
    },
  );
  app.post(
    '/api/flows/:flowId/preview-expression',
    doc({
      summary: 'Evaluate a {{ }} template against a step’s input in the latest execution',
      params: FlowParams,
      body: PreviewExpression,
      response: ExpressionPreview,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return executions.preview({
        ...parse(FlowParams, req.params),
        userId: user.id,
        input: parse(PreviewExpression, req.body),
      });
    },
  );
  app.get(
    '/api/executions',
    doc({
      summary: 'An account’s (or a flow’s) executions, newest first, with a status filter',
      query: ListQueryDoc,
      response: ExecutionPage,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return executions.list({ userId: user.id, query: parse(ListExecutionsQuery, req.query) });
    },
  );
  app.get(
    '/api/executions/:executionId',
    doc({
      summary: 'One execution with the graph it ran and each step’s input, output, logs and timing',
      params: ExecutionParams,
      response: ExecutionDetail,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return executions.get({ ...parse(ExecutionParams, req.params), userId: user.id });
    },
  );
  app.get(
    '/api/executions/:executionId/steps/:nodeId/:runIndex',
    doc({
      summary: 'One run of one step of an execution (a step in a loop runs many times)',
      params: StepRunParams,
      response: ExecutionStep,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return executions.stepRun({ ...parse(StepRunParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/executions/:executionId/cancel',
    doc({
      summary: 'Cancel a queued, waiting or running execution',
      params: ExecutionParams,
      response: ExecutionDetail,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return executions.cancel({ ...parse(ExecutionParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/executions/:executionId/rerun',
    doc({
      summary: 'Run again with the same trigger data, from the start or from a step (keeping earlier steps’ results)',
      params: ExecutionParams,
      body: RerunExecution,
      response: ExecutionDetail,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { fromNodeId } = parse(RerunExecution, req.body ?? {});
      reply.status(201);
      return executions.rerun({ ...parse(ExecutionParams, req.params), userId: user.id, fromNodeId });
    },
  );
}
