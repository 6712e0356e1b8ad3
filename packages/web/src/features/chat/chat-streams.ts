import {
  branchTo,
  type ChatMessage,
  type ChatPart,
  type ChatSessionDetail,
  type ChatStreamEvent,
} from '@flowmind/shared/chat';
import type { QueryClient } from '@tanstack/react-query';

export const chatKey = (sessionId: string) => ['chat', sessionId] as const;
export const chatListKey = (accountId: string) => ['chats', accountId] as const;

/** The branch on screen: from the first message down to `leafId`. */
export const branchOf = (messages: readonly ChatMessage[], leafId: string | null) => branchTo(messages, leafId);

/** Each message's siblings (itself included), oldest first: the versions an edit or regeneration made. */
export function siblingsOf(messages: readonly ChatMessage[]): Map<string, ChatMessage[]> {
  const byParent = new Map<string | null, ChatMessage[]>();
  for (const message of messages) {
    const list = byParent.get(message.parentId) ?? [];
    list.push(message);
    byParent.set(message.parentId, list);
  }
  const result = new Map<string, ChatMessage[]>();
  for (const list of byParent.values()) {
    list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    for (const message of list) result.set(message.id, list);
  }
  return result;
}

export const textOfMessage = (message: ChatMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

function withDelta(parts: ChatPart[], type: 'text' | 'reasoning', delta: string): ChatPart[] {
  const last = parts[parts.length - 1];
  if (last && last.type === type) return [...parts.slice(0, -1), { ...last, text: last.text + delta }];
  return [...parts, { type, text: delta }];
}

/** The session's data with a batch of stream events applied, in order. */
export function applyEvents(detail: ChatSessionDetail, events: readonly ChatStreamEvent[]): ChatSessionDetail {
  let messages = detail.messages;
  let leafId = detail.session.leafId;
  const index = new Map(messages.map((message, i) => [message.id, i]));
  const put = (message: ChatMessage) => {
    if (messages === detail.messages) messages = [...messages];
    const at = index.get(message.id);
    if (at === undefined) {
      index.set(message.id, messages.length);
      messages.push(message);
    } else {
      messages[at] = message;
    }
  };
  for (const event of events) {
    if (event.type === 'message' || event.type === 'done') {
      const known = index.get(event.message.id);
      // A snapshot never takes back text already shown from the deltas after it.
      const current = known === undefined ? undefined : messages[known];
      if (
        event.type === 'message' &&
        current &&
        current.status === 'streaming' &&
        textOfMessage(current).length > textOfMessage(event.message).length
      )
        continue;
      put(event.message);
      if (event.type === 'message' && known === undefined) leafId = event.message.id;
    } else {
      const at = index.get(event.messageId);
      const current = at === undefined ? undefined : messages[at];
      if (!current) continue;
      put({
        ...current,
        parts: withDelta(current.parts, event.type === 'text-delta' ? 'text' : 'reasoning', event.delta),
      });
    }
  }
  if (messages === detail.messages && leafId === detail.session.leafId) return detail;
  return { session: { ...detail.session, leafId }, messages };
}

/**
 * Applies stream events to a session's cached data at most once a frame: a fast model sends
 * hundreds of small deltas a second, and each render of a long chat costs more than a frame.
 */
export function eventBatcher(queryClient: QueryClient, sessionId: string) {
  let queued: ChatStreamEvent[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queued.length === 0) return;
    const events = queued;
    queued = [];
    queryClient.setQueryData<ChatSessionDetail>(chatKey(sessionId), (detail) =>
      detail ? applyEvents(detail, events) : detail,
    );
  };
  return {
    push(event: ChatStreamEvent) {
      queued.push(event);
      if (event.type !== 'text-delta' && event.type !== 'reasoning-delta') {
        flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible')
        requestAnimationFrame(flush);
      else setTimeout(flush, 50);
    },
    flush,
  };
}
