import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import type { StepContext, StepServices } from './step';

const unavailable = (name: string) => () => {
  throw new Error(`${name} is not available in this test`);
};

/**
 * A step context for unit tests: params are the node's params with defaults, and templates are
 * evaluated by `evaluate` when given (the engine's sandbox), else returned as written.
 */
export function testContext({
  type,
  params = {},
  items = [{}],
  inputs,
  services = {},
  settings = {},
  evaluate,
  previousRuns = [],
  signal = new AbortController().signal,
}: {
  type: string;
  params?: Record<string, unknown>;
  items?: Item[];
  inputs?: Record<string, Item[]>;
  services?: Partial<StepServices>;
  settings?: FlowNode['settings'];
  evaluate?: (template: unknown, item: Item, itemIndex: number) => Promise<unknown> | unknown;
  previousRuns?: StepContext['previousRuns'];
  signal?: AbortSignal;
}): StepContext & { logs: StepLog[] } {
  const node: FlowNode = { id: 'n1', type, name: 'Step', position: { x: 0, y: 0 }, params, settings };
  const logs: StepLog[] = [];
  const allInputs = inputs ?? { main: items };
  const mainItems = allInputs.main ?? [];
  const evalFor = async (template: unknown, index: number) =>
    evaluate ? evaluate(template, mainItems[index] ?? {}, index) : template;
  const resolveDeep = async (value: unknown, index: number): Promise<unknown> => {
    if (typeof value === 'string') return evalFor(value, index);
    if (Array.isArray(value)) return Promise.all(value.map((v) => resolveDeep(v, index)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await resolveDeep(v, index);
      return out;
    }
    return value;
  };
  return {
    accountId: 'acc_test',
    flowId: 'flw_test',
    executionId: 'exe_test',
    idempotencyKey: 'exe_test:n1:0',
    node,
    runIndex: previousRuns.length,
    items: mainItems,
    inputs: allInputs,
    params: async (itemIndex = 0) =>
      (await resolveDeep(paramsWithDefaults(node), itemIndex)) as Record<string, unknown>,
    evaluate: (template, itemIndex = 0) => evalFor(template, itemIndex),
    log: (level, message) => logs.push({ level, message, at: new Date().toISOString() }),
    signal,
    previousRuns,
    services: {
      fetch: unavailable('fetch'),
      sendMail: unavailable('sendMail'),
      runCode: unavailable('runCode'),
      records: {
        create: unavailable('records'),
        find: unavailable('records'),
        update: unavailable('records'),
        remove: unavailable('records'),
        upsert: unavailable('records'),
      },
      notes: { create: unavailable('notes'), append: unavailable('notes') },
      ai: { generate: unavailable('ai') },
      runFlow: unavailable('runFlow'),
      integrations: { access: unavailable('integrations'), needsReconnect: unavailable('integrations') },
      connections: {
        requestAuth: unavailable('connections'),
        mcpTools: unavailable('connections'),
        callMcpTool: unavailable('connections'),
      },
      ...services,
    },
    logs,
  };
}
