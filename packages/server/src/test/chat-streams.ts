import type { ChatMessage, ChatStreamEvent, ChatToolPart } from '@flowmind/shared/chat';
import { readJsonLines } from '@flowmind/shared/chat';
import { type OpenAiServer, startOpenAiServer } from './openai-server';
import { type signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from './test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

/** A Flowmind server whose environment provider is a local OpenAI-protocol model server. */
export async function startChatTestServer(options: { models?: string[] } = {}) {
  const model: OpenAiServer = await startOpenAiServer(options);
  const server: TestServer = await startTestServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' });
  return {
    model,
    server,
    async close() {
      await server.close();
      await model.close();
    },
  };
}

/**
 * A streamed chat request: every NDJSON event, in order, read as it arrives. `onEvent` returning
 * true hangs up there (a reload): the answer goes on without this reader. A refused request gives
 * its status and error body, and no events.
 */
export async function streamEvents(
  server: TestServer,
  member: Member,
  method: string,
  path: string,
  body?: unknown,
  { onEvent }: { onEvent?: (event: ChatStreamEvent) => boolean | undefined } = {},
): Promise<{ status: number; contentType: string | null; events: ChatStreamEvent[]; error?: unknown }> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: TEST_APP_URL,
      cookie: member.client.cookieHeader,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type');
  if (!response.ok) return { status: response.status, contentType, events: [], error: await response.json() };
  const events: ChatStreamEvent[] = [];
  try {
    await readJsonLines<ChatStreamEvent>(response.body as ReadableStream<Uint8Array>, (event) => {
      events.push(event);
      if (!onEvent?.(event)) return false;
      controller.abort();
      return true;
    });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, contentType, events };
}

/** The finished message a stream ends with. */
export function doneOf(events: ChatStreamEvent[]): ChatMessage {
  const last = events[events.length - 1];
  if (last?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(events)}`);
  return last.message;
}

export const messageText = (message: ChatMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

export const toolCallsOf = (message: ChatMessage) =>
  message.parts.filter((part): part is ChatToolPart => part.type === 'tool');
