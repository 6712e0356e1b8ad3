import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowGraph, Item } from '@flowmind/shared/flows';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { flows, flowVersions } from '../../db/schema';
import type { RecordEvent } from '../../tables/record-event';
import type { FlowRuntime } from '../engine/runtime';

type Listener = {
  flowId: string;
  accountId: string;
  versionId: string;
  version: number;
  graph: FlowGraph;
  event: string;
};

const CACHE_MS = 2000;

/** One item per record: its id, what happened, fields by name and values by field id. */
export function recordItems(event: RecordEvent): Item[] {
  return event.records.map((record) => ({
    id: record.id,
    event: event.kind,
    tableId: event.table.id,
    fields: Object.fromEntries(event.fields.map((f) => [f.name, record.values[f.id] ?? null])),
    values: record.values,
  }));
}

/**
 * Starts the flows listening to a table when its records are created or updated through the API.
 * Listeners are looked up per table and kept two seconds.
 */
export function tableTriggers({ db, runtime, logger }: { db: Db; runtime: () => FlowRuntime | null; logger: Logger }) {
  const cache = new Map<string, { listeners: Listener[]; at: number }>();

  async function listenersOf(tableId: string, accountId: string): Promise<Listener[]> {
    const hit = cache.get(tableId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.listeners;
    const rows = await db
      .select({ flow: flows, version: flowVersions })
      .from(flows)
      .innerJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
      .where(
        and(
          eq(flows.accountId, accountId),
          eq(flows.active, true),
          isNull(flows.deletedAt),
          sql`${flowVersions.graph} @> ${JSON.stringify({ nodes: [{ type: 'trigger.table', params: { tableId } }] })}::jsonb`,
        ),
      );
    const listeners = rows.flatMap(({ flow, version }) => {
      const graph = version.graph as FlowGraph;
      const trigger = graph.nodes.find((n) => n.type === 'trigger.table');
      if (!trigger) return [];
      const params = paramsWithDefaults(trigger);
      if (params.tableId !== tableId) return [];
      return [
        {
          flowId: flow.id,
          accountId: flow.accountId,
          versionId: version.id,
          version: version.version,
          graph,
          event: String(params.event ?? 'created'),
        },
      ];
    });
    cache.set(tableId, { listeners, at: Date.now() });
    return listeners;
  }

  return {
    clear: () => cache.clear(),
    onRecords(event: RecordEvent) {
      const flowsRuntime = runtime();
      if (!flowsRuntime || event.records.length === 0) return;
      // A flow's own writes do not start it again.
      const writer = event.byFlowId;
      void (async () => {
        const listeners = await listenersOf(event.table.id, event.table.accountId);
        for (const listener of listeners) {
          if (listener.flowId === writer) continue;
          if (listener.event !== 'both' && listener.event !== event.kind) continue;
          await flowsRuntime.start({
            accountId: listener.accountId,
            flowId: listener.flowId,
            versionId: listener.versionId,
            version: listener.version,
            graph: listener.graph,
            mode: 'table',
            trigger: recordItems(event),
          });
        }
      })().catch((error) => logger.error({ err: error, tableId: event.table.id }, 'table trigger failed'));
    },
  };
}

export type TableTriggers = ReturnType<typeof tableTriggers>;
