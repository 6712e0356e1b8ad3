import { AppError } from '@flowmind/shared/errors';
import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import { TEST_LISTEN_MS, type TestListenResult } from '@flowmind/shared/flow-test-data';
import type { FlowGraph, FlowNode, Item } from '@flowmind/shared/flows';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { flows } from '../../db/schema';
import { flowTestListens } from '../../db/schema-flow-test-data';
import { type ChangeBus, topics } from '../../live/change-bus';
import type { FlowRow } from '../flow.repository';
import { flowTopic } from '../flow.service';
import { pinRepository, toPinnedOutput } from '../pins/pin.repository';
import { checkedPinBytes } from '../pins/pin.service';
import { type IntegrationTestPoll, pollsForTest } from './integration-test-poll';

const TAKES_TEST_DATA = new Set(['trigger.webhook', 'trigger.email']);
const callTopic = (listenId: string) => `test-call:${listenId}`;
/** A listen ended from elsewhere: Stop in another window, or a newer listen on the same flow. */
const endedTopic = (listenId: string) => `test-listen-ended:${listenId}`;

/** The flow a test call reached while its editor listens, with the trigger that takes it. */
export type ListeningFlow = { flow: FlowRow; trigger: FlowNode; listenId: string };

/**
 * "Listen for a test call": while an editor waits, the flow's test URL (or test address) takes one
 * call, whose data becomes the trigger's pinned output. The wait is a row, so the call may reach
 * any api process; the caught call is announced on the change bus.
 */
export function testListens({
  db,
  bus,
  timeoutMs = TEST_LISTEN_MS,
  pollTest,
}: {
  db: Db;
  bus: ChangeBus;
  timeoutMs?: number;
  /** Integration triggers (Slack's New message…) listen by polling their service meanwhile. */
  pollTest?: IntegrationTestPoll;
}) {
  const pins = pinRepository(db);
  const takesTestData = (node: FlowNode) =>
    TAKES_TEST_DATA.has(node.type) || (pollTest !== undefined && pollsForTest(node));

  function triggerFor(flow: FlowRow, nodeId?: string): FlowNode {
    const graph = flow.graph as FlowGraph;
    const node = nodeId ? graph.nodes.find((n) => n.id === nodeId) : graph.nodes.find(takesTestData);
    if (!node || !takesTestData(node))
      throw new AppError('bad_request', 'Only a webhook, email or integration trigger takes test data', 'nodeId');
    return node;
  }

  /**
   * Takes a test call for a listening flow: its item becomes the trigger's pinned output and the
   * editor hears of it. False when the listen ended meanwhile (another call took it).
   */
  async function capture({
    listening: found,
    item,
    source,
  }: {
    listening: ListeningFlow;
    item: Item;
    source: 'test_call' | 'test_email' | 'test_event';
  }) {
    const output = { main: [item] };
    // Checked before the listen is used up, so a call too large leaves the editor listening.
    const bytes = checkedPinBytes(output, 'body');
    if (!(await stopListen(found.flow.id, found.listenId))) return false;
    await pins.put({
      accountId: found.flow.accountId,
      flowId: found.flow.id,
      nodeId: found.trigger.id,
      output,
      bytes,
      source,
      pinnedBy: null,
    });
    bus.publish([callTopic(found.listenId), flowTopic(found.flow.id), topics.account(found.flow.accountId)]);
    return true;
  }

  /** Polls an integration trigger while its listen lasts; what it finds is caught as a call would be. */
  function pollWhileListening(
    flow: FlowRow,
    trigger: FlowNode,
    listenId: string,
    signal: AbortSignal,
    failed: (message: string) => void,
  ) {
    if (!pollTest || TAKES_TEST_DATA.has(trigger.type)) return;
    pollTest({ accountId: flow.accountId, node: trigger, signal })
      .then(async (item) => {
        if (item) await capture({ listening: { flow, trigger, listenId }, item, source: 'test_event' });
      })
      .catch((error: unknown) =>
        failed(error instanceof AppError ? error.message : 'The service could not be read. Listen again in a moment.'),
      );
  }

  async function stopListen(flowId: string, listenId: string): Promise<boolean> {
    const ended = await db
      .delete(flowTestListens)
      .where(and(eq(flowTestListens.flowId, flowId), eq(flowTestListens.listenId, listenId)))
      .returning({ flowId: flowTestListens.flowId });
    return ended.length > 0;
  }

  /** The pin a call made during this listen (an older pin of the trigger does not count). */
  async function caughtPin(flow: FlowRow, nodeId: string, since: Date) {
    const row = (await pins.forFlow(flow.accountId, flow.id)).find((r) => r.nodeId === nodeId);
    return row && row.source !== 'step' && row.pinnedAt >= since ? toPinnedOutput(row) : null;
  }

  async function endOthers(flow: FlowRow, keep?: string) {
    const ended = await db
      .delete(flowTestListens)
      .where(and(eq(flowTestListens.flowId, flow.id), eq(flowTestListens.accountId, flow.accountId)))
      .returning({ listenId: flowTestListens.listenId });
    const others = ended.filter((e) => e.listenId !== keep).map((e) => endedTopic(e.listenId));
    if (others.length > 0) bus.publish(others);
  }

  /** Finds the flow listening at a webhook id or an email token (another account's flow is never found by another's id). */
  async function listening(by: { webhookId: string } | { emailToken: string }): Promise<ListeningFlow | null> {
    const [row] = await db
      .select({ flow: flows, listen: flowTestListens })
      .from(flowTestListens)
      .innerJoin(flows, eq(flows.id, flowTestListens.flowId))
      .where(
        and(
          'webhookId' in by ? eq(flows.webhookId, by.webhookId) : eq(flows.emailToken, by.emailToken),
          eq(flows.accountId, flowTestListens.accountId),
          isNull(flows.deletedAt),
          gt(flowTestListens.expiresAt, new Date()),
        ),
      );
    if (!row) return null;
    const trigger = (row.flow.graph as FlowGraph).nodes.find((n) => n.id === row.listen.nodeId);
    if (!trigger || !TAKES_TEST_DATA.has(trigger.type)) return null;
    return { flow: row.flow, trigger, listenId: row.listen.listenId };
  }

  return {
    triggerFor,
    listening,

    /** Waits for one test call (or email) up to the time limit; a closed request (Cancel) stops it. */
    async listen({
      flow,
      nodeId,
      userId,
      signal,
    }: {
      flow: FlowRow;
      nodeId?: string;
      userId: string;
      signal: AbortSignal;
    }): Promise<TestListenResult> {
      const trigger = triggerFor(flow, nodeId);
      const listenId = newId('lsn');
      const since = new Date(Date.now() - 1000);
      let settle: (outcome: 'call' | 'timeout' | 'cancelled' | 'ended' | 'failed') => void = () => {};
      const outcome = new Promise<'call' | 'timeout' | 'cancelled' | 'ended' | 'failed'>((resolve) => {
        settle = resolve;
      });
      let failure = '';
      const polling = new AbortController();
      // Heard before the row exists, so a call that comes at once is not missed.
      const unsubscribe = bus.subscribe((topic) => {
        if (topic === callTopic(listenId)) settle('call');
        else if (topic === endedTopic(listenId)) settle('ended');
      });
      const timer = setTimeout(() => settle('timeout'), timeoutMs);
      const onAbort = () => settle('cancelled');
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const values = {
          flowId: flow.id,
          accountId: flow.accountId,
          nodeId: trigger.id,
          userId,
          listenId,
          expiresAt: new Date(Date.now() + timeoutMs),
        };
        // A newer listen (another window) takes over the flow's test URL; the older one hears so.
        await endOthers(flow);
        await db
          .insert(flowTestListens)
          .values(values)
          .onConflictDoUpdate({ target: flowTestListens.flowId, set: values });
        if (signal.aborted) settle('cancelled');
        pollWhileListening(flow, trigger, listenId, polling.signal, (message) => {
          failure = message;
          settle('failed');
        });
        const result = await outcome;
        polling.abort();
        // A call that claimed the listen as it ran out still counts.
        const caught = result === 'call' || !(await stopListen(flow.id, listenId));
        const pin = caught ? await caughtPin(flow, trigger.id, since) : null;
        if (pin) return { received: true, pin };
        if (result === 'failed') return { received: false, reason: 'failed', message: failure };
        if (result === 'ended')
          return {
            received: false,
            reason: 'cancelled',
            message: 'Listening stopped: it was stopped or started again elsewhere.',
          };
        return result === 'cancelled'
          ? { received: false, reason: 'cancelled', message: 'Stopped listening.' }
          : {
              received: false,
              reason: 'timeout',
              message: `No test ${trigger.type === 'trigger.email' ? 'email' : TAKES_TEST_DATA.has(trigger.type) ? 'call' : 'event'} arrived within ${Math.round(timeoutMs / 1000 / 60) || 1} minutes. Listen again, then send it.`,
            };
      } finally {
        polling.abort();
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        unsubscribe();
      }
    },

    async cancel(flow: FlowRow) {
      await endOthers(flow);
    },

    capture,

    /** The webhook trigger's method and secret, from the draft: a test call must pass them as a real one would. */
    webhookRules(trigger: FlowNode) {
      const params = paramsWithDefaults(trigger);
      return {
        method: String(params.method ?? 'ANY').toUpperCase(),
        secretHeader: String(params.secretHeader ?? '')
          .trim()
          .toLowerCase(),
        secretValue: String(params.secretValue ?? ''),
      };
    },
  };
}

export type TestListens = ReturnType<typeof testListens>;
