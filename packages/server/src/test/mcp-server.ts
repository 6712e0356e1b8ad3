import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** A tool call as the server took it, for tests to check what the client sent. */
export type McpCall = { tool: string; args: Record<string, unknown>; authorization: string | undefined };

/**
 * A real Model Context Protocol server over streamable HTTP (the SDK's McpServer and transport,
 * stateless: a server per request, as the SDK documents it). It offers a read-only tool
 * (`lookup_order`, with `readOnlyHint`), a tool without annotations (`create_ticket`, which a
 * client must treat as writing) and one that answers with `isError`. With a `token`, requests
 * without `Authorization: Bearer <token>` get 401.
 */
export async function startMcpServer({
  token = null,
  oauth,
}: {
  token?: string | null;
  /**
   * An OAuth protected resource instead of a fixed token: its metadata (RFC 9728), served at the
   * well-known address its 401s name, and the check of each bearer token.
   */
  oauth?: { metadata: () => Record<string, unknown>; accepts: (token: string) => Promise<boolean> };
} = {}) {
  const calls: McpCall[] = [];
  let tickets = 0;

  function mcpServer(authorization: string | undefined) {
    const server = new McpServer({ name: 'orders', version: '1.0.0' });
    server.registerTool(
      'lookup_order',
      {
        title: 'Look up an order',
        description: 'Find an order by its id and tell its status',
        inputSchema: { orderId: z.string() },
        annotations: { readOnlyHint: true },
      },
      async ({ orderId }) => {
        calls.push({ tool: 'lookup_order', args: { orderId }, authorization });
        const order = { orderId, status: orderId === 'A-1' ? 'shipped' : 'unknown' };
        return { content: [{ type: 'text', text: `Order ${orderId}: ${order.status}` }], structuredContent: order };
      },
    );
    server.registerTool(
      'create_ticket',
      { description: 'Open a support ticket', inputSchema: { title: z.string(), priority: z.number().optional() } },
      async (args) => {
        calls.push({ tool: 'create_ticket', args, authorization });
        tickets += 1;
        return { content: [{ type: 'text', text: `Created ticket T-${tickets}: ${args.title}` }] };
      },
    );
    server.registerTool(
      'always_fails',
      { description: 'A tool whose every call fails', annotations: { readOnlyHint: true } },
      async () => {
        calls.push({ tool: 'always_fails', args: {}, authorization });
        return { content: [{ type: 'text', text: 'The order service is down' }], isError: true };
      },
    );
    return server;
  }

  const readJson = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : undefined;
  };

  const http = createServer(async (req, res) => {
    try {
      const authorization = req.headers.authorization;
      if (oauth && req.url === METADATA_PATH) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(oauth.metadata()));
        return;
      }
      const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
      const allowed = oauth ? Boolean(bearer) && (await oauth.accepts(bearer)) : !token || bearer === token;
      if (!allowed) {
        const origin = `http://${req.headers.host}`;
        res.writeHead(401, {
          'content-type': 'application/json',
          'www-authenticate': oauth ? `Bearer resource_metadata="${origin}${METADATA_PATH}"` : 'Bearer',
        });
        res.end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      if (req.method !== 'POST') {
        // Stateless: no stream to resume and no session to end.
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const body = await readJson(req);
      const server = mcpServer(authorization);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;

  return {
    url,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

export type TestMcpServer = Awaited<ReturnType<typeof startMcpServer>>;
