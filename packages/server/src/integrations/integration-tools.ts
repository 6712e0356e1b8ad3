import { AppError } from '@flowmind/shared/errors';
import type { ParamField } from '@flowmind/shared/flow-steps';
import { INTEGRATION_PROVIDERS } from '@flowmind/shared/integrations';
import { actionToolName } from '@flowmind/shared/integrations/define-integration';
import { z } from 'zod';
import type { ToolSpec } from '../chat/chat-tools';
import { StepError } from '../user-error';
import { ConnectionRevoked, type Integration, type IntegrationAction } from './define-integration';
import { parseActionInput } from './integration-steps';
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

function actionTool(integration: Integration, action: IntegrationAction): ToolSpec<unknown> {
  const label = INTEGRATION_PROVIDERS[integration.provider].label;
  return {
    description: `${label}: ${action.info.description} connectionId is the id of a ${label} connection from list_connections.`,
    input: z.object({
      connectionId: z.string().min(1).max(64),
      ...Object.fromEntries(action.info.fields.map((field) => [field.key, fieldSchema(field)])),
    }),
    needsApproval: action.info.writes,
    // Connections are not among what an agent can be given yet: only the personal assistant has these.
    offered: () => false,
    async run({ integrations }, { accountId }, raw) {
      const { connectionId, ...params } = raw as { connectionId: string } & Record<string, unknown>;
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
          log: () => {},
        });
        return Array.isArray(result) ? result.slice(0, 200) : result;
      } catch (error) {
        if (error instanceof ConnectionRevoked)
          throw new AppError('conflict', await integrations.markNeedsReconnect({ accountId, connectionId }));
        if (error instanceof StepError) throw new AppError('bad_request', error.message);
        throw error;
      }
    },
  };
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
