import {
  type ChatSession,
  type ChatSessionDetail,
  type ChatSessionList,
  type ChatShare,
  type ChatStreamEvent,
  type PublicChat,
  readJsonLines,
  type SendChatMessage,
  type UpdateChatSession,
} from '@flowmind/shared/chat';
import { api, errorFromBody, request } from '../../lib/api';

const chatPath = (sessionId: string) => `/api/chats/${encodeURIComponent(sessionId)}`;
const messagePath = (messageId: string) => `/api/chats/messages/${encodeURIComponent(messageId)}`;

/**
 * Reads an NDJSON answer stream, calling `onEvent` for each event as it arrives. A refusal before
 * the stream starts (a 4xx with the usual error body) throws an ApiError.
 */
export async function readChatStream(
  path: string,
  {
    method,
    body,
    signal,
    onEvent,
  }: {
    method: 'GET' | 'POST';
    body?: unknown;
    signal?: AbortSignal;
    onEvent: (event: ChatStreamEvent) => void;
  },
): Promise<void> {
  const response = await request(path, { method, body, signal, accept: 'application/x-ndjson' });
  if (!response.ok || !response.body) throw errorFromBody(response.status, await response.json().catch(() => null));
  await readJsonLines<ChatStreamEvent>(response.body, (event) => {
    onEvent(event);
    return false;
  });
}

/** Every call the assistant makes; the types come from the shared contract. */
export const chatApi = {
  list: ({ accountId, q, cursor }: { accountId: string; q?: string; cursor?: string }) =>
    api<ChatSessionList>(
      `/api/chats?${new URLSearchParams({ accountId, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) })}`,
    ),
  create: (accountId: string, model?: string | null, agentId?: string | null) =>
    api<ChatSession>('/api/chats', {
      method: 'POST',
      body: { accountId, model: model ?? null, ...(agentId ? { agentId } : {}) },
    }),
  get: (sessionId: string) => api<ChatSessionDetail>(chatPath(sessionId)),
  update: (sessionId: string, patch: UpdateChatSession) =>
    api<ChatSession>(chatPath(sessionId), { method: 'PATCH', body: patch }),
  remove: (sessionId: string) => api<void>(chatPath(sessionId), { method: 'DELETE' }),
  send: (
    sessionId: string,
    input: SendChatMessage,
    options: { signal?: AbortSignal; onEvent: (event: ChatStreamEvent) => void },
  ) => readChatStream(`${chatPath(sessionId)}/messages`, { method: 'POST', body: input, ...options }),
  regenerate: (
    messageId: string,
    model: string | null | undefined,
    options: { signal?: AbortSignal; onEvent: (event: ChatStreamEvent) => void },
  ) =>
    readChatStream(`${messagePath(messageId)}/regenerate`, {
      method: 'POST',
      body: model === undefined ? {} : { model },
      ...options,
    }),
  follow: (messageId: string, options: { signal?: AbortSignal; onEvent: (event: ChatStreamEvent) => void }) =>
    readChatStream(`${messagePath(messageId)}/stream`, { method: 'GET', ...options }),
  decide: (
    messageId: string,
    toolCallId: string,
    approved: boolean,
    options: { signal?: AbortSignal; onEvent: (event: ChatStreamEvent) => void },
  ) =>
    readChatStream(`${messagePath(messageId)}/tools/${encodeURIComponent(toolCallId)}`, {
      method: 'POST',
      body: { approved },
      ...options,
    }),
  share: (sessionId: string) => api<ChatShare>(`${chatPath(sessionId)}/share`, { method: 'POST' }),
  unshare: (sessionId: string) => api<void>(`${chatPath(sessionId)}/share`, { method: 'DELETE' }),
  publicChat: (publicId: string) => api<PublicChat>(`/api/public/chats/${encodeURIComponent(publicId)}`),
  stop: (messageId: string) => api(`${messagePath(messageId)}/stop`, { method: 'POST' }),
};
