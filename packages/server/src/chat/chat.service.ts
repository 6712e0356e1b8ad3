import {
  branchTo,
  CHAT_LIMITS,
  CHAT_PUBLIC_ID_PREFIX,
  type ChatPart,
  type ChatSession,
  type ChatSessionDetail,
  type ChatSessionList,
  type ChatShare,
  type CreateChatSession,
  type ListChatSessions,
  type PublicChat,
  type PublicChatPart,
  type UpdateChatSession,
} from '@flowmind/shared/chat';
import { AppError } from '@flowmind/shared/errors';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service';
import type { AgentGalleryService } from '../agents/agent-gallery.service';
import type { AiModels } from '../ai/ai-models';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import {
  type ChatMessageRow,
  type ChatSessionRow,
  chatRepository,
  toChatMessage,
  toChatSession,
} from './chat.repository';
import { chatAnswers, MESSAGE_NOT_FOUND } from './chat-answers';
import { chatRunner } from './chat-runner';
import type { WorkspaceServices } from './chat-tool-spec';

const encodeCursor = (session: ChatSessionRow) =>
  Buffer.from(JSON.stringify([session.updatedAt.toISOString(), session.id])).toString('base64url');

function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    if (Number.isNaN(Date.parse(updatedAt)) || typeof id !== 'string') throw new Error('bad cursor');
    return { updatedAt, id };
  } catch {
    throw new AppError('bad_request', 'Invalid cursor', 'cursor');
  }
}

/** From `messageId` down its newest replies to the end: the branch a sibling switch shows. */
export function branchEnd(messages: readonly ChatMessageRow[], messageId: string): string {
  let current = messageId;
  for (let steps = 0; steps <= messages.length; steps++) {
    let newest: ChatMessageRow | undefined;
    for (const message of messages) {
      if (message.parentId !== current) continue;
      if (!newest || message.createdAt >= newest.createdAt) newest = message;
    }
    if (!newest) break;
    current = newest.id;
  }
  return current;
}
export function chatService({
  db,
  accounts,
  models,
  logger,
  workspace,
  agents,
  appUrl = '',
}: {
  db: Db;
  accounts: AccountService;
  models: AiModels;
  logger: Logger;
  /** The services the assistant's tools use; without them it answers with no tools. */
  workspace?: WorkspaceServices;
  /** Custom agents: who may chat with which, and what an agent's answers run with. */
  agents: Pick<AgentGalleryService, 'startChat' | 'forAnswer' | 'countAnswered'>;
  /** Where share links point. */
  appUrl?: string;
}) {
  const repo = chatRepository(db);
  const runner = chatRunner({ repo, models, logger });
  const answers = chatAnswers({ repo, runner, models, workspace, agents });
  const { ownSession, messagesOf } = answers;

  return {
    async list({ userId, query }: { userId: string; query: ListChatSessions }): Promise<ChatSessionList> {
      await accounts.requireMember(query.accountId, userId);
      const rows = await repo.listSessions(
        { accountId: query.accountId, userId },
        {
          q: query.q || undefined,
          after: query.cursor ? decodeCursor(query.cursor) : undefined,
          limit: query.limit + 1,
        },
      );
      const page = rows.slice(0, query.limit);
      return {
        sessions: page.map(toChatSession),
        nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1] as ChatSessionRow) : null,
      };
    },

    async create({ userId, input }: { userId: string; input: CreateChatSession }): Promise<ChatSession> {
      await accounts.requireMember(input.accountId, userId);
      if (input.agentId) await agents.startChat({ agentId: input.agentId, accountId: input.accountId });
      const row = await repo.insertSession({
        id: newId('chat'),
        accountId: input.accountId,
        userId,
        model: input.model ?? null,
        agentId: input.agentId ?? null,
      });
      return toChatSession(row);
    },

    async get({ sessionId, userId }: { sessionId: string; userId: string }): Promise<ChatSessionDetail> {
      const session = await ownSession(sessionId, userId);
      const messages = await messagesOf(session);
      return { session: toChatSession(session), messages: messages.map(toChatMessage) };
    },

    async update({
      sessionId,
      userId,
      input,
    }: {
      sessionId: string;
      userId: string;
      input: UpdateChatSession;
    }): Promise<ChatSession> {
      const session = await ownSession(sessionId, userId);
      const values: Parameters<typeof repo.updateSession>[1] = {};
      if (input.title !== undefined) values.title = input.title.slice(0, CHAT_LIMITS.title);
      if (input.model !== undefined) values.model = input.model;
      if (input.leafId !== undefined) {
        const all = await repo.messages(session);
        if (!all.some((message) => message.id === input.leafId))
          throw new AppError('not_found', MESSAGE_NOT_FOUND, 'leafId');
        values.leafId = branchEnd(all, input.leafId);
      }
      return toChatSession(await repo.updateSession(session, values));
    },

    async remove({ sessionId, userId }: { sessionId: string; userId: string }) {
      const session = await ownSession(sessionId, userId);
      for (const message of await repo.messages(session)) runner.local(message.id)?.stop();
      await repo.deleteSession(session);
    },

    /** A read-only link to the chat (the same one again if it is shared already). */
    async share({ sessionId, userId }: { sessionId: string; userId: string }): Promise<ChatShare> {
      const session = await ownSession(sessionId, userId);
      const publicId = session.publicId ?? (await repo.sharePublicly(session, newId('cht', 24)));
      return { publicId, url: `${appUrl}/share/${publicId}` };
    },

    async unshare({ sessionId, userId }: { sessionId: string; userId: string }) {
      const session = await ownSession(sessionId, userId);
      await repo.updateSession(session, { publicId: null });
    },

    /** What anyone with the link sees; not found once the link is revoked or the chat deleted. */
    async publicChat(publicId: string): Promise<PublicChat> {
      const session = publicId.startsWith(CHAT_PUBLIC_ID_PREFIX) ? await repo.sessionByPublicId(publicId) : null;
      if (!session) throw new AppError('not_found', 'This chat is not shared');
      const branch = branchTo(await repo.messages(session), session.leafId);
      return {
        title: session.title || 'Shared chat',
        messages: branch.map((message) => {
          // Each text and each tool call in its place: the text written after a tool call is a part of its own.
          const parts = (message.parts as ChatPart[]).flatMap((part): PublicChatPart[] => {
            if (part.type === 'text') return part.text ? [{ type: 'text', text: part.text }] : [];
            if (part.type === 'tool')
              return [{ type: 'tool', toolName: part.toolName, ...(part.label ? { label: part.label } : {}) }];
            return [];
          });
          return {
            role: message.role as PublicChat['messages'][number]['role'],
            parts,
            createdAt: message.createdAt.toISOString(),
          };
        }),
        updatedAt: session.updatedAt.toISOString(),
      };
    },

    send: answers.send,
    regenerate: answers.regenerate,
    decide: answers.decide,
    stop: answers.stop,
    follow: answers.follow,
    stream: answers.stream,
    close: () => runner.close(),
  };
}

export type ChatService = ReturnType<typeof chatService>;
