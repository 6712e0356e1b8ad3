import type { ChatSessionDetail, ChatStreamEvent } from '@flowmind/shared/chat';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { errorMessage } from '../../lib/api';
import { chatApi } from './chat-api';
import { branchOf, chatKey, chatListKey, eventBatcher, siblingsOf } from './chat-streams';

/**
 * Answers being read, by session. They live outside components: starting a chat moves from
 * /agents to /agents/{id}, and a stream must not end with the component that began it.
 */
type Running = { messageId: string | null; abort: AbortController };
const running = new Map<string, Running>();
const failures = new Map<string, string>();
const subscribers = new Set<() => void>();
let version = 0;
const notify = () => {
  version += 1;
  for (const subscriber of subscribers) subscriber();
};
const subscribe = (subscriber: () => void) => {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
};

async function readAnswer(
  queryClient: QueryClient,
  { sessionId, accountId }: { sessionId: string; accountId: string | null },
  start: (options: { signal: AbortSignal; onEvent: (event: ChatStreamEvent) => void }) => Promise<void>,
  { onAccepted }: { onAccepted?: () => void } = {},
): Promise<boolean> {
  if (running.has(sessionId)) return false;
  let accepted = false;
  const entry: Running = { messageId: null, abort: new AbortController() };
  running.set(sessionId, entry);
  failures.delete(sessionId);
  notify();
  const batch = eventBatcher(queryClient, sessionId);
  try {
    await start({
      signal: entry.abort.signal,
      onEvent: (event) => {
        accepted = true;
        if (event.type === 'message' && event.message.role === 'user') onAccepted?.();
        if (event.type === 'message' && event.message.role === 'assistant' && event.message.status === 'streaming') {
          entry.messageId = event.message.id;
          notify();
        }
        batch.push(event);
      },
    });
  } catch (error) {
    if (!entry.abort.signal.aborted) failures.set(sessionId, errorMessage(error, 'The answer could not be loaded'));
  } finally {
    batch.flush();
    running.delete(sessionId);
    notify();
    if (accountId) void queryClient.invalidateQueries({ queryKey: chatListKey(accountId) });
  }
  return accepted;
}

/** One chat: its messages, the branch on screen, and what can be done to it. */
export function useChat(sessionId: string | null, accountId: string | null) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: chatKey(sessionId ?? ''),
    queryFn: () => chatApi.get(sessionId as string),
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useSyncExternalStore(subscribe, () => version);
  const stream = sessionId ? running.get(sessionId) : undefined;
  const failure = sessionId ? (failures.get(sessionId) ?? null) : null;

  const data = detail.data;
  const branch = useMemo(() => (data ? branchOf(data.messages, data.session.leafId) : []), [data]);
  const siblings = useMemo(() => siblingsOf(data?.messages ?? []), [data]);

  // A reload in the middle of an answer: follow it to the end.
  const streamingId = data?.messages.find((message) => message.status === 'streaming')?.id ?? null;
  useEffect(() => {
    if (!sessionId || !streamingId || running.has(sessionId)) return;
    void readAnswer(queryClient, { sessionId, accountId }, (options) => chatApi.follow(streamingId, options));
  }, [sessionId, streamingId, accountId, queryClient]);

  const send = useCallback(
    (
      text: string,
      {
        parentId,
        model,
        onAccepted,
      }: { parentId?: string | null; model?: string | null; onAccepted?: () => void } = {},
    ) => {
      if (!sessionId) return Promise.resolve(false);
      return readAnswer(
        queryClient,
        { sessionId, accountId },
        (options) =>
          chatApi.send(
            sessionId,
            { text, ...(parentId !== undefined ? { parentId } : {}), ...(model !== undefined ? { model } : {}) },
            options,
          ),
        { onAccepted },
      );
    },
    [sessionId, accountId, queryClient],
  );

  const regenerate = useCallback(
    (messageId: string, model?: string | null) => {
      if (!sessionId) return Promise.resolve(false);
      return readAnswer(queryClient, { sessionId, accountId }, (options) =>
        chatApi.regenerate(messageId, model, options),
      );
    },
    [sessionId, accountId, queryClient],
  );

  /** Approves or refuses an action the assistant asked to take; the answer then goes on. */
  const decide = useCallback(
    (messageId: string, toolCallId: string, approved: boolean) => {
      if (!sessionId) return Promise.resolve(false);
      return readAnswer(queryClient, { sessionId, accountId }, (options) =>
        chatApi.decide(messageId, toolCallId, approved, options),
      );
    },
    [sessionId, accountId, queryClient],
  );

  const stop = useCallback(async () => {
    if (!sessionId) return;
    const entry = running.get(sessionId);
    const messageId = entry?.messageId ?? streamingId;
    if (!messageId) {
      entry?.abort.abort();
      return;
    }
    try {
      await chatApi.stop(messageId);
    } catch (error) {
      failures.set(sessionId, errorMessage(error, 'Could not stop the answer'));
      notify();
    }
  }, [sessionId, streamingId]);

  /** Shows another version of a message (and the newest answers under it). */
  const showVersion = useCallback(
    async (messageId: string) => {
      if (!sessionId) return;
      try {
        const session = await chatApi.update(sessionId, { leafId: messageId });
        queryClient.setQueryData<ChatSessionDetail>(chatKey(sessionId), (current) =>
          current ? { ...current, session } : current,
        );
      } catch (error) {
        failures.set(sessionId, errorMessage(error, 'Could not show that version'));
        notify();
      }
    },
    [sessionId, queryClient],
  );

  /** The model that answers next in this chat (null: the account's default). */
  const chooseModel = useCallback(
    async (model: string | null) => {
      if (!sessionId) return;
      try {
        const session = await chatApi.update(sessionId, { model });
        queryClient.setQueryData<ChatSessionDetail>(chatKey(sessionId), (current) =>
          current ? { ...current, session } : current,
        );
      } catch (error) {
        failures.set(sessionId, errorMessage(error, 'Could not change the model'));
        notify();
      }
    },
    [sessionId, queryClient],
  );

  const dismissFailure = useCallback(() => {
    if (sessionId && failures.delete(sessionId)) notify();
  }, [sessionId]);

  return {
    detail,
    session: data?.session ?? null,
    branch,
    siblings,
    busy: Boolean(stream) || streamingId !== null,
    streamingId: stream?.messageId ?? streamingId,
    failure,
    dismissFailure,
    send,
    regenerate,
    decide,
    stop,
    showVersion,
    chooseModel,
  };
}

/** Starts a chat with its first message: the chat is made, shown, and its answer read. */
export async function startChat(
  queryClient: QueryClient,
  {
    accountId,
    text,
    model,
    agentId,
    onCreated,
    onAccepted,
  }: {
    accountId: string;
    text: string;
    model?: string | null;
    /** A chat with this custom agent. */
    agentId?: string | null;
    onCreated: (sessionId: string) => void;
    onAccepted?: () => void;
  },
) {
  const session = await chatApi.create(accountId, model ?? null, agentId);
  queryClient.setQueryData<ChatSessionDetail>(chatKey(session.id), { session, messages: [] });
  void queryClient.invalidateQueries({ queryKey: chatListKey(accountId) });
  onCreated(session.id);
  return readAnswer(
    queryClient,
    { sessionId: session.id, accountId },
    (options) => chatApi.send(session.id, { text }, options),
    { onAccepted },
  );
}
