import type { McpToolInfo } from '@flowmind/shared/integrations';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { GuardedFetch } from '../../net/guarded-fetch';
import { StepError } from '../../user-error';

/** How long the handshake, a listing or a tool call may take unless the caller says otherwise. */
export const MCP_TIMEOUT_MS = 30_000;
/** A server listing more than this many tools is cut: pickers and models cannot use more. */
export const MCP_TOOL_LIMIT = 200;

export type McpEndpoint = { url: string; token: string | null };

export type McpToolResult = {
  content: unknown[];
  structuredContent?: unknown;
  isError: boolean;
};

/** What went wrong talking to an MCP server, in words for the user (never a stack). */
export class McpFailure extends StepError {
  /** The server refused the token (401 or 403): an OAuth connection refreshes or needs reconnecting. */
  constructor(
    message: string,
    readonly tokenRefused = false,
  ) {
    super(message);
  }
}

function failure(error: unknown, url: string): McpFailure {
  if (error instanceof McpFailure) return error;
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  // The guarded fetch's refusals (private addresses) already say what the operator can do.
  if (error instanceof StepError) return new McpFailure(error.message);
  if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403))
    return new McpFailure(
      `The MCP server at ${host} refused the token (HTTP ${error.code}). Replace the token of this connection in Integrations.`,
      true,
    );
  if (error instanceof StreamableHTTPError && error.code)
    return new McpFailure(`The MCP server at ${host} answered HTTP ${error.code}. Check its URL, or try again later.`);
  if (error instanceof McpError) return new McpFailure(`The MCP server at ${host} answered: ${error.message}`);
  if (error instanceof Error && error.name === 'AbortError')
    return new McpFailure(`The MCP server at ${host} did not answer in time`);
  return new McpFailure(`The MCP server at ${host} could not be reached. Check its URL, or try again later.`);
}

/**
 * Opens a session with the server, runs `work`, and closes it. Every request goes through the
 * guarded fetch, so an MCP URL obeys the same private-address rules as the HTTP request step.
 */
export async function withMcpClient<T>(
  { endpoint, fetch, signal }: { endpoint: McpEndpoint; fetch: GuardedFetch; signal?: AbortSignal },
  work: (client: Client, options: { signal: AbortSignal; timeout: number }) => Promise<T>,
): Promise<T> {
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    throw new McpFailure(`"${endpoint.url}" is not a valid URL`);
  }
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: (target, init) => fetch(String(target), init),
    requestInit: endpoint.token ? { headers: { authorization: `Bearer ${endpoint.token}` } } : undefined,
  });
  const client = new Client({ name: 'flowmind', version: '1.0.0' });
  const options = {
    signal: signal
      ? AbortSignal.any([signal, AbortSignal.timeout(MCP_TIMEOUT_MS)])
      : AbortSignal.timeout(MCP_TIMEOUT_MS),
    timeout: MCP_TIMEOUT_MS,
  };
  try {
    await client.connect(transport, options);
    return await work(client, options);
  } catch (error) {
    throw failure(error, endpoint.url);
  } finally {
    // Ends the session at the server (a DELETE) and the client's streams; a server gone already is fine.
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}

/** Every tool the server offers, page by page, up to the limit. */
export async function listMcpTools(
  client: Client,
  options: { signal: AbortSignal; timeout: number },
): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, options);
    for (const tool of page.tools) {
      tools.push({
        name: tool.name,
        title: tool.title ?? tool.annotations?.title ?? null,
        description: tool.description ?? '',
        // MCP says clients must treat annotations as hints from a server they may not trust: only an explicit true counts.
        readOnly: tool.annotations?.readOnlyHint === true,
        inputSchema: tool.inputSchema as Record<string, unknown>,
      });
    }
    cursor = page.nextCursor;
  } while (cursor && tools.length < MCP_TOOL_LIMIT);
  return tools.slice(0, MCP_TOOL_LIMIT);
}

export async function callMcpTool(
  client: Client,
  options: { signal: AbortSignal; timeout: number },
  { name, args }: { name: string; args: Record<string, unknown> },
): Promise<McpToolResult> {
  const result = await client.callTool({ name, arguments: args }, undefined, options);
  return {
    content: Array.isArray(result.content) ? result.content : [],
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}
