import type { ExecutionStatus, Flow, FlowGraph, FlowVersion, TriggerType } from '@flowmind/shared/flows';
import { integrationTriggerOf } from '@flowmind/shared/integrations/define-integration';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { flows, flowVersions, users } from '../db/schema';

export type FlowRow = typeof flows.$inferSelect;
type VersionRow = typeof flowVersions.$inferSelect;
/** The columns a caller may change on a flow row; `revision` moves only through `bumpRevision`. */
export type FlowPatch = Partial<
  Pick<
    typeof flows.$inferInsert,
    | 'name'
    | 'description'
    | 'graph'
    | 'triggerType'
    | 'saveExecutions'
    | 'active'
    | 'deletedAt'
    | 'publishedVersionId'
    | 'publishedRevision'
  >
>;
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The trigger of a graph: its first node whose type starts with `trigger.`. */
export function triggerOf(graph: FlowGraph): TriggerType {
  const node = graph.nodes.find((n) => n.type.startsWith('trigger.'));
  if (node && integrationTriggerOf(node.type)) return 'integration';
  return (node?.type.slice('trigger.'.length) as TriggerType | undefined) ?? 'manual';
}

export function toFlow(
  row: FlowRow,
  {
    publishedVersion,
    publishedAt,
    inboundDomain,
  }: { publishedVersion: number | null; publishedAt: Date | null; inboundDomain: string },
): Flow {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    description: row.description,
    graph: row.graph as FlowGraph,
    revision: row.revision,
    triggerType: row.triggerType as TriggerType,
    active: row.active,
    publishedVersion: publishedVersion,
    publishedAt: publishedAt ? publishedAt.toISOString() : null,
    hasUnpublishedChanges: row.publishedRevision === null || row.publishedRevision !== row.revision,
    webhookId: row.webhookId,
    emailAddress: `flow-${row.emailToken}@${inboundDomain}`,
    lastExecution:
      row.lastExecutionId && row.lastExecutionAt
        ? {
            id: row.lastExecutionId,
            status: row.lastExecutionStatus as ExecutionStatus,
            createdAt: row.lastExecutionAt.toISOString(),
          }
        : null,
    executionCounts: {
      total: row.executionsTotal,
      succeeded: row.executionsSucceeded,
      failed: row.executionsFailed,
    },
    saveExecutions: row.saveExecutions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

export function toVersion(row: VersionRow, author: { id: string; name: string } | null): FlowVersion {
  return {
    id: row.id,
    flowId: row.flowId,
    version: row.version,
    message: row.message,
    graph: row.graph as FlowGraph,
    createdBy: author,
    createdAt: row.createdAt.toISOString(),
  };
}

export function flowRepository(db: Db) {
  return {
    async resolveForMember(flowId: string, userId: string): Promise<FlowRow | null> {
      const [row] = await db
        .select()
        .from(flows)
        .where(
          and(
            eq(flows.id, flowId),
            sql`exists (select 1 from account_members m where m.account_id = ${flows.accountId} and m.user_id = ${userId})`,
          ),
        );
      return row ?? null;
    },

    async get(accountId: string, flowId: string, tx: Tx = db): Promise<FlowRow | null> {
      const [row] = await tx
        .select()
        .from(flows)
        .where(and(eq(flows.accountId, accountId), eq(flows.id, flowId)));
      return row ?? null;
    },

    async list({
      accountId,
      search,
      trash,
      limit = 300,
    }: {
      accountId: string;
      search?: string;
      trash?: boolean;
      limit?: number;
    }) {
      const conditions = [
        eq(flows.accountId, accountId),
        trash ? sql`${flows.deletedAt} is not null` : sql`${flows.deletedAt} is null`,
      ];
      if (search?.trim()) {
        const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(${flows.name} ilike ${like} or ${flows.description} ilike ${like})`);
      }
      return db
        .select({ flow: flows, publishedVersion: flowVersions.version, publishedAt: flowVersions.createdAt })
        .from(flows)
        .leftJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
        .where(and(...conditions))
        .orderBy(desc(flows.updatedAt), asc(flows.id))
        .limit(limit);
    },

    async withVersion(accountId: string, flowId: string) {
      const [row] = await db
        .select({ flow: flows, publishedVersion: flowVersions.version, publishedAt: flowVersions.createdAt })
        .from(flows)
        .leftJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
        .where(and(eq(flows.accountId, accountId), eq(flows.id, flowId)));
      return row ?? null;
    },

    async versions(accountId: string, flowId: string) {
      return db
        .select({ version: flowVersions, author: { id: users.id, name: users.name } })
        .from(flowVersions)
        .leftJoin(users, eq(users.id, flowVersions.createdBy))
        .where(and(eq(flowVersions.accountId, accountId), eq(flowVersions.flowId, flowId)))
        .orderBy(desc(flowVersions.version))
        .limit(500);
    },

    async version(accountId: string, flowId: string, versionId: string) {
      const [row] = await db
        .select({ version: flowVersions, author: { id: users.id, name: users.name } })
        .from(flowVersions)
        .leftJoin(users, eq(users.id, flowVersions.createdBy))
        .where(
          and(eq(flowVersions.accountId, accountId), eq(flowVersions.flowId, flowId), eq(flowVersions.id, versionId)),
        );
      return row ?? null;
    },

    async insert(
      accountId: string,
      flow: Omit<typeof flows.$inferInsert, 'accountId'> & { id: string },
      tx: Tx = db,
    ): Promise<void> {
      await tx.insert(flows).values({ ...flow, accountId });
    },

    /**
     * Applies `patch` to the account's flow. `bumpRevision` moves the draft revision on by one;
     * `ifRevision` applies the patch only while the flow is still at that revision.
     * Returns the updated row, or null when no row matched.
     */
    async update(
      accountId: string,
      flowId: string,
      patch: FlowPatch,
      { bumpRevision = false, ifRevision }: { bumpRevision?: boolean; ifRevision?: number } = {},
      tx: Tx = db,
    ): Promise<FlowRow | null> {
      const conditions = [eq(flows.id, flowId), eq(flows.accountId, accountId)];
      if (ifRevision !== undefined) conditions.push(eq(flows.revision, ifRevision));
      const [row] = await tx
        .update(flows)
        .set(bumpRevision ? { ...patch, revision: sql`${flows.revision} + 1` } : patch)
        .where(and(...conditions))
        .returning();
      return row ?? null;
    },

    async delete(accountId: string, flowId: string, tx: Tx = db): Promise<void> {
      await tx.delete(flows).where(and(eq(flows.id, flowId), eq(flows.accountId, accountId)));
    },

    /** The number the flow's next published version takes. */
    async nextVersionNumber(accountId: string, flowId: string, tx: Tx = db): Promise<number> {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${flowVersions.version}), 0) + 1` })
        .from(flowVersions)
        .where(and(eq(flowVersions.accountId, accountId), eq(flowVersions.flowId, flowId)));
      return Number(row?.next ?? 1);
    },

    async insertVersion(
      accountId: string,
      version: Omit<typeof flowVersions.$inferInsert, 'accountId'> & { id: string },
      tx: Tx = db,
    ): Promise<void> {
      await tx.insert(flowVersions).values({ ...version, accountId });
    },

    async versionRow(accountId: string, versionId: string) {
      const [row] = await db
        .select()
        .from(flowVersions)
        .where(and(eq(flowVersions.accountId, accountId), eq(flowVersions.id, versionId)));
      return row ?? null;
    },
  };
}
