import { AppError } from '@flowmind/shared/errors';
import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import { NO_TEST_DATA_MESSAGE } from '@flowmind/shared/flow-test-data';
import type {
  ExecutionDetail,
  ExecutionPage,
  ExpressionPreview,
  FlowGraph,
  Item,
  ListExecutionsQuery,
  PreviewExpression,
  RunFlow,
} from '@flowmind/shared/flows';
import type { z } from 'zod';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import type { ExecutionRow } from './engine/execution.repository';
import type { ExpressionEngine } from './engine/runner';
import type { FlowRuntime } from './engine/runtime';
import { flowRepository } from './flow.repository';
import type { FlowService } from './flow.service';
import type { PinService } from './pins/pin.service';
import { startWithPins } from './pins/pinned-run';

function parseSample(value: unknown): Item[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value || '[{}]');
    } catch {
      throw new AppError('bad_request', 'The trigger’s test data is not valid JSON');
    }
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((item) =>
    item && typeof item === 'object' && !Array.isArray(item) ? (item as Item) : { value: item },
  );
}

export function executionService({
  db,
  accounts,
  flows,
  runtime,
  expressions,
  pins,
}: {
  db: Db;
  accounts: AccountService;
  flows: FlowService;
  runtime: FlowRuntime;
  expressions: ExpressionEngine;
  pins: PinService;
}) {
  const repo = runtime.repo;
  const flowRepo = flowRepository(db);

  async function requireExecution(executionId: string, userId: string): Promise<ExecutionRow> {
    const row = await repo.row(executionId);
    if (!row) throw new AppError('not_found', 'Execution not found');
    try {
      await accounts.requireMember(row.accountId, userId);
    } catch {
      throw new AppError('not_found', 'Execution not found');
    }
    return row;
  }

  async function detail(row: ExecutionRow): Promise<ExecutionDetail> {
    const found = await repo.detail(row.accountId, row.id);
    if (!found) throw new AppError('not_found', 'Execution not found');
    return found;
  }

  return {
    requireExecution,
    detail,

    /** Runs the draft (or the published version) from the editor, or tests one step. */
    async run({ flowId, userId, input }: { flowId: string; userId: string; input: z.output<typeof RunFlow> }) {
      const flow = await flows.requireFlow(flowId, userId);
      let graph = flow.graph as FlowGraph;
      let versionId: string | null = null;
      let version: number | null = null;
      if (input.published) {
        if (!flow.publishedVersionId) throw new AppError('conflict', 'This flow has not been published yet');
        const published = await flowRepo.versionRow(flow.accountId, flow.publishedVersionId);
        if (!published) throw new AppError('conflict', 'This flow has not been published yet');
        graph = published.graph as FlowGraph;
        versionId = published.id;
        version = published.version;
      }
      const trigger = graph.nodes.find((n) => n.type.startsWith('trigger.'));
      if (!trigger) throw new AppError('bad_request', 'Add a trigger to start the flow');
      if (input.nodeId && !graph.nodes.some((n) => n.id === input.nodeId))
        throw new AppError('bad_request', 'That step is not in the flow', 'nodeId');
      // Pinned outputs and test runs are test data of the draft: the published version never
      // runs with them, nor replays a trigger a test run was given.
      const latest = await repo.latestForFlow(flow.accountId, flow.id, { live: Boolean(input.published) });
      const pinned = input.published ? new Map() : await pins.forRun(flow, graph);
      let items = input.trigger as Item[] | undefined;
      const pinnedTrigger = pinned.get(trigger.id);
      if (!items && pinnedTrigger) items = pinnedTrigger.main ?? Object.values(pinnedTrigger)[0];
      if (!items && trigger.type === 'trigger.manual') items = parseSample(paramsWithDefaults(trigger).sample);
      // Other triggers replay what they gave last time, so a test runs on real data.
      if (!items && latest?.trigger) items = latest.trigger as Item[];
      // An empty item would fail later on the first `$json.body…` with a message about undefined.
      if (!items && (trigger.type === 'trigger.webhook' || trigger.type === 'trigger.email'))
        throw new AppError(
          'bad_request',
          input.published
            ? `"${trigger.name}" has had no live run to replay yet. Give its items in trigger.`
            : trigger.type === 'trigger.email'
              ? `"${trigger.name}" has no test data yet. Listen for a test email or pin test data.`
              : `"${trigger.name}" has no test data yet. ${NO_TEST_DATA_MESSAGE}.`,
          'trigger',
        );
      const row = await startWithPins({
        runtime,
        pinned,
        input: {
          accountId: flow.accountId,
          flowId: flow.id,
          versionId,
          version,
          graph,
          mode: input.published ? 'manual' : 'test',
          trigger: items ?? [{}],
          // Testing one step reuses the last run's results for the steps before it.
          ...(input.nodeId
            ? { startNodeId: input.nodeId, stopAfterNodeId: input.nodeId, seedExecutionId: latest?.id ?? null }
            : {}),
        },
      });
      return detail(row);
    },

    async list({
      userId,
      query,
    }: {
      userId: string;
      query: z.output<typeof ListExecutionsQuery>;
    }): Promise<ExecutionPage> {
      let accountId = query.accountId;
      if (query.flowId) {
        const flow = await flows.requireFlow(query.flowId, userId, { allowTrashed: true });
        if (accountId && accountId !== flow.accountId) throw new AppError('not_found', 'Flow not found');
        accountId = flow.accountId;
      }
      if (!accountId) throw new AppError('bad_request', 'Give accountId or flowId', 'accountId');
      await accounts.requireMember(accountId, userId);
      return repo.list({
        accountId,
        flowId: query.flowId,
        status: query.status,
        limit: query.limit,
        cursor: query.cursor,
      });
    },

    async get({ executionId, userId }: { executionId: string; userId: string }) {
      return detail(await requireExecution(executionId, userId));
    },

    async stepRun({
      executionId,
      nodeId,
      runIndex,
      userId,
    }: {
      executionId: string;
      nodeId: string;
      runIndex: number;
      userId: string;
    }) {
      const row = await requireExecution(executionId, userId);
      const step = await repo.stepRun(row.accountId, row.id, nodeId, runIndex);
      if (!step) throw new AppError('not_found', 'This step did not run that many times in this execution');
      return step;
    },

    async cancel({ executionId, userId }: { executionId: string; userId: string }) {
      const row = await requireExecution(executionId, userId);
      await runtime.cancel(row.accountId, row.id);
      return detail(row);
    },

    /** Runs again with the same trigger items; from a step keeps the results of the steps before it. */
    async rerun({ executionId, userId, fromNodeId }: { executionId: string; userId: string; fromNodeId?: string }) {
      const row = await requireExecution(executionId, userId);
      const graph = await repo.graphOf(row);
      if (fromNodeId && !graph.nodes.some((n) => n.id === fromNodeId))
        throw new AppError('bad_request', 'That step is not in this execution’s flow', 'fromNodeId');
      const next = await runtime.start({
        accountId: row.accountId,
        flowId: row.flowId,
        versionId: row.versionId,
        version: row.version,
        graph,
        mode: 'rerun',
        trigger: (row.trigger as Item[] | null) ?? [{}],
        ...(fromNodeId ? { startNodeId: fromNodeId, seedExecutionId: row.id } : {}),
      });
      return detail(next);
    },

    /** Evaluates a template against a step's input in the latest (or a given) execution. */
    async preview({
      flowId,
      userId,
      input,
    }: {
      flowId: string;
      userId: string;
      input: z.output<typeof PreviewExpression>;
    }): Promise<ExpressionPreview> {
      const flow = await flows.requireFlow(flowId, userId);
      const source = input.executionId
        ? await repo.forAccount(flow.accountId, input.executionId)
        : await repo.latestForFlow(flow.accountId, flow.id);
      const steps = source ? await repo.steps(source.id) : [];
      const graph = flow.graph as FlowGraph;
      const byName: ExpressionScope['$node'] = {};
      for (const step of steps) {
        const output = (step.output as Record<string, Item[]> | null) ?? {};
        const items = output.main?.length ? output.main : (Object.values(output).find((l) => l.length > 0) ?? []);
        byName[graph.nodes.find((n) => n.id === step.nodeId)?.name ?? step.nodeName] = { json: items[0] ?? {}, items };
      }
      const own = steps.filter((s) => s.nodeId === input.nodeId).pop();
      let items: Item[] = ((own?.input as Record<string, Item[]> | undefined)?.main ?? []) as Item[];
      if (!own) {
        // Not run yet: its input would be what its first upstream step gave.
        const edge = graph.edges.find((e) => e.target === input.nodeId);
        const upstream = steps.filter((s) => s.nodeId === edge?.source).pop();
        const output = (upstream?.output as Record<string, Item[]> | undefined) ?? {};
        items = output[edge?.sourceHandle ?? 'main'] ?? [];
      }
      if (items.length === 0) return { ok: false, noInput: true };
      const triggerItems = (source?.trigger as Item[] | null) ?? [];
      const session = expressions.expressionSession({
        $json: items[input.itemIndex] ?? {},
        $index: input.itemIndex,
        $items: items,
        $node: byName,
        $trigger: { json: triggerItems[0] ?? {}, items: triggerItems },
        $execution: { id: source?.id ?? '', mode: source?.mode ?? 'test' },
        $flow: { id: flow.id, name: flow.name },
        $now: new Date().toISOString(),
      });
      try {
        return { ok: true, value: await session.evaluate(input.template) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      } finally {
        session.dispose();
      }
    },
  };
}

export type ExecutionService = ReturnType<typeof executionService>;
