import { Readable } from 'node:stream';
import {
  ChatMessage,
  ChatSession,
  ChatSessionDetail,
  ChatSessionList,
  ChatShare,
  type ChatStreamEvent,
  CreateChatSession,
  DecideToolCall,
  ListChatSessions,
  PublicChat,
  RegenerateChatMessage,
  SendChatMessage,
  UpdateChatSession,
} from '@flowmind/shared/chat';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { ChatService } from './chat.service';

const Id = z.string().min(1).max(64);
const SessionParams = z.object({ sessionId: Id });
const MessageParams = z.object({ messageId: Id });
const PublicParams = z.object({ publicId: Id });
const ToolCallParams = z.object({ messageId: Id, toolCallId: z.string().min(1).max(200) });
const doc = <const S extends object>(route: S) => ({ tags: ['Assistant'], ...route });
const STREAM_NOTE = 'Answers application/x-ndjson: one ChatStreamEvent per line until a `done` event.';

/** Sends events one JSON object per line, each as soon as it happens. */
function sendStream(reply: FastifyReply, events: AsyncIterable<ChatStreamEvent>) {
  async function* lines() {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  }
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(lines(), { objectMode: false }));
}

export function registerChatRoutes(
  app: FastifyInstance,
  { session, chats }: { session: SessionReader; chats: ChatService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/chats',
    doc({
      summary: 'Your chats in an account, newest first; q searches titles and messages',
      query: ListChatSessions,
      response: ChatSessionList,
    }),
    async ({ user, query }) => {
      return chats.list({ userId: user.id, query: query });
    },
  );
  route.post(
    '/api/chats',
    doc({ summary: 'Start a chat', body: CreateChatSession, response: ChatSession, status: 201 }),
    async ({ reply, user, body }) => {
      reply.status(201);
      return chats.create({ userId: user.id, input: body });
    },
  );
  route.get(
    '/api/chats/:sessionId',
    doc({ summary: 'A chat with every message of its tree', params: SessionParams, response: ChatSessionDetail }),
    async ({ user, params }) => {
      return chats.get({ ...params, userId: user.id });
    },
  );
  route.patch(
    '/api/chats/:sessionId',
    doc({
      summary: 'Rename a chat, choose its model, or show another branch',
      params: SessionParams,
      body: UpdateChatSession,
      response: ChatSession,
    }),
    async ({ user, params, body }) => {
      return chats.update({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.delete(
    '/api/chats/:sessionId',
    doc({ summary: 'Delete a chat and its messages', params: SessionParams, status: 204 }),
    async ({ reply, user, params }) => {
      await chats.remove({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );
  route.post(
    '/api/chats/:sessionId/share',
    doc({ summary: 'Share a chat read-only by link', params: SessionParams, response: ChatShare }),
    async ({ user, params }) => {
      return chats.share({ ...params, userId: user.id });
    },
  );
  route.delete(
    '/api/chats/:sessionId/share',
    doc({ summary: 'Stop sharing a chat: the link stops working', params: SessionParams, status: 204 }),
    async ({ reply, user, params }) => {
      await chats.unshare({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );
  route.get(
    '/api/public/chats/:publicId',
    {
      auth: 'none',
      tags: ['Assistant'],
      public: true,
      summary: 'A shared chat, read-only, for anyone with the link',
      params: PublicParams,
      response: PublicChat,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async ({ params }) => {
      return chats.publicChat(params.publicId);
    },
  );
  route.post(
    '/api/chats/:sessionId/messages',
    doc({
      summary: `Send a message (or an edit) and stream the answer. ${STREAM_NOTE}`,
      params: SessionParams,
      body: SendChatMessage,
    }),
    async ({ reply, user, params, body }) => {
      const { user: sent, generation } = await chats.send({
        ...params,
        userId: user.id,
        input: body,
      });
      async function* events(): AsyncGenerator<ChatStreamEvent> {
        yield { type: 'message', message: sent };
        yield* chats.stream(generation);
      }
      return sendStream(reply, events());
    },
  );
  route.post(
    '/api/chats/messages/:messageId/regenerate',
    doc({
      summary: `Write another answer beside this one. ${STREAM_NOTE}`,
      params: MessageParams,
      body: RegenerateChatMessage,
    }),
    async ({ reply, user, params, body }) => {
      const { generation } = await chats.regenerate({
        ...params,
        userId: user.id,
        input: body,
      });
      return sendStream(reply, chats.stream(generation));
    },
  );
  route.post(
    '/api/chats/messages/:messageId/tools/:toolCallId',
    doc({
      summary: `Approve or refuse an action the assistant asked to take; the answer then goes on. ${STREAM_NOTE}`,
      params: ToolCallParams,
      body: DecideToolCall,
    }),
    async ({ reply, user, params, body }) => {
      const { generation, message } = await chats.decide({
        ...params,
        userId: user.id,
        ...body,
      });
      async function* events(): AsyncGenerator<ChatStreamEvent> {
        if (generation) yield* chats.stream(generation);
        else yield { type: 'done', message };
      }
      return sendStream(reply, events());
    },
  );
  route.post(
    '/api/chats/messages/:messageId/stop',
    doc({ summary: 'Stop an answer being written', params: MessageParams, response: ChatMessage }),
    async ({ user, params }) => {
      return chats.stop({ ...params, userId: user.id });
    },
  );
  route.get(
    '/api/chats/messages/:messageId/stream',
    doc({ summary: `Follow an answer being written (after a reload). ${STREAM_NOTE}`, params: MessageParams }),
    async ({ reply, user, params }) => {
      return sendStream(reply, await chats.follow({ ...params, userId: user.id }));
    },
  );
}
