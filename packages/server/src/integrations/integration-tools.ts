import { randomUUID } from 'node:crypto';
import { AppError } from '@flowmind/shared/errors';
import type { ParamField } from '@flowmind/shared/flow-steps';
import { INTEGRATION_PROVIDERS } from '@flowmind/shared/integrations';
import { actionToolName } from '@flowmind/shared/integrations/define-integration';
import { z } from 'zod';
import type { AgentConnection } from '../agents/agent-gallery.service';
import type { ToolContext, ToolSpec, WorkspaceServices } from '../chat/chat-tool-spec';
import type { ChatToolSet } from '../chat/chat-tools';
import { StepError } from '../user-error';
import { ConnectionRevoked, type Integration, type IntegrationAction } from './define-integration';
import { parseActionInput } from './integration-steps';
import { listAgentMcpTools, mcpChatTool, toolNameFor } from './mcp/mcp-tools';
import { INTEGRATIONS } from './registry';

/** As long as a flow step's default: a tool call is one request to the provider. */
const TOOL_TIMEOUT_MS = 60_000;

/** What the model is told a field takes; the action's own schema decides when it runs. */
function fieldSchema(field: ParamField): z.ZodType {
  const described = (schema: z.ZodType) =>
    schema.optional().describe([field.label, field.help].filter(Boolean).join(': '));
  if (field.kind === 'number') return described(z.number());
  if (field.kind === 'boolean') return described(z.boolean());
  if (field.kind === 'select' && field.options?.length)
    return described(z.enum(field.options.map((option) => option.value) as [string, ...string[]]));
  return described(z.string());
}

/** Runs an action through a connection of the chat's account (another account's is not found). */
async function runAction(
  integration: Integration,
  action: IntegrationAction,
  { integrations }: WorkspaceServices,
  { accountId, connectionId }: { accountId: string; connectionId: string },
  params: Record<string, unknown>,
) {
  const input = (() => {
    try {
      return parseActionInput(action.info, params);
    } catch (error) {
      throw new AppError('bad_request', error instanceof Error ? error.message : String(error));
    }
  })();
  const connection = await integrations.access({ accountId, connectionId, provider: integration.provider });
  const signal = AbortSignal.timeout(TOOL_TIMEOUT_MS);
  try {
    const result = await action.run({
      input,
      connection,
      signal,
      deadline: Date.now() + TOOL_TIMEOUT_MS,
      // A tool call is run once, when the model makes it (and the user approves a write).
      idempotencyKey: `tool:${randomUUID()}`,
      log: () => {},
    });
    return Array.isArray(result) ? result.slice(0, 200) : result;
  } catch (error) {
    if (error instanceof ConnectionRevoked)
      throw new AppError('conflict', await integrations.markNeedsReconnect({ accountId, connectionId }));
    if (error instanceof StepError) throw new AppError('bad_request', error.message);
    throw error;
  }
}

const actionFields = (action: IntegrationAction) =>
  Object.fromEntries(action.info.fields.map((field) => [field.key, fieldSchema(field)]));

/** The personal assistant's tool for an action: the model says which of the account's connections. */
function actionTool(integration: Integration, action: IntegrationAction): ToolSpec<unknown> {
  const label = INTEGRATION_PROVIDERS[integration.provider].label;
  return {
    description: `${label}: ${action.info.description} connectionId is the id of a ${label} connection from list_connections.`,
    input: z.object({ connectionId: z.string().min(1).max(64), ...actionFields(action) }),
    needsApproval: action.info.writes,
    // An agent has these only bound to the connections it was given (`connectionChatTools`).
    offered: () => false,
    run: (services, { accountId }, raw) => {
      const { connectionId, ...params } = raw as { connectionId: string } & Record<string, unknown>;
      return runAction(integration, action, services, { accountId, connectionId }, params);
    },
  };
}

/**
 * An agent's tool for an action of one connection it was given. The connection is fixed here: the
 * input has no connection (a `connectionId` the model adds is dropped by the object schema).
 */
function boundActionTool(
  integration: Integration,
  action: IntegrationAction,
  connection: AgentConnection,
): ToolSpec<unknown> {
  const label = INTEGRATION_PROVIDERS[integration.provider].label;
  return {
    description: `${label} (${connection.name}): ${action.info.description}`,
    label: `${label}: ${action.info.label} (${connection.name})`,
    input: z.object(actionFields(action)),
    needsApproval: action.info.writes,
    offered: () => true,
    run: (services, { accountId }, params) =>
      runAction(
        integration,
        action,
        services,
        { accountId, connectionId: connection.id },
        params as Record<string, unknown>,
      ),
  };
}

/**
 * The tools from the connections an agent was given (each already checked to be the chat's
 * account's): an integration's actions, or an MCP server's tools listed live. Names already
 * `taken` are not reused; a server that cannot be listed leaves a note for the model instead.
 */
export async function connectionChatTools(
  services: WorkspaceServices,
  context: ToolContext,
  connections: readonly AgentConnection[],
  taken: Set<string>,
): Promise<ChatToolSet> {
  const listed = await Promise.all(
    connections.map((connection) =>
      connection.provider === 'mcp' ? listAgentMcpTools(services, context, connection) : null,
    ),
  );
  const tools: Record<string, ToolSpec<unknown>> = {};
  const notes: string[] = [];
  connections.forEach((connection, index) => {
    const integration = INTEGRATIONS.find((candidate) => candidate.provider === connection.provider);
    if (integration) {
      for (const action of integration.actions) {
        const name = toolNameFor(
          actionToolName(integration.provider, action.info.name),
          `${connection.id}\u0000${action.info.name}`,
          taken,
        );
        tools[name] = boundActionTool(integration, action, connection);
      }
      return;
    }
    const listing = listed[index];
    if (!listing) return;
    if ('failure' in listing) {
      notes.push(`The tools of the MCP server "${connection.name}" are not available now: ${listing.failure}`);
      return;
    }
    for (const tool of listing.tools) {
      const name = toolNameFor(tool.name, `${connection.id}\u0000${tool.name}`, taken);
      tools[name] = mcpChatTool(connection, tool, listing.schemaOf);
    }
  });
  return { tools, notes };
}

/** The assistant's tools from the integrations: the account's connections, and each action. */
export function integrationChatTools(): Record<string, ToolSpec<unknown>> {
  const tools: Record<string, ToolSpec<unknown>> = {
    list_connections: {
      description: "List the account's connections to other services (Slack workspaces…), with their ids.",
      input: z.object({}),
      needsApproval: false,
      offered: () => false,
      async run({ integrations }, { accountId, userId }) {
        const { connections } = await integrations.list({ accountId, userId });
        return connections.map(({ id, provider, name, status }) => ({ id, provider, name, status }));
      },
    },
  };
  for (const integration of INTEGRATIONS)
    for (const action of integration.actions)
      tools[actionToolName(integration.provider, action.info.name)] = actionTool(integration, action);
  return tools;
}
