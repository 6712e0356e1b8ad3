import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat completions request as the client sent it. */
export type ChatRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: unknown }[];
    stream?: boolean;
    response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
    [key: string]: unknown;
  };
};

/**
 * What the fake model answers: its text, an error status with an OpenAI-style error body, or text
 * streamed in the given pieces with a pause before each (a slow model, to stop or reload during); with `hold`,
 * the pieces after the first wait for it (a model still thinking), so a test can see the first arrive on its own.
 */
export type ChatReply =
  | string
  | { status: number; message: string; type?: string }
  | { pieces: string[]; delayMs: number; hold?: Promise<void> }
  | { text?: string; toolCalls: { name: string; arguments: Record<string, unknown> }[] };

/**
 * A real HTTP server speaking the OpenAI chat completions protocol (JSON, and SSE when the
 * client asks for `stream: true`), so tests drive the AI SDK exactly as a provider would.
 * `reply` decides each answer; `requests` keeps what arrived. With `apiKey` set, other keys get 401.
 */
export async function startOpenAiServer({
  reply = () => 'Hello from the test model.',
  apiKey,
  models = ['gpt-4o-mini'],
}: {
  reply?: (request: ChatRequest) => ChatReply | Promise<ChatReply>;
  apiKey?: string;
  models?: string[];
} = {}) {
  const requests: ChatRequest[] = [];
  let answer = reply;
  let counter = 0;

  const sendError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message, type, param: null, code: null } }));

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`)
        return sendError(res, 401, 'Incorrect API key provided.', 'authentication_error');
      if (req.method === 'GET' && path.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'test' })) }),
        );
      }
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) return sendError(res, 404, `No route ${path}`);
      let body: ChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return sendError(res, 400, 'The body is not JSON');
      }
      const request: ChatRequest = { path, headers: req.headers, body };
      requests.push(request);
      if (!models.includes(body.model)) return sendError(res, 404, `The model \`${body.model}\` does not exist`);
      let result: ChatReply;
      try {
        result = await answer(request);
      } catch (error) {
        return sendError(res, 500, (error as Error).message, 'server_error');
      }
      if (typeof result !== 'string' && 'status' in result)
        return sendError(res, result.status, result.message, result.type);
      const slow = typeof result !== 'string' && 'pieces' in result ? result : null;
      const calls = typeof result !== 'string' && 'toolCalls' in result ? result : null;
      const text = typeof result === 'string' ? result : slow ? slow.pieces.join('') : (calls?.text ?? '');
      const toolCalls = (calls?.toolCalls ?? []).map((call, index) => ({
        id: `call_${counter + 1}_${index}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
      const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
      const id = `chatcmpl-test-${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: text || null,
                  ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
                },
                finish_reason: finishReason,
              },
            ],
            usage,
          }),
        );
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`,
        );
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
      for (const [index, piece] of (slow ? slow.pieces : (text.match(/[\s\S]{1,8}/g) ?? [])).entries()) {
        if (slow?.hold && index === 1) await slow.hold;
        if (slow) await new Promise((resolve) => setTimeout(resolve, slow.delayMs));
        // The client went away (stopped): a provider stops writing too.
        if (res.destroyed || res.writableEnded) return;
        chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]);
      }
      // A tool call's name first, then its arguments in two pieces, as OpenAI streams them.
      toolCalls.forEach((call, index) => {
        const half = Math.ceil(call.function.arguments.length / 2);
        chunk([
          {
            index: 0,
            delta: {
              tool_calls: [
                { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
              ],
            },
            finish_reason: null,
          },
        ]);
        for (const piece of [call.function.arguments.slice(0, half), call.function.arguments.slice(half)])
          chunk([
            { index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null },
          ]);
      });
      chunk([{ index: 0, delta: {}, finish_reason: finishReason }]);
      if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) chunk([], { usage });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** The base URL a client is configured with (like https://api.openai.com/v1). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Change how the model answers from now on. */
    setReply(next: (request: ChatRequest) => ChatReply | Promise<ChatReply>) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;
