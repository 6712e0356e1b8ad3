import { effectiveSettings } from '@flowmind/shared/flow-steps';
import type { Item } from '@flowmind/shared/flows';
import { INTEGRATION_PROVIDERS } from '@flowmind/shared/integrations';
import {
  actionStepType,
  CONNECTION_PARAM,
  type IntegrationActionInfo,
} from '@flowmind/shared/integrations/define-integration';
import type { StepDefinition } from '../flows/steps/step';
import { StepError } from '../user-error';
import { ConnectionRevoked, type Integration, type IntegrationAction } from './define-integration';
import { INTEGRATIONS } from './registry';

/** An action's evaluated params, checked by its schema; the first problem is named by its field's label. */
export function parseActionInput(info: IntegrationActionInfo, params: Record<string, unknown>): unknown {
  const parsed = info.input.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const label = info.fields.find((field) => field.key === key)?.label ?? key;
  throw new StepError(label ? `${label}: ${issue?.message}` : (issue?.message ?? 'The step’s settings are not valid'));
}

function actionStep(integration: Integration, action: IntegrationAction, label: string): StepDefinition {
  return {
    type: actionStepType(integration.provider, action.info.name),
    // Even a list reaches another service: its start is saved before it acts like any request's.
    sideEffects: true,
    async run(ctx) {
      const deadline = Date.now() + effectiveSettings(ctx.node).timeoutMs;
      const out: Item[] = [];
      for (let i = 0; i < ctx.items.length; i++) {
        const params = await ctx.params(i);
        const connectionId = typeof params[CONNECTION_PARAM] === 'string' ? params[CONNECTION_PARAM].trim() : '';
        if (!connectionId) throw new StepError(`Choose a ${label} connection`);
        const input = parseActionInput(action.info, params);
        const connection = await ctx.services.integrations.access({ connectionId, provider: integration.provider });
        try {
          const result = await action.run({
            input,
            connection,
            signal: ctx.signal,
            deadline,
            idempotencyKey: `${ctx.idempotencyKey}:${i}`,
            log: ctx.log,
          });
          out.push(...(Array.isArray(result) ? result : [result]));
        } catch (error) {
          if (error instanceof ConnectionRevoked)
            throw new StepError(await ctx.services.integrations.needsReconnect(connectionId));
          throw error;
        }
      }
      return { outputs: { main: out } };
    },
  };
}

/** One step type per action of every integration (`slack.sendMessage`…). */
export function integrationStepDefinitions(integrations: readonly Integration[] = INTEGRATIONS): StepDefinition[] {
  return integrations.flatMap((integration) =>
    integration.actions.map((action) =>
      actionStep(integration, action, INTEGRATION_PROVIDERS[integration.provider].label),
    ),
  );
}
