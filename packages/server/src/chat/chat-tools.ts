import type { AgentToolScope } from '@flowmind/shared/agents';
import type { ChatPart } from '@flowmind/shared/chat';
import { AppError } from '@flowmind/shared/errors';
import type { ModelMessage, Tool } from 'ai';
import type { AgentConnection } from '../agents/agent-gallery.service';
import { connectionChatTools } from '../integrations/integration-tools';

import type { ToolContext, ToolSpec, WorkspaceServices } from './chat-tool-spec';
import { CHAT_TOOLS } from './workspace-tools';

/** The tools a chat has, by name, and what the model should know of those that could not be had. */
export type ChatToolSet = { tools: Record<string, ToolSpec<unknown>>; notes: string[] };

/** The workspace's tools an agent with this scope has (all of them for the assistant). */
export const offeredTools = (scope: AgentToolScope | null) =>
  Object.entries(CHAT_TOOLS).filter(([, toolSpec]) => !scope || toolSpec.offered(scope));

/**
 * The tools of a chat: all the workspace's for the personal assistant; for a custom agent, those
 * its scope offers and the actions of the connections it was given (`connections`, already checked
 * to be the chat's account's), each bound to its connection. Built for each answer and again at an
 * approval, so a tool taken from the agent meanwhile is no longer there.
 */
export async function chatToolsFor(
  services: WorkspaceServices,
  context: ToolContext,
  connections: readonly AgentConnection[],
): Promise<ChatToolSet> {
  if (!context.scope) return { tools: CHAT_TOOLS, notes: [] };
  const tools = Object.fromEntries(offeredTools(context.scope));
  if (connections.length === 0) return { tools, notes: [] };
  const bound = await connectionChatTools(services, context, connections, new Set(Object.keys(tools)));
  return { tools: { ...tools, ...bound.tools }, notes: bound.notes };
}

/**
 * The tools as the AI SDK takes them: those needing approval have no `execute`, so a call to one
 * ends the step. None at all (undefined) when there are none.
 */
export function sdkTools(
  services: WorkspaceServices,
  context: ToolContext,
  tools: Record<string, ToolSpec<unknown>>,
): Record<string, Tool> | undefined {
  const offered = Object.entries(tools);
  if (offered.length === 0) return undefined;
  return Object.fromEntries(
    offered.map(([name, toolSpec]) => {
      const inputSchema = toolSpec.modelSchema ?? toolSpec.input;
      return [
        name,
        toolSpec.needsApproval
          ? ({ description: toolSpec.description, inputSchema } satisfies Tool)
          : ({
              description: toolSpec.description,
              inputSchema,
              execute: async (input: unknown) => {
                if (!toolSpec.modelSchema) return toolSpec.run(services, context, input);
                // The SDK does not check input against a JSON Schema given this way: the tool's own schema does.
                const parsed = toolSpec.input.safeParse(input);
                if (!parsed.success)
                  throw new AppError('bad_request', `Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
                return toolSpec.run(services, context, parsed.data);
              },
            } satisfies Tool),
      ];
    }),
  );
}

/** Runs an approved tool call; the error's message becomes the call's result for the model. */
export async function runApprovedTool(
  services: WorkspaceServices,
  context: ToolContext,
  tools: Record<string, ToolSpec<unknown>>,
  name: string,
  input: unknown,
  /** Why some tools cannot be had now (an MCP server down), told with an unknown tool. */
  unavailable: readonly string[] = [],
): Promise<{ output: unknown } | { error: string }> {
  const toolSpec = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!toolSpec) return { error: [`Unknown tool ${name}`, ...unavailable].join('. ') };
  const parsed = toolSpec.input.safeParse(input);
  if (!parsed.success) return { error: `Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}` };
  try {
    return { output: await toolSpec.run(services, context, parsed.data) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const DENIED = 'The user did not approve this action.';

/**
 * An answer's parts as the model reads them: text and tool calls from the assistant, each call's
 * result (or error, or refusal) as a tool message right after it.
 */
export function answerToModelMessages(parts: readonly ChatPart[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  let content: Exclude<Extract<ModelMessage, { role: 'assistant' }>['content'], string> = [];
  for (const part of parts) {
    if (part.type === 'text') {
      if (part.text) content.push({ type: 'text', text: part.text });
    } else if (part.type === 'tool') {
      if (part.state === 'awaiting-approval' || part.state === 'running') continue;
      content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      messages.push({ role: 'assistant', content });
      content = [];
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output:
              part.state === 'done'
                ? { type: 'json', value: (part.output ?? null) as never }
                : { type: 'error-text', value: part.state === 'denied' ? DENIED : (part.error ?? 'Failed') },
          },
        ],
      });
    }
  }
  if (content.length > 0) messages.push({ role: 'assistant', content });
  return messages;
}
