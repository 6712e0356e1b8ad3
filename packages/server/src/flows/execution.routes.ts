import {
  ExecutionDetail,
  ExecutionPage,
  ExecutionStep,
  ExpressionPreview,
  ListExecutionsQuery,
  PreviewExpression,
  RerunExecution,
  RunFlow,
} from '@flowmind/shared/flows';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { ExecutionService } from './execution.service';

const Id = z.string().min(1).max(64);
const FlowParams = z.object({ flowId: Id });
const ExecutionParams = z.object({ executionId: Id });
const StepRunParams = z.object({ executionId: Id, nodeId: Id, runIndex: z.coerce.number().int().min(0) });
const doc = <const S extends object>(route: S) => ({ tags: ['Executions'], ...route });

export function registerExecutionRoutes(
  app: FastifyInstance,
  { session, executions }: { session: SessionReader; executions: ExecutionService },
) {
  const route = routesFor(app, session);
  route.post(
    '/api/flows/:flowId/run',
    doc({
      summary: 'Run the draft (or the published version) now; with nodeId, test up to that step',
      params: FlowParams,
      body: RunFlow,
      response: ExecutionDetail,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      const input = body;
      reply.status(201);
      return executions.run({ ...params, userId: user.id, input });
    },
  );
  route.post(
    '/api/flows/:flowId/preview-expression',
    doc({
      summary: 'Evaluate a {{ }} template against a step’s input in the latest execution',
      params: FlowParams,
      body: PreviewExpression,
      response: ExpressionPreview,
    }),
    async ({ user, params, body }) => {
      return executions.preview({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.get(
    '/api/executions',
    doc({
      summary: 'An account’s (or a flow’s) executions, newest first, with a status filter',
      query: ListExecutionsQuery,
      response: ExecutionPage,
    }),
    ({ user, query }) => executions.list({ userId: user.id, query }),
  );
  route.get(
    '/api/executions/:executionId',
    doc({
      summary: 'One execution with the graph it ran and each step’s input, output, logs and timing',
      params: ExecutionParams,
      response: ExecutionDetail,
    }),
    async ({ user, params }) => {
      return executions.get({ ...params, userId: user.id });
    },
  );
  route.get(
    '/api/executions/:executionId/steps/:nodeId/:runIndex',
    doc({
      summary: 'One run of one step of an execution (a step in a loop runs many times)',
      params: StepRunParams,
      response: ExecutionStep,
    }),
    async ({ user, params }) => {
      return executions.stepRun({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/executions/:executionId/cancel',
    doc({
      summary: 'Cancel a queued, waiting or running execution',
      params: ExecutionParams,
      response: ExecutionDetail,
    }),
    async ({ user, params }) => {
      return executions.cancel({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/executions/:executionId/rerun',
    doc({
      summary: 'Run again with the same trigger data, from the start or from a step (keeping earlier steps’ results)',
      params: ExecutionParams,
      body: RerunExecution,
      response: ExecutionDetail,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      const { fromNodeId } = body;
      reply.status(201);
      return executions.rerun({ ...params, userId: user.id, fromNodeId });
    },
  );
}
