import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { executions } from '../db/schema';
import { integrationTriggers } from '../db/schema-integrations';
import type { signUpVerified, TestServer } from './test-server';
import { waitFor } from './wait';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

/** Creates and publishes a flow that starts with an integration trigger (and does nothing else). */
/** A draft flow of the member's that is only this trigger (node id `trigger`). */
export async function draftTriggerFlow(member: Member, type: string, params: Record<string, unknown>) {
  const graph = {
    nodes: [{ id: 'trigger', type, name: 'Trigger', position: { x: 0, y: 0 }, params }],
    edges: [],
  };
  const created = await member.client.post('/api/flows', {
    accountId: member.user.personalAccountId,
    name: 'Listens',
    graph,
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string };
}

export async function publishTriggerFlow(member: Member, type: string, params: Record<string, unknown>) {
  const created = await draftTriggerFlow(member, type, params);
  const published = await member.client.post(`/api/flows/${created.id}/publish`, {});
  expect(published.status, published.text).toBe(200);
  return published.body as { id: string };
}

/** The items the flow's runs started with, oldest run first. */
export async function runItems(server: TestServer, flowId: string) {
  const rows = await server.db
    .select({ trigger: executions.trigger, mode: executions.mode })
    .from(executions)
    .where(eq(executions.flowId, flowId))
    .orderBy(asc(executions.createdAt));
  for (const row of rows) expect(row.mode).toBe('integration');
  return rows.map((row) => (row.trigger as Record<string, unknown>[])[0] ?? {});
}

export async function triggerRow(server: TestServer, flowId: string) {
  const [row] = await server.db.select().from(integrationTriggers).where(eq(integrationTriggers.flowId, flowId));
  return row;
}

/**
 * Makes the flow's poll due now and waits until the worker has polled it: what a minute's wait
 * does, without the minute.
 */
export async function pollNow(server: TestServer, flowId: string) {
  const before = await triggerRow(server, flowId);
  await server.db
    .update(integrationTriggers)
    .set({ nextPollAt: new Date(Date.now() - 1000) })
    .where(eq(integrationTriggers.flowId, flowId));
  return waitFor(
    () => triggerRow(server, flowId),
    (row) =>
      Boolean(row) &&
      (row?.status === 'stopped' ||
        ((row?.nextPollAt.getTime() ?? 0) > Date.now() + 30_000 &&
          (row?.lastPolledAt?.getTime() ?? 0) !== (before?.lastPolledAt?.getTime() ?? -1))),
  );
}

/** Waits until the flow's trigger has made its first poll (which only records the cursor). */
export const primed = (server: TestServer, flowId: string) =>
  waitFor(
    () => triggerRow(server, flowId),
    (row) => row?.cursor !== null && row?.cursor !== undefined,
  );
