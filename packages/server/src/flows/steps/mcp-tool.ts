import type { Item } from '@flowmind/shared/flows';
import { type StepDefinition, StepError } from './step';

function argumentsOf(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim()) return {};
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new StepError(`The arguments are not valid JSON: ${(error as Error).message}`);
    }
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw new StepError('The arguments must be a JSON object, such as {"orderId": "A-1"}');
  return parsed as Record<string, unknown>;
}

const textOf = (content: unknown[]) =>
  content
    .flatMap((part) => {
      const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
      return type === 'text' && typeof text === 'string' ? [text] : [];
    })
    .join('\n');

/** Calls a tool of one of the account's MCP servers, once per item. */
export const mcpToolStep: StepDefinition = {
  type: 'mcp.tool',
  // A tool may act on anything; nothing tells which only read.
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    for (let i = 0; i < ctx.items.length; i++) {
      const p = await ctx.params(i);
      const connectionId = String(p.connection ?? '').trim();
      const name = String(p.tool ?? '').trim();
      if (!connectionId) throw new StepError('Choose an MCP server');
      if (!name) throw new StepError('Choose a tool');
      const args = argumentsOf(p.arguments);
      const result = await ctx.services.connections.callMcpTool(connectionId, { name, args, signal: ctx.signal });
      const text = textOf(result.content);
      if (result.isError) throw new StepError(`The tool ${name} failed: ${text || 'it gave no reason'}`);
      ctx.log('info', `${name} answered`);
      out.push({
        content: result.content,
        text,
        ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      } as Item);
    }
    return { outputs: { main: out } };
  },
};
