import { z } from 'zod';

/**
 * Assistant chats contract (REST under /api/chats). A session is one user's conversation in one
 * account. Its messages form a tree: editing a message or regenerating an answer adds a sibling,
 * and the session's `leafId` is the last message of the branch on screen.
 *
 * Sending (a new message, an edit, a regeneration) answers with a stream of `ChatStreamEvent`s,
 * one JSON object per line (`application/x-ndjson`). The answer is generated and saved on the
 * server whether or not anyone reads the stream: a reload reads the message as saved so far and
 * follows it with GET /api/chats/messages/{id}/stream until it is done.
 */

export const CHAT_LIMITS = { title: 200, message: 100_000, search: 200 } as const;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessageStatus = z.enum(['streaming', 'done', 'stopped', 'error']);
export type ChatMessageStatus = z.infer<typeof ChatMessageStatus>;

export const ChatTextPart = z.object({ type: z.literal('text'), text: z.string() });
export const ChatReasoningPart = z.object({ type: z.literal('reasoning'), text: z.string() });
/** A tool the assistant called: its input, and its output once it ran (or why it did not). */
export const ChatToolPart = z.object({
  type: z.literal('tool'),
  toolCallId: z.string(),
  toolName: z.string(),
  /** How people see the tool when its name is not enough: an MCP tool's title and its server. */
  label: z.string().optional(),
  input: z.unknown(),
  /** awaiting-approval | running | done | error | denied */
  state: z.enum(['awaiting-approval', 'running', 'done', 'error', 'denied']),
  output: z.unknown().optional(),
  error: z.string().optional(),
});
export const ChatPart = z.discriminatedUnion('type', [ChatTextPart, ChatReasoningPart, ChatToolPart]);
export type ChatPart = z.infer<typeof ChatPart>;
export type ChatToolPart = z.infer<typeof ChatToolPart>;

export const ChatMessage = z.object({
  id: z.string(),
  sessionId: z.string(),
  parentId: z.string().nullable(),
  role: ChatRole,
  parts: z.array(ChatPart),
  status: ChatMessageStatus,
  error: z.string().nullable(),
  /** The model ref that wrote an answer. */
  model: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatSession = z.object({
  id: z.string(),
  accountId: z.string(),
  title: z.string(),
  model: z.string().nullable(),
  leafId: z.string().nullable(),
  publicId: z.string().nullable(),
  /** The custom agent this chat is with (its instructions guide the answers); null: the assistant. */
  agentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSession = z.infer<typeof ChatSession>;

export const ChatSessionList = z.object({ sessions: z.array(ChatSession), nextCursor: z.string().nullable() });
export type ChatSessionList = z.infer<typeof ChatSessionList>;

export const ListChatSessions = z.object({
  accountId: z.string().min(1),
  q: z.string().trim().max(CHAT_LIMITS.search).optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListChatSessions = z.infer<typeof ListChatSessions>;

export const CreateChatSession = z.object({
  accountId: z.string().min(1),
  model: z.string().min(1).max(300).nullable().optional(),
  /** Chat with a custom agent: one of the account's, or a published one. */
  agentId: z.string().min(1).max(64).nullable().optional(),
});
export type CreateChatSession = z.infer<typeof CreateChatSession>;

export const UpdateChatSession = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(CHAT_LIMITS.title).optional(),
  model: z.string().min(1).max(300).nullable().optional(),
  /** Show another branch: a message of this session (its branch's last message is computed). */
  leafId: z.string().min(1).optional(),
});
export type UpdateChatSession = z.infer<typeof UpdateChatSession>;

/** A session with every message of its tree, oldest first. */
export const ChatSessionDetail = z.object({ session: ChatSession, messages: z.array(ChatMessage) });
export type ChatSessionDetail = z.infer<typeof ChatSessionDetail>;

/**
 * A new user message. `parentId` is the message it follows: the branch's last answer, or for an
 * edit the edited message's parent (null to edit the first message). Absent: after the session's leaf.
 */
export const SendChatMessage = z.object({
  text: z.string().trim().min(1, 'Type a message').max(CHAT_LIMITS.message),
  parentId: z.string().min(1).nullable().optional(),
  model: z.string().min(1).max(300).nullable().optional(),
});
export type SendChatMessage = z.infer<typeof SendChatMessage>;

export const RegenerateChatMessage = z.object({ model: z.string().min(1).max(300).nullable().optional() });
export type RegenerateChatMessage = z.infer<typeof RegenerateChatMessage>;

/** The user's answer to a tool call that waits for approval. */
export const DecideToolCall = z.object({ approved: z.boolean() });
export type DecideToolCall = z.infer<typeof DecideToolCall>;

/** What a send streams, one per line. `message` events carry the whole message as saved. */
export type ChatStreamEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'text-delta'; messageId: string; delta: string }
  | { type: 'reasoning-delta'; messageId: string; delta: string }
  | { type: 'done'; message: ChatMessage };

export const NO_MODEL_TEXT = 'No AI model is set up yet.';

/** Shared chats' public ids start with this, so /share/{publicId} knows what it shows. */
export const CHAT_PUBLIC_ID_PREFIX = 'cht_';

export const ChatShare = z.object({ publicId: z.string(), url: z.string() });
export type ChatShare = z.infer<typeof ChatShare>;

/**
 * A shared chat as anyone with the link reads it: the branch on screen, text only. Tool calls show
 * by name, never with their inputs or results (they may hold the account's data).
 */
/** A part of a shared message, in the order it was written: its text, or a tool it used (by name, no data). */
export const PublicChatPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool'), toolName: z.string(), label: z.string().optional() }),
]);
export type PublicChatPart = z.infer<typeof PublicChatPart>;

export const PublicChat = z.object({
  title: z.string(),
  messages: z.array(
    z.object({
      role: ChatRole,
      parts: z.array(PublicChatPart),
      createdAt: z.string(),
    }),
  ),
  updatedAt: z.string(),
});
export type PublicChat = z.infer<typeof PublicChat>;

/** The branch that ends at `leafId`, oldest first: each message's parent up to the first. */
export function branchTo<T extends { id: string; parentId: string | null }>(
  messages: readonly T[],
  leafId: string | null,
): T[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  const branch: T[] = [];
  for (let id = leafId; id; ) {
    const message = byId.get(id);
    if (!message || branch.length > messages.length) break;
    branch.push(message);
    id = message.parentId;
  }
  return branch.reverse();
}

/**
 * Reads a stream of lines of JSON (NDJSON) as it arrives, calling `onValue` for each; returns early
 * when `onValue` says true.
 */
export async function readJsonLines<T>(
  body: ReadableStream<Uint8Array>,
  onValue: (value: T) => boolean | undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() && onValue(JSON.parse(line) as T) === true) {
        await reader.cancel();
        return;
      }
      newline = buffered.indexOf('\n');
    }
  }
}
