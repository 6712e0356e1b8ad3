import { AppError } from '@flowmind/shared/errors';
import { validateGraph } from '@flowmind/shared/flow-steps';
import { FLOW_TEMPLATES } from '@flowmind/shared/flow-templates';
import {
  type CreateFlow,
  type Flow,
  type FlowExport,
  FlowGraph,
  type FlowVersion,
  type UpdateFlow,
} from '@flowmind/shared/flows';
import type { IntegrationTriggerStatus } from '@flowmind/shared/integrations/define-integration';
import type { z } from 'zod';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId, newToken } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { type FlowPatch, type FlowRow, flowRepository, toFlow, toVersion, triggerOf } from './flow.repository';
import { nextFire, scheduleSpec } from './triggers/schedule';
import { hashWebhookSecrets } from './triggers/webhook-secret';

export const flowTopic = (flowId: string) => `flow:${flowId}`;

/** A new flow starts with a manual trigger, so Run works at once. */
export function blankGraph(): FlowGraph {
  return {
    nodes: [
      {
        id: 'trigger',
        type: 'trigger.manual',
        name: 'Manual trigger',
        position: { x: 0, y: 0 },
        params: {},
        settings: {},
      },
    ],
    edges: [],
    stickies: [],
  };
}

const token = (length: number) => newToken().replace(/[-_]/g, '').slice(0, length).toLowerCase();

export type FlowTriggerSync = (flow: FlowRow) => Promise<void>;

export function flowService({
  db,
  bus,
  accounts,
  inboundDomain,
  onTriggersChanged = async () => {},
  triggerStatus,
  requireOwnConnections,
}: {
  db: Db;
  bus: ChangeBus;
  accounts: AccountService;
  inboundDomain: string;
  /** Schedules and other listeners follow the published, active state. */
  onTriggersChanged?: FlowTriggerSync;
  /** How an integration trigger listens (`flows/triggers/integration-triggers.ts`). */
  triggerStatus?: (flow: FlowRow) => Promise<IntegrationTriggerStatus>;
  /** Refuses a graph naming a connection that is not the account's (`IntegrationService`). */
  requireOwnConnections: (accountId: string, graph: FlowGraph) => Promise<void>;
}) {
  const repo = flowRepository(db);

  async function requireFlow(flowId: string, userId: string, { allowTrashed = false } = {}): Promise<FlowRow> {
    const flow = await repo.resolveForMember(flowId, userId);
    if (!flow || (flow.deletedAt && !allowTrashed)) throw new AppError('not_found', 'Flow not found');
    return flow;
  }

  const publish = (flow: { id: string; accountId: string }) =>
    bus.publish([flowTopic(flow.id), topics.account(flow.accountId)]);

  async function present(accountId: string, flowId: string): Promise<Flow> {
    const row = await repo.withVersion(accountId, flowId);
    if (!row) throw new AppError('not_found', 'Flow not found');
    return toFlow(row.flow, {
      publishedVersion: row.publishedVersion ?? null,
      publishedAt: row.publishedAt ?? null,
      inboundDomain,
    });
  }

  async function insertFlow({
    accountId,
    userId,
    name,
    description,
    graph,
  }: {
    accountId: string;
    userId: string;
    name: string;
    description: string;
    graph: FlowGraph;
  }) {
    const id = newId('flw');
    await repo.insert(accountId, {
      id,
      name,
      description,
      graph: hashWebhookSecrets(graph),
      triggerType: triggerOf(graph),
      webhookId: token(24),
      emailToken: token(12),
      createdBy: userId,
    });
    return id;
  }

  return {
    requireFlow,
    present,

    async list({
      accountId,
      userId,
      search,
      trash,
    }: {
      accountId: string;
      userId: string;
      search?: string;
      trash?: boolean;
    }) {
      await accounts.requireMember(accountId, userId);
      const rows = await repo.list({ accountId, search, trash });
      return rows.map((r) =>
        toFlow(r.flow, {
          publishedVersion: r.publishedVersion ?? null,
          publishedAt: r.publishedAt ?? null,
          inboundDomain,
        }),
      );
    },

    async get({ flowId, userId }: { flowId: string; userId: string }) {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      return present(flow.accountId, flow.id);
    },

    async create({ userId, input }: { userId: string; input: z.output<typeof CreateFlow> }) {
      await accounts.requireMember(input.accountId, userId);
      let graph = input.graph ?? blankGraph();
      let description = input.description ?? '';
      if (input.templateId) {
        const template = FLOW_TEMPLATES.find((t) => t.id === input.templateId);
        if (!template) throw new AppError('bad_request', 'No such template', 'templateId');
        graph = FlowGraph.parse(template.graph);
        description ||= template.description;
      }
      const id = await insertFlow({ accountId: input.accountId, userId, name: input.name, description, graph });
      publish({ id, accountId: input.accountId });
      return present(input.accountId, id);
    },

    async update({ flowId, userId, input }: { flowId: string; userId: string; input: z.output<typeof UpdateFlow> }) {
      const flow = await requireFlow(flowId, userId);
      const patch: FlowPatch = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description;
      if (input.graph !== undefined) {
        patch.graph = hashWebhookSecrets(input.graph);
        patch.triggerType = triggerOf(input.graph);
      }
      if (input.saveExecutions !== undefined) patch.saveExecutions = input.saveExecutions;
      if (input.active !== undefined) {
        if (input.active && !flow.publishedVersionId)
          throw new AppError('conflict', 'Publish the flow before turning it on');
        patch.active = input.active;
      }
      if (Object.keys(patch).length === 0) return present(flow.accountId, flow.id);
      const row = await repo.update(flow.accountId, flow.id, patch, {
        bumpRevision: input.graph !== undefined,
        ifRevision: input.graph !== undefined ? input.baseRevision : undefined,
      });
      if (!row)
        throw new AppError(
          'conflict',
          'This flow was changed elsewhere since you opened it. Reload to see the latest draft.',
        );
      if (input.active !== undefined) await onTriggersChanged(row);
      publish(flow);
      return present(flow.accountId, flow.id);
    },

    async remove({ flowId, userId, permanent }: { flowId: string; userId: string; permanent: boolean }) {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      if (permanent) {
        await repo.delete(flow.accountId, flow.id);
      } else {
        const row = await repo.update(flow.accountId, flow.id, { deletedAt: new Date() });
        if (row) await onTriggersChanged(row);
      }
      if (permanent) await onTriggersChanged({ ...flow, deletedAt: new Date() });
      publish(flow);
    },

    async restore({ flowId, userId }: { flowId: string; userId: string }) {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      const row = await repo.update(flow.accountId, flow.id, { deletedAt: null });
      if (row) await onTriggersChanged(row);
      publish(flow);
      return present(flow.accountId, flow.id);
    },

    async duplicate({ flowId, userId }: { flowId: string; userId: string }) {
      const flow = await requireFlow(flowId, userId);
      const id = await insertFlow({
        accountId: flow.accountId,
        userId,
        name: `${flow.name} (copy)`.slice(0, 120),
        description: flow.description,
        graph: flow.graph as FlowGraph,
      });
      publish(flow);
      return present(flow.accountId, id);
    },

    /** Freezes the draft as the next version and points the flow's triggers at it. */
    async publish({ flowId, userId, message }: { flowId: string; userId: string; message?: string }) {
      const flow = await requireFlow(flowId, userId);
      const graph = flow.graph as FlowGraph;
      const issues = validateGraph(graph);
      if (issues.length > 0) {
        const issue = issues[0];
        const index = graph.nodes.findIndex((n) => n.id === issue?.nodeId);
        const node = graph.nodes[index];
        throw new AppError(
          'bad_request',
          node ? `${node.name}: ${issue?.message}` : (issue?.message ?? 'The flow is not valid'),
          // The param at fault, so a client can point at the step's field.
          node && issue?.field ? `graph.nodes.${index}.params.${issue.field}` : 'graph',
        );
      }
      await requireOwnConnections(flow.accountId, graph);
      const spec = scheduleSpec(graph);
      if (spec) {
        try {
          nextFire(spec, new Date());
        } catch (error) {
          throw new AppError('bad_request', (error as Error).message, 'graph');
        }
      }
      const versionId = newId('flv');
      const row = await db.transaction(async (tx) => {
        const next = await repo.nextVersionNumber(flow.accountId, flow.id, tx);
        await repo.insertVersion(
          flow.accountId,
          { id: versionId, flowId: flow.id, version: next, message: message ?? '', graph, createdBy: userId },
          tx,
        );
        const updated = await repo.update(
          flow.accountId,
          flow.id,
          { publishedVersionId: versionId, publishedRevision: flow.revision, active: true },
          { ifRevision: flow.revision },
          tx,
        );
        if (!updated) throw new AppError('conflict', 'The draft changed while publishing. Publish again.');
        return updated;
      });
      await onTriggersChanged(row);
      publish(flow);
      return present(flow.accountId, flow.id);
    },

    async versions({ flowId, userId }: { flowId: string; userId: string }): Promise<FlowVersion[]> {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      const rows = await repo.versions(flow.accountId, flow.id);
      return rows.map((r) => toVersion(r.version, r.author?.id ? r.author : null));
    },

    async version({ flowId, versionId, userId }: { flowId: string; versionId: string; userId: string }) {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      const row = await repo.version(flow.accountId, flow.id, versionId);
      if (!row) throw new AppError('not_found', 'Version not found');
      return toVersion(row.version, row.author?.id ? row.author : null);
    },

    /** Copies a version's graph into the draft (the published version stays until the next Publish). */
    async restoreVersion({ flowId, versionId, userId }: { flowId: string; versionId: string; userId: string }) {
      const flow = await requireFlow(flowId, userId);
      const row = await repo.version(flow.accountId, flow.id, versionId);
      if (!row) throw new AppError('not_found', 'Version not found');
      const graph = row.version.graph as FlowGraph;
      await repo.update(flow.accountId, flow.id, { graph, triggerType: triggerOf(graph) }, { bumpRevision: true });
      publish(flow);
      return present(flow.accountId, flow.id);
    },

    /** How the flow's integration trigger listens, for members of its account. */
    async triggerStatus({ flowId, userId }: { flowId: string; userId: string }): Promise<IntegrationTriggerStatus> {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      if (!triggerStatus) return { mode: null, listening: false, status: null, message: null, lastPolledAt: null };
      return triggerStatus(flow);
    },

    async exportFlow({ flowId, userId }: { flowId: string; userId: string }): Promise<FlowExport> {
      const flow = await requireFlow(flowId, userId, { allowTrashed: true });
      return {
        flowmind: 'flow',
        version: 1,
        name: flow.name,
        description: flow.description,
        graph: flow.graph as FlowGraph,
      };
    },
  };
}

export type FlowService = ReturnType<typeof flowService>;
