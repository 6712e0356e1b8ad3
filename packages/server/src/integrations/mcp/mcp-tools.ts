import { createHash } from 'node:crypto';
import { AppError } from '@flowmind/shared/errors';
import type { McpToolInfo } from '@flowmind/shared/integrations';
import type { JSONSchema7, Schema } from 'ai';
import { z } from 'zod';
import type { AgentConnection } from '../../agents/agent-gallery.service';
import { loadAi } from '../../ai/ai-sdk';
import type { ToolContext, ToolSpec, WorkspaceServices } from '../../chat/chat-tool-spec';
import { StepError } from '../../user-error';
import type { AccountConnections } from '../credentials';

/** How long a server's tool list is reused: answers and approvals in a row do not list it again. */
export const MCP_LISTING_MS = 30_000;
/** An answer waits this long at most for a server's list of tools before it starts without them. */
const LISTING_TIMEOUT_MS = 10_000;
/** At most this much of a tool's text answer goes to the model. */
const RESULT_TEXT_LIMIT = 40_000;
/** Model providers take tool names of letters, digits, `_` and `-`, at most 64 of them. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const listings = new Map<string, { until: number; tools: Promise<McpToolInfo[]> }>();

/** The server's tools, listed live through the SDK's client, or as listed in the last half minute. */
export function cachedMcpTools(
  connections: AccountConnections,
  { accountId, connectionId }: { accountId: string; connectionId: string },
): Promise<McpToolInfo[]> {
  const key = `${accountId}\u0000${connectionId}`;
  const now = Date.now();
  const cached = listings.get(key);
  if (cached && cached.until > now) return cached.tools;
  for (const [stale, entry] of listings) if (entry.until <= now) listings.delete(stale);
  const entry = {
    until: now + MCP_LISTING_MS,
    tools: connections.mcpTools(connectionId, AbortSignal.timeout(LISTING_TIMEOUT_MS)),
  };
  listings.set(key, entry);
  // A failed listing is not kept: the next answer asks the server again.
  entry.tools.catch(() => {
    if (listings.get(key) === entry) listings.delete(key);
  });
  return entry.tools;
}

/** Forgets every listing: the next answer asks each server again. */
export function forgetMcpListings() {
  listings.clear();
}

/**
 * A tool name the model can use: `wanted` when it is valid and free, else its valid characters
 * with a short hash of `key` (the connection and the original name), so the same tool keeps its
 * name from an answer to its approval. The name is added to `taken`.
 */
export function toolNameFor(wanted: string, key: string, taken: Set<string>): string {
  const clean = wanted.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'tool';
  let name = clean === wanted && !taken.has(clean) ? clean : '';
  for (let salt = 0; !name || taken.has(name); salt++) {
    const hash = createHash('sha256')
      .update(`${key}\u0000${salt || ''}`)
      .digest('hex')
      .slice(0, 6);
    name = `${clean.slice(0, 57)}_${hash}`;
  }
  taken.add(name);
  return name;
}

/** The tool's input schema as an object schema, which is what model providers take. */
function objectSchema(schema: Record<string, unknown>): JSONSchema7 {
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object', properties: (rest.properties as JSONSchema7['properties']) ?? {} } as JSONSchema7;
}

type Listing = { tools: McpToolInfo[]; schemaOf: (schema: JSONSchema7) => Schema } | { failure: string };

/** An MCP connection's tools for an agent's chat, or why they cannot be had now (in words). */
export async function listAgentMcpTools(
  services: WorkspaceServices,
  context: ToolContext,
  connection: AgentConnection,
): Promise<Listing> {
  try {
    const [tools, { jsonSchema }] = await Promise.all([
      cachedMcpTools(services.connections(context.accountId), {
        accountId: context.accountId,
        connectionId: connection.id,
      }),
      loadAi(),
    ]);
    return { tools, schemaOf: (schema) => jsonSchema(schema) };
  } catch (error) {
    if (error instanceof StepError) return { failure: error.message };
    return { failure: 'the server could not be reached' };
  }
}

const textOf = (content: unknown[]) =>
  content
    .flatMap((part) => {
      const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
      return type === 'text' && typeof text === 'string' ? [text] : [];
    })
    .join('\n');

/**
 * One tool of an agent's MCP server. It runs at once only when the server marks it
 * `readOnlyHint: true`; any other waits for the user's approval. The server's own error text
 * reaches the model; a failure to reach the server is worded by the client.
 */
export function mcpChatTool(
  connection: AgentConnection,
  tool: McpToolInfo,
  schemaOf: (schema: JSONSchema7) => Schema,
): ToolSpec<unknown> {
  const about = [tool.title && tool.title !== tool.name ? tool.title : '', tool.description].filter(Boolean).join(': ');
  return {
    description: `MCP server "${connection.name}", tool ${tool.name}${about ? `. ${about}` : ''}`.slice(0, 1024),
    label: `${tool.title || tool.name} (${connection.name})`,
    input: z.record(z.string(), z.unknown()),
    modelSchema: schemaOf(objectSchema(tool.inputSchema)),
    needsApproval: !tool.readOnly,
    offered: () => true,
    async run({ connections }, { accountId }, args) {
      let result: Awaited<ReturnType<AccountConnections['callMcpTool']>>;
      try {
        result = await connections(accountId).callMcpTool(connection.id, {
          name: tool.name,
          args: args as Record<string, unknown>,
        });
      } catch (error) {
        if (error instanceof StepError) throw new AppError('bad_request', error.message);
        throw error;
      }
      const text = textOf(result.content);
      if (result.isError)
        throw new AppError('bad_request', `The tool ${tool.name} failed: ${text || 'it gave no reason'}`);
      return {
        text: text.length > RESULT_TEXT_LIMIT ? `${text.slice(0, RESULT_TEXT_LIMIT)}\n[…the rest is cut]` : text,
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      };
    },
  };
}
