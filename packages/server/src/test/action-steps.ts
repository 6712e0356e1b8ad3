import type { Item } from '@flowmind/shared/flows';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import { stepDefinitions } from '../flows/steps/index';
import type { StepServices } from '../flows/steps/step';
import { testContext } from '../flows/steps/test-context';
import { jsonTemplates } from '../flows/steps/test-evaluate';
import type { ConnectionAccess } from '../integrations/define-integration';

/**
 * Runs a provider's actions as flow steps in a unit test, through one connection `connectionId`
 * whose access `connection()` gives (a token the provider's local server handed out). Any other
 * connection or provider is a test bug. `reconnects` lists the connections a step marked for
 * reconnecting, and each is answered with `reconnectMessage`.
 */
export function actionSteps({
  provider,
  connectionId,
  connection,
  reconnectMessage,
}: {
  provider: IntegrationProviderId;
  connectionId: string;
  connection: () => ConnectionAccess;
  reconnectMessage: string;
}) {
  const reconnects: string[] = [];
  const integrations: StepServices['integrations'] = {
    access: async (asked) => {
      if (asked.connectionId !== connectionId || asked.provider !== provider) throw new Error('unexpected connection');
      return connection();
    },
    needsReconnect: async (id) => {
      reconnects.push(id);
      return reconnectMessage;
    },
  };

  /** Runs `${provider}.${action}` over the items with templates evaluated; gives its `main` items and logs. */
  async function run(
    action: string,
    params: Record<string, unknown>,
    { items = [{}], settings = {} }: { items?: Item[]; settings?: { timeoutMs?: number } } = {},
  ) {
    const type = `${provider}.${action}`;
    const step = stepDefinitions.get(type);
    if (!step) throw new Error(`no step ${type}`);
    const ctx = testContext({
      type,
      params: { connectionId, ...params },
      items,
      settings,
      evaluate: jsonTemplates,
      services: { integrations },
    });
    const result = await step.run(ctx);
    if (!('outputs' in result)) throw new Error('expected outputs');
    return { items: result.outputs.main ?? [], logs: ctx.logs };
  }

  return { run, reconnects, integrations };
}
