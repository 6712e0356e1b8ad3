import { agentToolScope } from '@flowmind/shared/agents';
import {
  branchTo,
  type ChatMessage,
  type ChatPart,
  type ChatToolPart,
  type RegenerateChatMessage,
  type SendChatMessage,
} from '@flowmind/shared/chat';
import { AppError } from '@flowmind/shared/errors';
import type { AgentAnswerSetup, AgentGalleryService } from '../agents/agent-gallery.service';
import type { AiModels, ResolvedModel } from '../ai/ai-models';
import { newId } from '../db/ids';
import {
  type ChatMessageRow,
  type ChatRepository,
  type ChatSessionRow,
  type OwnedSession,
  titleFrom,
  toChatMessage,
} from './chat.repository';
import { followAnswer, followGeneration } from './chat-follow';
import { type ChatRunner, type Generation, INTERRUPTED } from './chat-runner';
import type { ToolContext, WorkspaceServices } from './chat-tool-spec';
import { type ChatToolSet, chatToolsFor, runApprovedTool, sdkTools } from './chat-tools';

const NOT_FOUND = 'Chat not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
const BUSY = 'An answer is still being written in this chat. Wait for it or stop it first.';
/** An answer nobody has saved for this long was being written by a process that is gone. */
const STALE_MS = 30_000;

/**
 * The answers of a chat: a user message and the answer written to it, regenerating, deciding on a
 * tool call that waits for approval, stopping, and following an answer being written. Every entry
 * point checks that the caller owns the chat first.
 */
export function chatAnswers({
  repo,
  runner,
  models,
  workspace,
  agents,
}: {
  repo: ChatRepository;
  runner: ChatRunner;
  models: AiModels;
  /** The services the assistant's tools use; without them it answers with no tools. */
  workspace?: WorkspaceServices;
  agents: Pick<AgentGalleryService, 'forAnswer' | 'countAnswered'>;
}) {
  /** The caller's own session; anyone else's (or one in an account they left) is not found. */
  async function ownSession(sessionId: string, userId: string): Promise<OwnedSession> {
    const session = await repo.ownSession(sessionId, userId);
    if (!session) throw new AppError('not_found', NOT_FOUND);
    return session;
  }

  async function ownMessage(messageId: string, userId: string) {
    const found = await repo.ownMessage(messageId, userId);
    if (!found) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    return found;
  }

  /** A message still marked streaming that no process writes any more becomes an interrupted answer. */
  async function settle(message: ChatMessageRow): Promise<ChatMessageRow> {
    if (message.status !== 'streaming' || runner.local(message.id)) return message;
    return (await repo.markInterrupted(message.id, STALE_MS, INTERRUPTED)) ?? message;
  }

  async function messagesOf(session: OwnedSession): Promise<ChatMessageRow[]> {
    return Promise.all((await repo.messages(session)).map(settle));
  }

  /**
   * Adds an answer under `parent` (a user message, saved with it when `parentIsNew`) and starts
   * writing it. The model is asked at once; the rows are written meanwhile, and the answer's saves
   * wait for them. Time to first token is then the longer of the two, not their sum.
   */
  async function answer(
    session: OwnedSession,
    all: ChatMessageRow[],
    { parent, parentIsNew }: { parent: ChatMessageRow; parentIsNew: boolean },
    chosenModel: string | null,
    /** The lookup of `chosenModel`, begun early by the caller (only without an agent, whose model may differ). */
    early?: Promise<ResolvedModel | null>,
  ) {
    const agent = await agentOf(session);
    const modelRef = chosenModel ?? agent?.model ?? null;
    const lookup = agent ? undefined : early;
    const now = new Date();
    const row: ChatMessageRow = {
      id: newId('msg'),
      sessionId: session.id,
      accountId: session.accountId,
      parentId: parent.id,
      role: 'assistant',
      parts: [],
      status: 'streaming',
      error: null,
      model: modelRef,
      stopRequested: false,
      createdAt: new Date(Math.max(now.getTime(), parent.createdAt.getTime()) + 1),
      updatedAt: now,
    };
    const saved = Promise.all([
      repo.insertMessages(parentIsNew ? [parent, row] : [row]),
      repo.touchSession(session, {
        leafId: row.id,
        ...(session.title ? {} : { title: titleFrom(textOfUser(parent)) }),
      }),
    ]);
    const thread = [...branchTo(all, parent.parentId), parent];
    // The answer streams from the first token; a failed write ends it with an error (see the runner).
    return startAnswer(session, row, thread, modelRef, agent, saved, lookup);
  }

  /** Who a chat's tools act for, and over what: a custom agent's tools, or everything. */
  const toolContext = (session: ChatSessionRow, agent: AgentAnswerSetup | null): ToolContext => ({
    accountId: session.accountId,
    userId: session.userId,
    scope: session.agentId ? agentToolScope(agent?.tools ?? []) : null,
  });

  /** The chat's tools now: the agent's, bound to its connections, or the assistant's. */
  const toolsOf = (context: ToolContext, agent: AgentAnswerSetup | null): Promise<ChatToolSet> =>
    workspace ? chatToolsFor(workspace, context, agent?.connections ?? []) : Promise.resolve({ tools: {}, notes: [] });

  const agentOf = (session: ChatSessionRow) =>
    session.agentId ? agents.forAnswer({ agentId: session.agentId, accountId: session.accountId }) : null;

  async function startAnswer(
    session: ChatSessionRow,
    row: ChatMessageRow,
    thread: ChatMessageRow[],
    modelRef: string | null,
    agent: AgentAnswerSetup | null,
    saved?: Promise<unknown>,
    model?: Promise<ResolvedModel | null>,
  ) {
    const context = toolContext(session, agent);
    const { tools, notes } = await toolsOf(context, agent);
    return runner.start({
      row,
      accountId: session.accountId,
      thread,
      modelRef,
      system: [agent?.system, ...notes].filter(Boolean).join('\n\n') || null,
      saved,
      model,
      tools: workspace ? sdkTools(workspace, context, tools) : undefined,
      needsApproval: (name) => (Object.hasOwn(tools, name) ? (tools[name]?.needsApproval ?? false) : false),
      labelOf: (name) => (Object.hasOwn(tools, name) ? tools[name]?.label : undefined),
      // A chat counts on the leaderboard once the agent has answered in it, not when it was opened.
      onAnswered: session.agentId
        ? () => agents.countAnswered({ agentId: session.agentId as string, userId: session.userId })
        : undefined,
    });
  }

  /** Tool calls still waiting when the user moves on are not approved. */
  async function declinePending(message: ChatMessageRow) {
    if (message.role !== 'assistant') return;
    const parts = message.parts as ChatPart[];
    if (!parts.some((part) => part.type === 'tool' && part.state === 'awaiting-approval')) return;
    await repo.saveProgress(message.id, {
      parts: parts.map((part) =>
        part.type === 'tool' && part.state === 'awaiting-approval' ? { ...part, state: 'denied' } : part,
      ),
    });
  }

  function textOfUser(message: ChatMessageRow): string {
    return (message.parts as { type: string; text?: string }[]).map((part) => part.text ?? '').join('');
  }

  /** Chats whose next answer is being set up in this process (between the check and its start). */
  const claimed = new Set<string>();

  /**
   * One answer at a time per chat: none saved as streaming, none being written or set up here (its
   * rows may not be saved yet). Holds the chat while `start` sets its answer up.
   */
  async function whenIdle<T>(all: ChatMessageRow[], sessionId: string, start: () => Promise<T>): Promise<T> {
    if (claimed.has(sessionId) || runner.busy(sessionId) || all.some((message) => message.status === 'streaming'))
      throw new AppError('conflict', BUSY);
    claimed.add(sessionId);
    try {
      return await start();
    } finally {
      claimed.delete(sessionId);
    }
  }

  /** Events of an answer: what it holds now, then what it adds, until it is done. */
  const follow = (messageId: string) =>
    followAnswer(messageId, {
      local: (id) => runner.local(id),
      read: async (id) => {
        const row = await repo.message(id);
        return row ? toChatMessage(await settle(row)) : null;
      },
    });

  return {
    ownSession,
    messagesOf,
    /**
     * A new user message after `parentId` (an answer; null for the first message; absent: after the
     * session's leaf) and the answer to it, which starts being written at once.
     */
    async send({ sessionId, userId, input }: { sessionId: string; userId: string; input: SendChatMessage }) {
      // The messages are read beside the ownership check; nothing of them is used unless it passes.
      const [session, rows] = await Promise.all([
        ownSession(sessionId, userId),
        repo.messagesOwnedBy(sessionId, userId),
      ]);
      const all = await Promise.all(rows.map(settle));
      // The model is looked up while the rest is checked and written (errors surface in the answer).
      const early = models.resolve(session.accountId, input.model !== undefined ? input.model : session.model);
      early.catch(() => {});
      return whenIdle(all, session.id, async () => {
        const parentId = input.parentId === undefined ? session.leafId : input.parentId;
        if (parentId !== null) {
          const parent = all.find((message) => message.id === parentId);
          if (!parent) throw new AppError('not_found', MESSAGE_NOT_FOUND, 'parentId');
          if (parent.role !== 'assistant') throw new AppError('bad_request', 'A message follows an answer', 'parentId');
          await declinePending(parent);
        }
        const modelRef = input.model !== undefined ? input.model : session.model;
        if (input.model !== undefined && input.model !== session.model)
          await repo.updateSession(session, { model: input.model });
        const now = new Date();
        const userRow: ChatMessageRow = {
          id: newId('msg'),
          sessionId: session.id,
          accountId: session.accountId,
          parentId,
          role: 'user',
          parts: [{ type: 'text', text: input.text }],
          status: 'done',
          error: null,
          model: null,
          stopRequested: false,
          createdAt: now,
          updatedAt: now,
        };
        const generation = await answer(
          session,
          [...all, userRow],
          { parent: userRow, parentIsNew: true },
          modelRef ?? null,
          early,
        );
        return { user: toChatMessage(userRow), generation };
      });
    },

    /** Another answer to the same message, beside the one given (which stays as a sibling). */
    async regenerate({
      messageId,
      userId,
      input,
    }: {
      messageId: string;
      userId: string;
      input: RegenerateChatMessage;
    }) {
      const { message, session } = await ownMessage(messageId, userId);
      if (message.role !== 'assistant') throw new AppError('bad_request', 'Only an answer can be regenerated');
      const all = await messagesOf(session);
      return whenIdle(all, session.id, async () => {
        const parent = all.find((row) => row.id === message.parentId);
        if (!parent) throw new AppError('not_found', MESSAGE_NOT_FOUND);
        const modelRef = input.model !== undefined ? input.model : (session.model ?? null);
        return { generation: await answer(session, all, { parent, parentIsNew: false }, modelRef) };
      });
    },

    /**
     * Answers a tool call waiting for approval: runs it (approved) or records the refusal, then, once
     * no call of the answer is waiting any more, the answer goes on with the results.
     */
    async decide({
      messageId,
      toolCallId,
      userId,
      approved,
    }: {
      messageId: string;
      toolCallId: string;
      userId: string;
      approved: boolean;
    }): Promise<{ generation: Generation | null; message: ChatMessage }> {
      const { message, session } = await ownMessage(messageId, userId);
      const all = await messagesOf(session);
      return whenIdle(all, session.id, async () => {
        const parts = structuredClone(message.parts as ChatPart[]);
        const call = parts.find((part): part is ChatToolPart => part.type === 'tool' && part.toolCallId === toolCallId);
        if (!call) throw new AppError('not_found', 'Tool call not found');
        if (call.state !== 'awaiting-approval') throw new AppError('conflict', 'This action was already answered');
        if (approved) {
          call.state = 'running';
          await repo.saveProgress(message.id, { parts });
          const agent = await agentOf(session);
          const context = toolContext(session, agent);
          const { tools, notes } = await toolsOf(context, agent);
          const result = workspace
            ? await runApprovedTool(workspace, context, tools, call.toolName, call.input, notes)
            : { error: 'Tools are not available' };
          if ('output' in result) Object.assign(call, { state: 'done', output: result.output });
          else Object.assign(call, { state: 'error', error: result.error });
        } else {
          call.state = 'denied';
        }
        const waiting = parts.some((part) => part.type === 'tool' && part.state === 'awaiting-approval');
        if (waiting) {
          await repo.saveProgress(message.id, { parts });
          return { generation: null, message: toChatMessage((await repo.message(message.id)) ?? message) };
        }
        await repo.saveProgress(message.id, { parts, status: 'streaming', error: null });
        const row = (await repo.message(message.id)) as ChatMessageRow;
        const thread = branchTo(all, message.parentId);
        const generation = await startAnswer(
          session,
          row,
          thread,
          message.model ?? session.model ?? null,
          await agentOf(session),
        );
        return { generation, message: toChatMessage(row) };
      });
    },

    /** Stops an answer being written, in this process or another. */
    async stop({ messageId, userId }: { messageId: string; userId: string }): Promise<ChatMessage> {
      const { message } = await ownMessage(messageId, userId);
      const generation = runner.local(message.id);
      if (generation) {
        generation.stop();
        await generation.finished;
      } else if (message.status === 'streaming') {
        await repo.requestStop(message.id);
      }
      return toChatMessage((await repo.message(message.id)) ?? message);
    },

    /** Follows an answer: for a reload in the middle of one. */
    async follow({ messageId, userId }: { messageId: string; userId: string }) {
      const { message } = await ownMessage(messageId, userId);
      return follow(message.id);
    },

    /** Events of a generation started by send or regenerate, for the response that asked. */
    stream: (generation: Generation) => followGeneration(generation),
  };
}
