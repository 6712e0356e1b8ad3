import type { LiveDoc } from '@flowmind/shared/live';
import { topics } from '../live/change-bus';
import type { LiveHub } from '../live/live-hub';
import { type FlowService, flowTopic } from './flow.service';

/** Live paths for flows: an account's list (or trash) and one flow. */
export function registerFlowLiveSources(hub: LiveHub, { flows }: { flows: FlowService }) {
  for (const [pattern, trash] of [
    ['accounts/:accountId/flows', false],
    ['accounts/:accountId/flows-trash', true],
  ] as const) {
    hub.register({
      pattern,
      async load({ userId, params, limit }) {
        const accountId = params.accountId as string;
        const docs = await flows.list({ accountId, userId, trash });
        return { docs: docs.slice(0, limit) as LiveDoc[], topics: [topics.account(accountId), topics.user(userId)] };
      },
    });
  }
  hub.register({
    pattern: 'flows/:flowId',
    async load({ userId, params }) {
      const doc = await flows.get({ flowId: params.flowId as string, userId });
      return { doc: doc as LiveDoc, topics: [flowTopic(doc.id), topics.account(doc.accountId), topics.user(userId)] };
    },
  });
}
