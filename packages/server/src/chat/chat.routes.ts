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
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { ChatService } from './chat.service';

const Id = z.string().min(1).max(64);
const SessionParams = z.object({ sessionId: Id });
const MessageParams = z.object({ messageId: Id });
const PublicParams = z.object({ publicId: Id });
const ToolCallParams = z.object({ messageId: Id, toolCallId: z.string().min(1).max(200) });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Assistant'], ...route } } });
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
  app.get(
    '/api/chats',
    doc({
      summary: 'Your chats in an account, newest first; q searches titles and messages',
      query: ListChatSessions,
      response: ChatSessionList,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return chats.list({ userId: user.id, query: parse(ListChatSessions, req.query) });
    },
  );
  app.post(
    '/api/chats',
    doc({ summary: 'Start a chat', body: CreateChatSession, response: ChatSession, status: 201 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return chats.create({ userId: user.id, input: parse(CreateChatSession, req.body) });
    },
  );
  app.get(
    '/api/chats/:sessionId',
    doc({ summary: 'A chat with every message of its tree', params: SessionParams, response: ChatSessionDetail }),
    async (req) => {
      const user = await session.requireUser(req);
      return chats.get({ ...parse(SessionParams, req.params), userId: user.id });
    },
  );
  app.patch(
    '/api/chats/:sessionId',
    doc({
      summary: 'Rename a chat, choose its model, or show another branch',
      params: SessionParams,
      body: UpdateChatSession,
      response: ChatSession,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return chats.update({
        ...parse(SessionParams, req.params),
        userId: user.id,
        input: parse(UpdateChatSession, req.body),
      });
    },
  );
  app.delete(
    '/api/chats/:sessionId',
    doc({ summary: 'Delete a chat and its messages', params: SessionParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await chats.remove({ ...parse(SessionParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/chats/:sessionId/share',
    doc({ summary: 'Share a chat read-only by link', params: SessionParams, response: ChatShare }),
    async (req) => {
      const user = await session.requireUser(req);
      return chats.share({ ...parse(SessionParams, req.params), userId: user.id });
    },
  );
  app.delete(
    '/api/chats/:sessionId/share',
    doc({ summary: 'Stop sharing a chat: the link stops working', params: SessionParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await chats.unshare({ ...parse(SessionParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/public/chats/:publicId',
    {
      config: {
        doc: {
          tags: ['Assistant'],
          public: true,
          summary: 'A shared chat, read-only, for anyone with the link',
          params: PublicParams,
          response: PublicChat,
        },
        rateLimit: { max: 300, timeWindow: '1 minute' },
      },
    },
    async (req) => chats.publicChat(parse(PublicParams, req.params).publicId),
  );
  app.post(
    '/api/chats/:sessionId/messages',
    doc({
      summary: `Send a message (or an edit) and stream the answer. ${STREAM_NOTE}`,
      params: SessionParams,
      body: SendChatMessage,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { user: sent, generation } = await chats.send({
        ...parse(SessionParams, req.params),
        userId: user.id,
        input: parse(SendChatMessage, req.body),
      });
      async function* events(): AsyncGenerator<ChatStreamEvent> {
        yield { type: 'message', message: sent };
        yield* chats.stream(generation);
      }
      return sendStream(reply, events());
    },
  );
  app.post(
    '/api/chats/messages/:messageId/regenerate',
    doc({
      summary: `Write another answer beside this one. ${STREAM_NOTE}`,
      params: MessageParams,
      body: RegenerateChatMessage,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { generation } = await chats.regenerate({
        ...parse(MessageParams, req.params),
        userId: user.id,
        input: parse(RegenerateChatMessage, req.body ?? {}),
      });
      return sendStream(reply, chats.stream(generation));
    },
  );
  app.post(
    '/api/chats/messages/:messageId/tools/:toolCallId',
    doc({
      summary: `Approve or refuse an action the assistant asked to take; the answer then goes on. ${STREAM_NOTE}`,
      params: ToolCallParams,
      body: DecideToolCall,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { generation, message } = await chats.decide({
        ...parse(ToolCallParams, req.params),
        userId: user.id,
        ...parse(DecideToolCall, req.body),
      });
      async function* events(): AsyncGenerator<ChatStreamEvent> {
        if (generation) yield* chats.stream(generation);
        else yield { type: 'done', message };
      }
      return sendStream(reply, events());
    },
  );
  app.post(
    '/api/chats/messages/:messageId/stop',
    doc({ summary: 'Stop an answer being written', params: MessageParams, response: ChatMessage }),
    async (req) => {
      const user = await session.requireUser(req);
      return chats.stop({ ...parse(MessageParams, req.params), userId: user.id });
    },
  );
  app.get(
    '/api/chats/messages/:messageId/stream',
    doc({ summary: `Follow an answer being written (after a reload). ${STREAM_NOTE}`, params: MessageParams }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      return sendStream(reply, await chats.follow({ ...parse(MessageParams, req.params), userId: user.id }));
    },
  );
}
