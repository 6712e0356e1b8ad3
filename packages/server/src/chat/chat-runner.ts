import {
  type ChatMessage,
  type ChatPart,
  type ChatStreamEvent,
  type ChatToolPart,
  NO_MODEL_TEXT,
} from '@flowmind/shared/chat';
import type { ModelMessage, Schema, Tool } from 'ai';
import type { Logger } from 'pino';
import type { AiModels, ResolvedModel } from '../ai/ai-models';
import { loadAi } from '../ai/ai-sdk';
import { aiFailure } from '../flows/ai/ai-api';
import { type ChatMessageRow, type ChatRepository, toChatMessage } from './chat.repository';
import { answerToModelMessages } from './chat-tools';

/** An answer being written in this process: its parts so far, who listens, how to stop it. */
export type Generation = {
  messageId: string;
  sessionId: string;
  snapshot(): ChatMessage;
  listen(listener: (event: ChatStreamEvent) => void): () => void;
  stop(): void;
  /** True once the answer is saved for the last time and its `done` event was sent. */
  isDone(): boolean;
  finished: Promise<void>;
};

export const STOPPED_BY_USER = 'Stopped';
export const NOT_SAVED = 'This message could not be saved, so the answer was stopped. Try again.';
export const INTERRUPTED =
  'The answer was interrupted because the server stopped while writing it. Regenerate it to try again.';

const SYSTEM_PROMPT = [
  'You are Flowmind, a helpful assistant inside a workspace where people build automation flows,',
  'keep data in tables and write notes. Answer clearly and concisely. Use Markdown: headings, lists,',
  'tables, fenced code blocks with a language, and $…$ or $$…$$ for math. You have tools over the',
  "user's notes, tables and flows: use them when the user asks about or wants to change their work;",
  'tools that change data ask the user first, and you continue once they have answered.',
].join(' ');

/** At most this many model calls per answer (tool results go back to the model in between). */
const MAX_STEPS = 6;

export function textOf(parts: readonly unknown[]): string {
  return (parts as ChatPart[])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** The conversation so far as the model reads it: the branch's messages, oldest first. */
export function toModelMessages(thread: readonly ChatMessageRow[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const message of thread) {
    if (message.role === 'assistant') {
      messages.push(...answerToModelMessages(message.parts as ChatPart[]));
      continue;
    }
    const text = textOf(message.parts);
    if (text) messages.push({ role: 'user', content: text });
  }
  return messages;
}

/**
 * Tool input schemas as the SDK's own schema objects, made once per schema: given a zod schema,
 * the SDK wraps it anew and converts it to JSON Schema on every model call (about 1.3 ms for the
 * workspace tools, before the request is sent), while its wrapper keeps the conversion.
 */
const toolSchemas = new WeakMap<object, Schema>();

function withKeptSchemas(
  tools: Record<string, Tool> | undefined,
  asSchema: (schema: Tool['inputSchema']) => Schema,
): Record<string, Tool> | undefined {
  if (!tools) return tools;
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => {
      const given = tool.inputSchema as object;
      let schema = toolSchemas.get(given);
      if (!schema) {
        schema = asSchema(tool.inputSchema);
        toolSchemas.set(given, schema);
      }
      return [name, { ...tool, inputSchema: schema } as Tool];
    }),
  );
}

function append(parts: ChatPart[], type: 'text' | 'reasoning', delta: string) {
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += delta;
  else parts.push({ type, text: delta });
}

/**
 * Writes answers: each runs detached from the request that asked for it, so it continues when
 * nobody reads it. Its parts are saved every `saveMs` while text arrives, and at least every
 * `heartbeatMs`; each save reads back whether a stop was asked from another process.
 */
export function chatRunner({
  repo,
  models,
  logger,
  saveMs = 100,
  heartbeatMs = 1000,
}: {
  repo: ChatRepository;
  models: AiModels;
  logger: Logger;
  saveMs?: number;
  heartbeatMs?: number;
}) {
  const running = new Map<string, Generation>();

  function start({
    row,
    accountId,
    thread,
    modelRef,
    tools,
    needsApproval = () => false,
    labelOf = () => undefined,
    system,
    saved: rowSaved = Promise.resolve(),
    model: modelLookup,
    onAnswered,
  }: {
    row: ChatMessageRow;
    accountId: string;
    /** The messages before this answer, oldest first. */
    thread: ChatMessageRow[];
    modelRef: string | null;
    /** The workspace tools; those without `execute` wait for approval. */
    tools?: Record<string, Tool>;
    needsApproval?: (toolName: string) => boolean;
    labelOf?: (toolName: string) => string | undefined;
    /** A custom agent's instructions, read after the product's own prompt. */
    system?: string | null;
    /** Settles once the answer's row is in the database: saves wait for it. */
    saved?: Promise<unknown>;
    /** The model, when the caller already began looking it up (else it is looked up here). */
    model?: Promise<ResolvedModel | null>;
    /** Runs once the answer is complete and saved, before its 'done' event. */
    onAnswered?: () => Promise<void>;
  }): Generation {
    // An answer continued after an approval goes on from what it already holds.
    const parts: ChatPart[] = structuredClone(row.parts as ChatPart[]);
    const listeners = new Set<(event: ChatStreamEvent) => void>();
    const abort = new AbortController();
    let status: ChatMessage['status'] = 'streaming';
    let error: string | null = null;
    let model = row.model;
    let updatedAt = row.updatedAt;
    let done = false;

    const snapshot = (): ChatMessage => ({
      ...toChatMessage({ ...row, status, error, model, updatedAt }),
      parts: structuredClone(parts),
    });
    const emit = (event: ChatStreamEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (failure) {
          logger.warn({ err: failure }, 'chat listener failed');
        }
      }
    };

    // One save in flight at a time; a save asked meanwhile runs right after it.
    let saving: Promise<void> | null = null;
    let lastSave = Date.now();
    const save = (): Promise<void> => {
      if (saving) return saving;
      lastSave = Date.now();
      const snapshotParts = structuredClone(parts);
      saving = rowSaved
        .then(() => repo.saveProgress(row.id, { parts: snapshotParts }))
        .then((saved) => {
          updatedAt = new Date();
          if (saved?.stopRequested) abort.abort(STOPPED_BY_USER);
        })
        .catch((failure) => logger.error({ err: failure, messageId: row.id }, 'saving a chat answer failed'))
        .finally(() => {
          saving = null;
        });
      return saving;
    };
    // The rows are written while the model starts: if that fails, the answer stops and says why.
    let notSaved = false;
    rowSaved.catch((failure) => {
      notSaved = true;
      logger.error({ err: failure, messageId: row.id }, 'saving a chat message failed');
      abort.abort(NOT_SAVED);
    });
    const heartbeat = setInterval(() => void save(), heartbeatMs);
    heartbeat.unref();

    async function run() {
      try {
        const resolved = await (modelLookup ?? models.resolve(accountId, modelRef));
        if (!resolved) {
          status = 'error';
          error = NO_MODEL_TEXT;
          return;
        }
        model = resolved.ref;
        const { asSchema, stepCountIs, streamText } = await loadAi();
        const result = streamText({
          model: resolved.model,
          system: system ? `${SYSTEM_PROMPT}\n\n${system}` : SYSTEM_PROMPT,
          messages: [...toModelMessages(thread), ...answerToModelMessages(parts)],
          tools: withKeptSchemas(tools, asSchema),
          stopWhen: stepCountIs(MAX_STEPS),
          abortSignal: abort.signal,
          maxRetries: 1,
          // Errors arrive as stream parts and end up on the message; the SDK would also print them.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
            if (!part.text) continue;
            append(parts, part.type === 'text-delta' ? 'text' : 'reasoning', part.text);
            emit({ type: part.type, messageId: row.id, delta: part.text });
            if (Date.now() - lastSave >= saveMs) void save();
          } else if (part.type === 'tool-call') {
            const label = labelOf(part.toolName);
            parts.push({
              type: 'tool',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              ...(label ? { label } : {}),
              input: part.input,
              state: needsApproval(part.toolName) ? 'awaiting-approval' : 'running',
            });
            emit({ type: 'message', message: snapshot() });
            void save();
          } else if (part.type === 'tool-result' || part.type === 'tool-error') {
            const call = parts.find(
              (candidate): candidate is ChatToolPart =>
                candidate.type === 'tool' && candidate.toolCallId === part.toolCallId,
            );
            if (call && part.type === 'tool-result') Object.assign(call, { state: 'done', output: part.output });
            if (call && part.type === 'tool-error')
              Object.assign(call, {
                state: 'error',
                error: part.error instanceof Error ? part.error.message : String(part.error),
              });
            emit({ type: 'message', message: snapshot() });
            void save();
          } else if (part.type === 'error') {
            throw part.error;
          } else if (part.type === 'abort') {
            break;
          }
        }
        if (abort.signal.aborted) {
          status = 'stopped';
        } else {
          status = 'done';
        }
      } catch (failure) {
        if (abort.signal.aborted) {
          status = 'stopped';
        } else {
          status = 'error';
          const host = (await models.resolve(accountId, model).catch(() => null))?.host ?? 'the provider';
          error = aiFailure(failure, { model: model ?? '', baseUrl: host, signal: abort.signal }).message;
          logger.warn({ err: failure, messageId: row.id }, 'chat answer failed');
        }
      }
    }

    const finished = (async () => {
      try {
        await run();
      } finally {
        clearInterval(heartbeat);
        await saving;
        if (notSaved) {
          status = 'error';
          error = NOT_SAVED;
        }
        try {
          await rowSaved;
          await repo.saveProgress(row.id, { parts, status, error, model });
          updatedAt = new Date();
        } catch (failure) {
          logger.error({ err: failure, messageId: row.id }, 'saving a chat answer failed');
        }
        if (onAnswered && snapshot().status === 'done') {
          await onAnswered().catch((failure) =>
            logger.warn({ err: failure, messageId: row.id }, 'after a chat answer: a step failed'),
          );
        }
        running.delete(row.id);
        done = true;
        emit({ type: 'done', message: snapshot() });
        listeners.clear();
      }
    })();

    const generation: Generation = {
      messageId: row.id,
      sessionId: row.sessionId,
      snapshot,
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      stop: () => abort.abort(STOPPED_BY_USER),
      isDone: () => done,
      finished,
    };
    running.set(row.id, generation);
    return generation;
  }

  return {
    start,
    /** The answer being written in this process, if it is. */
    local: (messageId: string) => running.get(messageId),
    /** Whether this process is writing an answer in the chat. */
    busy: (sessionId: string) => [...running.values()].some((generation) => generation.sessionId === sessionId),
    /** Stops every answer (the server is closing) and waits until each is saved. */
    async close() {
      const all = [...running.values()];
      for (const generation of all) generation.stop();
      await Promise.all(all.map((generation) => generation.finished));
    },
  };
}

export type ChatRunner = ReturnType<typeof chatRunner>;
