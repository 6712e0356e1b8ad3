import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowGraph, FlowNode } from '@flowmind/shared/flows';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import {
  CONNECTION_PARAM,
  type IntegrationTriggerStatus,
  integrationTriggerOf,
  triggerStepType,
} from '@flowmind/shared/integrations/define-integration';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flows, flowVersions } from '../../db/schema';
import { integrationConnections, integrationTriggerItems, integrationTriggers } from '../../db/schema-integrations';
import type { IntegrationTrigger, TriggerItem } from '../../integrations/define-integration';
import { INTEGRATIONS, integrationFor } from '../../integrations/registry';
import type { FlowRuntime } from '../engine/runtime';
import type { FlowRow } from '../flow.repository';

export type IntegrationTriggerRow = typeof integrationTriggers.$inferSelect;

/** The trigger node of a graph and the integration trigger it is, or null when its trigger is another kind. */
export function integrationTriggerNode(
  graph: FlowGraph,
): { node: FlowNode; provider: IntegrationProviderId; trigger: IntegrationTrigger } | null {
  for (const node of graph.nodes) {
    const named = integrationTriggerOf(node.type);
    if (!named) continue;
    const trigger = integrationFor(named.provider)?.triggers?.find((t) => t.info.name === named.name);
    if (trigger) return { node, provider: named.provider as IntegrationProviderId, trigger };
  }
  return null;
}

/** The trigger of a row, from the registry (null when this server no longer has it). */
export function triggerOfRow(row: Pick<IntegrationTriggerRow, 'stepType'>) {
  const named = integrationTriggerOf(row.stepType);
  if (!named) return null;
  const trigger = integrationFor(named.provider)?.triggers?.find((t) => t.info.name === named.name);
  return trigger ? { provider: named.provider as IntegrationProviderId, trigger } : null;
}

/** JSON with object keys sorted: jsonb gives keys back in its own order, not the one they were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * Keeps `integration_triggers` in line with a flow: a published, active flow whose published
 * version starts with an integration trigger has a row; any other has none. Publishing again with
 * the same connection and params keeps the cursor (no item twice, none skipped); anything else,
 * and turning the flow on again, starts afresh: the first poll only records where things are.
 */
export async function syncIntegrationTrigger(
  db: Db,
  flow: FlowRow,
  { eventsReady }: { eventsReady: (provider: IntegrationProviderId) => boolean },
) {
  const listening = flow.active && !flow.deletedAt && flow.publishedVersionId;
  const [version] = listening
    ? await db
        .select()
        .from(flowVersions)
        .where(eq(flowVersions.id, flow.publishedVersionId as string))
    : [];
  const found = version ? integrationTriggerNode(version.graph as FlowGraph) : null;
  if (!version || !found) {
    await db.delete(integrationTriggers).where(eq(integrationTriggers.flowId, flow.id));
    return;
  }
  const params = paramsWithDefaults(found.node);
  const connectionId = String(params[CONNECTION_PARAM] ?? '').trim();
  const mode = found.trigger.event && eventsReady(found.provider) ? 'events' : 'poll';
  const [existing] = await db.select().from(integrationTriggers).where(eq(integrationTriggers.flowId, flow.id));
  const same =
    existing &&
    existing.stepType === found.node.type &&
    existing.connectionId === connectionId &&
    sameJson(existing.params, params);
  const row = {
    flowId: flow.id,
    accountId: flow.accountId,
    versionId: version.id,
    nodeId: found.node.id,
    stepType: found.node.type,
    connectionId,
    params,
    mode,
    cursor: same ? existing.cursor : null,
    nextPollAt: new Date(),
    status: 'listening',
    statusMessage: null,
  };
  await db.insert(integrationTriggers).values(row).onConflictDoUpdate({ target: integrationTriggers.flowId, set: row });
}

/**
 * Moves published integration triggers onto how this server listens now: to pushed events when
 * their provider sends them here (its signing secret was set after publishing), back to polling
 * when it no longer does. A moved trigger starts afresh, as after publishing. Run when a worker
 * starts: the configuration changes only with a restart.
 */
export async function followEventSupport(
  db: Db,
  { eventsReady }: { eventsReady: (provider: IntegrationProviderId) => boolean },
): Promise<number> {
  let moved = 0;
  for (const integration of INTEGRATIONS) {
    const types = (integration.triggers ?? [])
      .filter((trigger) => trigger.event)
      .map((trigger) => triggerStepType(integration.provider, trigger.info.name));
    if (types.length === 0) continue;
    const mode = eventsReady(integration.provider) ? 'events' : 'poll';
    const rows = await db
      .update(integrationTriggers)
      .set({ mode, cursor: null, nextPollAt: new Date() })
      .where(and(inArray(integrationTriggers.stepType, types), sql`${integrationTriggers.mode} <> ${mode}`))
      .returning({ flowId: integrationTriggers.flowId });
    moved += rows.length;
  }
  return moved;
}

/** A flow listening through an integration trigger, as the runs it starts need it. */
export type TriggerListener = {
  flowId: string;
  accountId: string;
  versionId: string;
  version: number;
  graph: FlowGraph;
};

/**
 * Starts one run per item not seen before, in order. The items' keys are claimed first (a unique
 * row per flow and key), so an item that comes again, in a later poll or as a retried event,
 * never starts a second run. With `advance`, the claim and the cursor move in one transaction,
 * and only if the cursor is still the one the poll read (another worker's poll did not get there first).
 */
export async function startTriggerItems(
  db: Db,
  runtime: FlowRuntime,
  listener: TriggerListener,
  items: readonly TriggerItem[],
  advance?: { from: unknown; to: unknown },
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    if (advance) {
      const moved = await tx
        .update(integrationTriggers)
        .set({ cursor: advance.to, lastPolledAt: new Date(), statusMessage: null })
        .where(
          and(
            eq(integrationTriggers.flowId, listener.flowId),
            eq(integrationTriggers.accountId, listener.accountId),
            sql`${integrationTriggers.cursor} IS NOT DISTINCT FROM ${advance.from === null ? null : JSON.stringify(advance.from)}::jsonb`,
          ),
        )
        .returning({ flowId: integrationTriggers.flowId });
      if (moved.length === 0) return new Set<string>();
    }
    if (items.length === 0) return new Set<string>();
    const rows = await tx
      .insert(integrationTriggerItems)
      .values(items.map((item) => ({ flowId: listener.flowId, itemKey: item.key })))
      .onConflictDoNothing()
      .returning({ key: integrationTriggerItems.itemKey });
    return new Set(rows.map((row) => row.key));
  });
  let started = 0;
  for (const item of items) {
    if (!claimed.delete(item.key)) continue;
    await runtime.start({
      accountId: listener.accountId,
      flowId: listener.flowId,
      versionId: listener.versionId,
      version: listener.version,
      graph: listener.graph,
      mode: 'integration',
      trigger: [item.item],
    });
    started += 1;
  }
  return started;
}

/**
 * What the editor shows under an integration trigger: how it listens (or would, once published:
 * events when the provider pushes them to this server, else polling) and whether all is well.
 */
export async function integrationTriggerStatus(
  db: Db,
  flow: Pick<FlowRow, 'id' | 'accountId' | 'graph'>,
  { eventsReady }: { eventsReady: (provider: IntegrationProviderId) => boolean },
): Promise<IntegrationTriggerStatus> {
  const [row] = await db
    .select()
    .from(integrationTriggers)
    .where(and(eq(integrationTriggers.flowId, flow.id), eq(integrationTriggers.accountId, flow.accountId)));
  const draft = integrationTriggerNode(flow.graph as FlowGraph);
  const wouldBe = draft ? (draft.trigger.event && eventsReady(draft.provider) ? 'events' : 'polling') : null;
  return {
    mode: row ? (row.mode === 'events' ? 'events' : 'polling') : wouldBe,
    listening: Boolean(row),
    status: row ? (row.status === 'stopped' ? 'stopped' : 'listening') : null,
    message: row?.statusMessage ?? null,
    lastPolledAt: row?.lastPolledAt?.toISOString() ?? null,
  };
}

/**
 * The published, active flows listening for pushed events through connections of the external
 * account `externalId` (a Slack team): only flows of accounts whose own connection is that
 * account, so one team's events never start another account's flows.
 */
export async function eventListeners(db: Db, provider: IntegrationProviderId, externalId: string) {
  const rows = await db
    .select({ trigger: integrationTriggers, version: flowVersions })
    .from(integrationTriggers)
    .innerJoin(
      integrationConnections,
      and(
        eq(integrationConnections.id, integrationTriggers.connectionId),
        eq(integrationConnections.accountId, integrationTriggers.accountId),
      ),
    )
    .innerJoin(flows, and(eq(flows.id, integrationTriggers.flowId), eq(flows.accountId, integrationTriggers.accountId)))
    .innerJoin(flowVersions, eq(flowVersions.id, integrationTriggers.versionId))
    .where(
      and(
        eq(integrationConnections.provider, provider),
        eq(integrationConnections.externalId, externalId),
        eq(integrationConnections.status, 'connected'),
        eq(integrationTriggers.mode, 'events'),
        eq(integrationTriggers.status, 'listening'),
        eq(flows.active, true),
        sql`${flows.deletedAt} IS NULL`,
        isNotNull(flows.publishedVersionId),
      ),
    );
  return rows.flatMap(({ trigger, version }) => {
    const found = triggerOfRow(trigger);
    if (!found?.trigger.event) return [];
    const parsed = found.trigger.info.input.safeParse(trigger.params);
    if (!parsed.success) return [];
    return [
      {
        listener: {
          flowId: trigger.flowId,
          accountId: trigger.accountId,
          versionId: version.id,
          version: version.version,
          graph: version.graph as FlowGraph,
        },
        trigger: found.trigger,
        input: parsed.data,
      },
    ];
  });
}
