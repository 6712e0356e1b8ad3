import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Messages API request as the client sent it. */
export type MessagesRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens: number;
    messages: { role: string; content: unknown }[];
    system?: unknown;
    stream?: boolean;
    [key: string]: unknown;
  };
};

/** What the fake model answers: its text, or an error status with an Anthropic-style error body. */
export type MessagesReply = string | { status: number; message: string; type?: string };

const USAGE = { input_tokens: 12, output_tokens: 6 };

/**
 * A real HTTP server speaking Anthropic's Messages API (`POST /v1/messages`, JSON, and SSE when
 * the client asks for `stream: true`: message_start, content_block_start/delta/stop,
 * message_delta, message_stop), so tests drive the AI SDK's Anthropic provider as Anthropic would.
 * With `apiKey` set, other `x-api-key`s get 401; unknown models get 404.
 */
export async function startAnthropicServer({
  reply = () => 'Hello from the test Claude.',
  apiKey,
  models = ['claude-haiku-4-5'],
}: {
  reply?: (request: MessagesRequest) => MessagesReply | Promise<MessagesReply>;
  apiKey?: string;
  models?: string[];
} = {}) {
  const requests: MessagesRequest[] = [];
  let counter = 0;

  const sendError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'error', error: { type, message } }));

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (apiKey && req.headers['x-api-key'] !== apiKey)
        return sendError(res, 401, 'invalid x-api-key', 'authentication_error');
      if (req.method !== 'POST' || path !== '/v1/messages')
        return sendError(res, 404, `No route ${path}`, 'not_found_error');
      if (!req.headers['anthropic-version']) return sendError(res, 400, 'anthropic-version header is required');
      let body: MessagesRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return sendError(res, 400, 'The body is not JSON');
      }
      const request: MessagesRequest = { path, headers: req.headers, body };
      requests.push(request);
      if (typeof body.max_tokens !== 'number') return sendError(res, 400, 'max_tokens: Field required');
      if (!models.includes(body.model)) return sendError(res, 404, `model: ${body.model}`, 'not_found_error');
      let result: MessagesReply;
      try {
        result = await reply(request);
      } catch (error) {
        return sendError(res, 500, (error as Error).message, 'api_error');
      }
      if (typeof result !== 'string') return sendError(res, result.status, result.message, result.type);
      const message = {
        id: `msg_test_${++counter}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        stop_sequence: null,
      };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            ...message,
            content: [{ type: 'text', text: result }],
            stop_reason: 'end_turn',
            usage: USAGE,
          }),
        );
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const event = (type: string, data: Record<string, unknown>) =>
        res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      event('message_start', {
        message: {
          ...message,
          content: [],
          stop_reason: null,
          usage: { input_tokens: USAGE.input_tokens, output_tokens: 1 },
        },
      });
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      event('ping', {});
      for (const piece of result.match(/[\s\S]{1,8}/g) ?? [])
        event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
      event('content_block_stop', { index: 0 });
      event('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: USAGE.output_tokens },
      });
      event('message_stop', {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** The base URL a client is configured with (like https://api.anthropic.com/v1). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type AnthropicServer = Awaited<ReturnType<typeof startAnthropicServer>>;
