import type {
  Agent,
  AgentCategory,
  AgentColor,
  AgentCounts,
  AgentResourceKind,
  ExploreSort,
  PublicAgent,
} from '@flowmind/shared/agents';
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { flows, users } from '../db/schema';
import { agentEvents, agentLikes, agents } from '../db/schema-agents';
import { integrationConnections } from '../db/schema-integrations';
import { notes } from '../db/schema-notes';
import { tables } from '../db/schema-tables';

export type AgentRow = typeof agents.$inferSelect;
export type AgentEventKind = 'chat' | 'like' | 'use';
/** A flow, table or note an agent may use, by name. */
export type AgentResource = { kind: AgentResourceKind; id: string; name: string };

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    avatar: row.avatar,
    color: row.color as AgentColor,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    starterPrompts: row.starterPrompts,
    category: row.category as AgentCategory,
    tools: row.tools,
    basedOnAgentId: row.basedOnAgentId,
    published: row.publishedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ListingRow = {
  agent: AgentRow;
  creatorName: string | null;
  chats: number;
  likes: number;
  uses: number;
  likedByMe: boolean;
};

/**
 * The gallery's view of an agent. Built field by field from an allow-list: the instructions, the
 * model, the tools, the account and the creator's id never leave through here.
 */
function toPublicAgent(row: ListingRow): PublicAgent {
  const { agent } = row;
  return {
    id: agent.id,
    name: agent.name,
    avatar: agent.avatar,
    color: agent.color as AgentColor,
    description: agent.description,
    category: agent.category as AgentCategory,
    starterPrompts: agent.starterPrompts,
    creatorName: row.creatorName ?? 'A former member',
    published: agent.publishedAt !== null,
    publishedAt: agent.publishedAt?.toISOString() ?? null,
    counts: { chats: Number(row.chats), likes: Number(row.likes), uses: Number(row.uses) },
    likedByMe: Boolean(row.likedByMe),
  };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Today as a UTC calendar day: what an event's `day` holds. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

export function agentRepository(db: Db) {
  const inAccount = (accountId: string, agentId: string) =>
    and(eq(agents.accountId, accountId), eq(agents.id, agentId));
  const eventCount = (kind: AgentEventKind) =>
    sql<number>`(select count(*)::int from ${agentEvents} e where e.agent_id = ${agents.id} and e.kind = ${kind})`;
  const listing = (userId: string) => ({
    agent: agents,
    creatorName: users.name,
    chats: eventCount('chat'),
    likes: eventCount('like'),
    uses: eventCount('use'),
    likedByMe: sql<boolean>`exists (select 1 from ${agentLikes} l where l.agent_id = ${agents.id} and l.user_id = ${userId})`,
  });

  return {
    async insert(values: typeof agents.$inferInsert): Promise<AgentRow> {
      const [row] = await db.insert(agents).values(values).returning();
      return row as AgentRow;
    },

    listForAccount: (accountId: string) =>
      db.select().from(agents).where(eq(agents.accountId, accountId)).orderBy(desc(agents.updatedAt)).limit(500),

    /** An agent by id, whoever's it is: the service decides who may see what of it. */
    async byId(agentId: string): Promise<AgentRow | null> {
      const [row] = await db.select().from(agents).where(eq(agents.id, agentId));
      return row ?? null;
    },

    async update(
      accountId: string,
      agentId: string,
      values: Partial<Omit<typeof agents.$inferInsert, 'id' | 'accountId' | 'createdBy'>>,
    ): Promise<AgentRow> {
      const [row] = await db
        .update(agents)
        .set({ ...values, updatedAt: new Date() })
        .where(inAccount(accountId, agentId))
        .returning();
      return row as AgentRow;
    },

    /**
     * Which of the given flows, tables and notes are in the account and not in its trash, with
     * their names: what an agent's tools can reach.
     */
    /** Which of these connection ids are the account's, with their provider, name and status (by id). */
    connections(accountId: string, ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: integrationConnections.id,
          provider: integrationConnections.provider,
          name: integrationConnections.name,
          status: integrationConnections.status,
        })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.accountId, accountId), inArray(integrationConnections.id, [...ids])))
        .orderBy(integrationConnections.id);
    },

    async resources(
      accountId: string,
      ids: { flows: readonly string[]; tables: readonly string[]; notes: readonly string[] },
    ): Promise<AgentResource[]> {
      const [flowRows, tableRows, noteRows] = await Promise.all([
        ids.flows.length === 0
          ? []
          : db
              .select({ id: flows.id, name: flows.name })
              .from(flows)
              .where(and(eq(flows.accountId, accountId), inArray(flows.id, [...ids.flows]), isNull(flows.deletedAt))),
        ids.tables.length === 0
          ? []
          : db
              .select({ id: tables.id, name: tables.name })
              .from(tables)
              .where(
                and(eq(tables.accountId, accountId), inArray(tables.id, [...ids.tables]), isNull(tables.deletedAt)),
              ),
        ids.notes.length === 0
          ? []
          : db
              .select({ id: notes.id, name: notes.title })
              .from(notes)
              .where(and(eq(notes.accountId, accountId), inArray(notes.id, [...ids.notes]), isNull(notes.deletedAt))),
      ]);
      return [
        ...flowRows.map((row) => ({ kind: 'flow' as const, ...row })),
        ...tableRows.map((row) => ({ kind: 'table' as const, ...row })),
        ...noteRows.map((row) => ({ kind: 'note' as const, ...row })),
      ];
    },

    async remove(accountId: string, agentId: string) {
      await db.delete(agents).where(inAccount(accountId, agentId));
    },

    /** Published agents matching a search and a category, most popular or newest first. */
    async listPublished({
      userId,
      q,
      category,
      sort,
      offset,
      limit,
    }: {
      userId: string;
      q?: string;
      category?: AgentCategory;
      sort: ExploreSort;
      offset: number;
      limit: number;
    }): Promise<PublicAgent[]> {
      const conditions: SQL[] = [isNotNull(agents.publishedAt)];
      if (q) {
        const pattern = likePattern(q);
        conditions.push(or(sql`${agents.name} ilike ${pattern}`, sql`${agents.description} ilike ${pattern}`) as SQL);
      }
      if (category) conditions.push(eq(agents.category, category));
      const popular = sql`(select count(*) from ${agentEvents} e where e.agent_id = ${agents.id})`;
      const rows = await db
        .select(listing(userId))
        .from(agents)
        .leftJoin(users, eq(users.id, agents.createdBy))
        .where(and(...conditions))
        .orderBy(...(sort === 'popular' ? [desc(popular)] : []), desc(agents.publishedAt), desc(agents.id))
        .offset(offset)
        .limit(limit);
      return rows.map(toPublicAgent);
    },

    async publicView(agentId: string, userId: string): Promise<PublicAgent | null> {
      const [row] = await db
        .select(listing(userId))
        .from(agents)
        .leftJoin(users, eq(users.id, agents.createdBy))
        .where(eq(agents.id, agentId));
      return row ? toPublicAgent(row) : null;
    },

    async like(agentId: string, userId: string) {
      await db.insert(agentLikes).values({ agentId, userId }).onConflictDoNothing();
    },

    /** Takes a like back, and with it the like it counted. */
    async unlike(agentId: string, userId: string) {
      await db.delete(agentLikes).where(and(eq(agentLikes.agentId, agentId), eq(agentLikes.userId, userId)));
      await db
        .delete(agentEvents)
        .where(and(eq(agentEvents.agentId, agentId), eq(agentEvents.userId, userId), eq(agentEvents.kind, 'like')));
    },

    /** Counts one event; a second of the same kind by the same person that day is already there. */
    async recordEvent(values: { agentId: string; userId: string; kind: AgentEventKind; day: string }) {
      await db.insert(agentEvents).values(values).onConflictDoNothing();
    },

    async likeCount(agentId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(agentEvents)
        .where(and(eq(agentEvents.agentId, agentId), eq(agentEvents.kind, 'like')));
      return Number(row?.n ?? 0);
    },

    /** Published agents by the events since `since` (a UTC day; null: all time), most popular first. */
    async topAgents(since: string | null, limit: number) {
      return db
        .select({
          id: agents.id,
          name: agents.name,
          avatar: agents.avatar,
          color: agents.color,
          category: agents.category,
          creatorName: users.name,
          ...groupCounts,
        })
        .from(agentEvents)
        .innerJoin(agents, eq(agents.id, agentEvents.agentId))
        .leftJoin(users, eq(users.id, agents.createdBy))
        .where(and(isNotNull(agents.publishedAt), since ? gte(agentEvents.day, since) : undefined))
        .groupBy(agents.id, users.name)
        .orderBy(desc(sql`count(*)`), desc(agents.publishedAt))
        .limit(limit);
    },

    /** Creators of published agents by the events on all their agents since `since`. */
    async topCreators(since: string | null, limit: number) {
      return db
        .select({
          userId: users.id,
          name: users.name,
          agents: sql<number>`count(distinct ${agents.id})::int`,
          ...groupCounts,
        })
        .from(agentEvents)
        .innerJoin(agents, eq(agents.id, agentEvents.agentId))
        .innerJoin(users, eq(users.id, agents.createdBy))
        .where(and(isNotNull(agents.publishedAt), since ? gte(agentEvents.day, since) : undefined))
        .groupBy(users.id, users.name)
        .orderBy(desc(sql`count(*)`), users.name)
        .limit(limit);
    },
  };
}

/** A group's events by kind, for the leaderboard's grouped queries. */
const countByKind = (kind: AgentEventKind) => sql<number>`(count(*) filter (where ${agentEvents.kind} = ${kind}))::int`;
const groupCounts: { [K in keyof AgentCounts]: SQL<number> } = {
  chats: countByKind('chat'),
  likes: countByKind('like'),
  uses: countByKind('use'),
};

export type AgentRepository = ReturnType<typeof agentRepository>;
