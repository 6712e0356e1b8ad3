import { AppError } from '@flowmind/shared/errors';
import { PIN_MAX_BYTES, type PinnedOutput, type PinSource, type StepOutput } from '@flowmind/shared/flow-test-data';
import type { FlowGraph } from '@flowmind/shared/flows';
import type { Db } from '../../db/client';
import { type ChangeBus, topics } from '../../live/change-bus';
import type { FlowRow } from '../flow.repository';
import { type FlowService, flowTopic } from '../flow.service';
import { pinRepository, toPinnedOutput } from './pin.repository';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The JSON size of an output, refused past the limit with the field that carried it. */
export function checkedPinBytes(output: StepOutput, field: string): number {
  const bytes = Buffer.byteLength(JSON.stringify(output), 'utf8');
  if (bytes > PIN_MAX_BYTES)
    throw new AppError(
      'bad_request',
      `Pinned data can be at most ${megabytes(PIN_MAX_BYTES)}; this is ${megabytes(bytes)}`,
      field,
    );
  return bytes;
}

/**
 * Pinned outputs: a step's output kept in the draft, which runs from the editor use instead of
 * running the step. Only pins of steps still in the draft count.
 */
export function pinService({ db, bus, flows }: { db: Db; bus: ChangeBus; flows: FlowService }) {
  const repo = pinRepository(db);
  const changed = (flow: FlowRow) => bus.publish([flowTopic(flow.id), topics.account(flow.accountId)]);

  /** Pins of the draft's steps, by node id, for a run from the editor. */
  async function forRun(flow: FlowRow, graph: FlowGraph): Promise<Map<string, StepOutput>> {
    const ids = new Set(graph.nodes.map((n) => n.id));
    const rows = await repo.forFlow(flow.accountId, flow.id);
    return new Map(rows.filter((r) => ids.has(r.nodeId)).map((r) => [r.nodeId, r.output as StepOutput]));
  }

  /** Saves a pin for a flow already checked (a route did, or a caught test call named it). */
  async function save({
    flow,
    nodeId,
    output,
    source,
    userId,
    field = 'output',
  }: {
    flow: FlowRow;
    nodeId: string;
    output: StepOutput;
    source: PinSource;
    userId: string | null;
    field?: string;
  }): Promise<PinnedOutput> {
    const bytes = checkedPinBytes(output, field);
    const row = await repo.put({
      accountId: flow.accountId,
      flowId: flow.id,
      nodeId,
      output,
      bytes,
      source,
      pinnedBy: userId,
    });
    changed(flow);
    return toPinnedOutput(row);
  }

  return {
    forRun,
    save,

    async list({ flowId, userId }: { flowId: string; userId: string }): Promise<PinnedOutput[]> {
      const flow = await flows.requireFlow(flowId, userId, { allowTrashed: true });
      const ids = new Set((flow.graph as FlowGraph).nodes.map((n) => n.id));
      const rows = await repo.forFlow(flow.accountId, flow.id);
      return rows.filter((r) => ids.has(r.nodeId)).map(toPinnedOutput);
    },

    async pin({
      flowId,
      nodeId,
      userId,
      output,
    }: {
      flowId: string;
      nodeId: string;
      userId: string;
      output: StepOutput;
    }): Promise<PinnedOutput> {
      const flow = await flows.requireFlow(flowId, userId);
      if (!(flow.graph as FlowGraph).nodes.some((n) => n.id === nodeId))
        throw new AppError('bad_request', 'That step is not in the flow', 'nodeId');
      return save({ flow, nodeId, output, source: 'step', userId });
    },

    async unpin({ flowId, nodeId, userId }: { flowId: string; nodeId: string; userId: string }) {
      const flow = await flows.requireFlow(flowId, userId);
      await repo.remove(flow.accountId, flow.id, nodeId);
      changed(flow);
    },
  };
}

export type PinService = ReturnType<typeof pinService>;
