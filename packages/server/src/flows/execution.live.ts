import type { LiveDoc } from '@flowmind/shared/live';
import { topics } from '../live/change-bus';
import type { LiveHub } from '../live/live-hub';
import { executionsTopic, executionTopic } from './engine/runtime';
import type { ExecutionService } from './execution.service';
import { flowTopic } from './flow.service';

/** Live paths for executions: one (with its steps, as they finish), an account's latest, a flow's latest. */
export function registerExecutionLiveSources(hub: LiveHub, { executions }: { executions: ExecutionService }) {
  hub.register({
    pattern: 'executions/:executionId',
    async load({ userId, params }) {
      const doc = await executions.get({ executionId: params.executionId as string, userId });
      return {
        doc: doc as LiveDoc,
        topics: [executionTopic(doc.id), topics.account(doc.accountId), topics.user(userId)],
      };
    },
  });
  hub.register({
    pattern: 'accounts/:accountId/executions',
    async load({ userId, params, limit }) {
      const accountId = params.accountId as string;
      const page = await executions.list({ userId, query: { accountId, limit: Math.min(limit, 200) } });
      return {
        docs: page.executions as LiveDoc[],
        topics: [executionsTopic(accountId), topics.account(accountId), topics.user(userId)],
      };
    },
  });
  hub.register({
    pattern: 'flows/:flowId/executions',
    async load({ userId, params, limit }) {
      const flowId = params.flowId as string;
      const page = await executions.list({ userId, query: { flowId, limit: Math.min(limit, 200) } });
      const accountId = page.executions[0]?.accountId;
      return {
        docs: page.executions as LiveDoc[],
        topics: [flowTopic(flowId), ...(accountId ? [executionsTopic(accountId)] : []), topics.user(userId)],
      };
    },
  });
}
