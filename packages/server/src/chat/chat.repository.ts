import type { ChatMessage, ChatPart, ChatSession } from '@flowmind/shared/chat';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountMembers } from '../db/schema';
import { chatMessages, chatSessions } from '../db/schema-chat';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** One user's sessions in one account: another user's or account's session is not there. */
export type ChatOwner = { accountId: string; userId: string };

declare const owned: unique symbol;
/**
 * A session read for the user who owns it (`ownSession`, or one they just made). The statements on
 * a session and its messages take this rather than an id, so none can run on an id that was not
 * checked against its owner first.
 */
export type OwnedSession = ChatSessionRow & { readonly [owned]: true };
declare const shared: unique symbol;
/** A session found by its public link: its messages may be read by anyone holding the link. */
export type SharedSession = ChatSessionRow & { readonly [shared]: true };

export function toChatSession(row: ChatSessionRow): ChatSession {
  return {
    id: row.id,
    accountId: row.accountId,
    title: row.title,
    model: row.model,
    leafId: row.leafId,
    publicId: row.publicId,
    agentId: row.agentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    sessionId: row.sessionId,
    parentId: row.parentId,
    role: row.role as ChatMessage['role'],
    parts: row.parts as ChatPart[],
    status: row.status as ChatMessage['status'],
    error: row.error,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A session's title from its first message: the first line, cut at a word near 60 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  if (line.length <= 60) return line || 'New chat';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function chatRepository(db: Db) {
  const mine = ({ accountId, userId }: ChatOwner) =>
    and(eq(chatSessions.accountId, accountId), eq(chatSessions.userId, userId));
  /** The owned session's row, by its id and its owner both. */
  const theSession = (session: OwnedSession) =>
    and(eq(chatSessions.id, session.id), eq(chatSessions.userId, session.userId));

  return {
    async insertSession(values: typeof chatSessions.$inferInsert): Promise<OwnedSession> {
      const [row] = await db.insert(chatSessions).values(values).returning();
      return row as OwnedSession;
    },

    /** A session by id, whoever's it is: the service checks it is the caller's. */
    /**
     * The session when `userId` owns it and is still a member of its account, in one query (it is
     * on every message's path to the model).
     */
    async ownSession(sessionId: string, userId: string): Promise<OwnedSession | null> {
      const [row] = await db
        .select({ session: chatSessions })
        .from(chatSessions)
        .innerJoin(
          accountMembers,
          and(eq(accountMembers.accountId, chatSessions.accountId), eq(accountMembers.userId, userId)),
        )
        .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
      return (row?.session as OwnedSession | undefined) ?? null;
    },

    /**
     * A message and its session when `userId` owns the session and is still a member of its
     * account; null otherwise, in one query.
     */
    async ownMessage(
      messageId: string,
      userId: string,
    ): Promise<{ message: ChatMessageRow; session: OwnedSession } | null> {
      const [row] = await db
        .select({ message: chatMessages, session: chatSessions })
        .from(chatMessages)
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .innerJoin(
          accountMembers,
          and(eq(accountMembers.accountId, chatSessions.accountId), eq(accountMembers.userId, userId)),
        )
        .where(and(eq(chatMessages.id, messageId), eq(chatSessions.userId, userId)));
      return row ? { message: row.message, session: row.session as OwnedSession } : null;
    },

    async session(sessionId: string): Promise<ChatSessionRow | null> {
      const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
      return row ?? null;
    },

    /**
     * The owner's sessions, most recently active first, keyset-paged on (updated_at, id). `q` matches
     * the title or any message's text, case-insensitively.
     */
    async listSessions(
      owner: ChatOwner,
      { q, after, limit }: { q?: string; after?: { updatedAt: string; id: string }; limit: number },
    ): Promise<ChatSessionRow[]> {
      const conditions = [mine(owner)];
      if (q) {
        const pattern = likePattern(q);
        conditions.push(
          or(
            sql`${chatSessions.title} ilike ${pattern}`,
            sql`exists (select 1 from ${chatMessages} m where m.session_id = ${chatSessions.id}
                 and m.account_id = ${owner.accountId} and m.parts::text ilike ${pattern})`,
          ) as ReturnType<typeof mine>,
        );
      }
      if (after) {
        conditions.push(
          or(
            lt(chatSessions.updatedAt, sql`${after.updatedAt}::timestamptz`),
            and(eq(chatSessions.updatedAt, sql`${after.updatedAt}::timestamptz`), lt(chatSessions.id, after.id)),
          ) as ReturnType<typeof mine>,
        );
      }
      return db
        .select()
        .from(chatSessions)
        .where(and(...conditions))
        .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
        .limit(limit);
    },

    async updateSession(
      session: OwnedSession,
      values: Partial<Pick<ChatSessionRow, 'title' | 'model' | 'leafId' | 'publicId'>>,
    ): Promise<OwnedSession> {
      const [row] = await db
        .update(chatSessions)
        .set({ ...values, updatedAt: new Date() })
        .where(theSession(session))
        .returning();
      return row as OwnedSession;
    },

    /** Gives the session a public id unless it has one (two clicks at once share one link). */
    async sharePublicly(session: OwnedSession, candidate: string): Promise<string> {
      const [row] = await db
        .update(chatSessions)
        .set({ publicId: sql`coalesce(${chatSessions.publicId}, ${candidate})` })
        .where(theSession(session))
        .returning({ publicId: chatSessions.publicId });
      return row?.publicId ?? candidate;
    },

    async sessionByPublicId(publicId: string): Promise<SharedSession | null> {
      const [row] = await db.select().from(chatSessions).where(eq(chatSessions.publicId, publicId));
      return (row as SharedSession | undefined) ?? null;
    },

    async deleteSession(session: OwnedSession) {
      await db.delete(chatSessions).where(theSession(session));
    },

    async messages(session: OwnedSession | SharedSession): Promise<ChatMessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, session.id))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },

    /** The messages of a session when `userId` owns it (none otherwise), read beside `ownSession`. */
    async messagesOwnedBy(sessionId: string, userId: string): Promise<ChatMessageRow[]> {
      const rows = await db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .where(and(eq(chatMessages.sessionId, sessionId), eq(chatSessions.userId, userId)))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
      return rows.map((row) => row.message);
    },

    /** A message by id, for the process following or writing its own answer (after its owner was checked). */
    async message(messageId: string): Promise<ChatMessageRow | null> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      return row ?? null;
    },

    async insertMessages(values: (typeof chatMessages.$inferInsert)[]): Promise<ChatMessageRow[]> {
      return db.insert(chatMessages).values(values).returning();
    },

    /** Saves an answer as it streams; tells whether someone asked it to stop meanwhile. */
    async saveProgress(
      messageId: string,
      values: Partial<Pick<ChatMessageRow, 'parts' | 'status' | 'error' | 'model'>>,
    ): Promise<{ stopRequested: boolean } | null> {
      const [row] = await db
        .update(chatMessages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(chatMessages.id, messageId))
        .returning({ stopRequested: chatMessages.stopRequested });
      return row ?? null;
    },

    async requestStop(messageId: string) {
      await db
        .update(chatMessages)
        .set({ stopRequested: true })
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming')));
    },

    /** Answers still marked streaming that nobody has saved for `staleMs`: their process is gone. */
    async markInterrupted(messageId: string, staleMs: number, error: string): Promise<ChatMessageRow | null> {
      const [row] = await db
        .update(chatMessages)
        .set({ status: 'error', error, updatedAt: new Date() })
        .where(
          and(
            eq(chatMessages.id, messageId),
            eq(chatMessages.status, 'streaming'),
            lt(chatMessages.updatedAt, new Date(Date.now() - staleMs)),
          ),
        )
        .returning();
      return row ?? null;
    },

    async touchSession(session: OwnedSession, values: Partial<Pick<ChatSessionRow, 'leafId' | 'title'>>) {
      await db
        .update(chatSessions)
        .set({ ...values, updatedAt: new Date() })
        .where(theSession(session));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
