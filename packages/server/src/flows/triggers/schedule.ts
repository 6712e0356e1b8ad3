import { paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowGraph } from '@flowmind/shared/flows';
import { Cron } from 'croner';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { flowSchedules, flowVersions } from '../../db/schema';
import type { FlowRuntime } from '../engine/runtime';
import type { FlowRow } from '../flow.repository';
import { startTicker } from './ticker';

export type ScheduleSpec = { mode: 'cron'; cron: string; timezone: string } | { mode: 'interval'; seconds: number };

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
/** Shorter intervals are refused (a schedule is not a busy loop). */
export const MIN_INTERVAL_SECONDS = 10;

export function scheduleSpec(graph: FlowGraph): ScheduleSpec | null {
  const node = graph.nodes.find((n) => n.type === 'trigger.schedule');
  if (!node) return null;
  const params = paramsWithDefaults(node);
  if (params.mode === 'cron')
    return { mode: 'cron', cron: String(params.cron ?? '').trim(), timezone: String(params.timezone || 'UTC') };
  const seconds = Number(params.every) * (UNIT_SECONDS[String(params.unit)] ?? 3600);
  return { mode: 'interval', seconds: Math.max(MIN_INTERVAL_SECONDS, Number.isFinite(seconds) ? seconds : 3600) };
}

/** The first fire time strictly after `after`. Throws a readable error for a bad cron or zone. */
export function nextFire(spec: ScheduleSpec, after: Date): Date {
  if (spec.mode === 'interval') return new Date(after.getTime() + spec.seconds * 1000);
  let next: Date | null;
  try {
    next = new Cron(spec.cron, { timezone: spec.timezone, paused: true }).nextRun(after);
  } catch (error) {
    throw new Error(`The schedule "${spec.cron}" (${spec.timezone}) is not valid: ${(error as Error).message}`);
  }
  if (!next) throw new Error(`The schedule "${spec.cron}" never fires`);
  return next;
}

/**
 * Keeps `flow_schedules` in line with a flow: a published, active flow whose published version
 * starts with a schedule has a row with its next fire time; any other has none.
 */
export async function syncSchedule(db: Db, flow: FlowRow) {
  const listening = flow.active && !flow.deletedAt && flow.publishedVersionId;
  const [version] = listening
    ? await db
        .select()
        .from(flowVersions)
        .where(eq(flowVersions.id, flow.publishedVersionId as string))
    : [];
  const spec = version ? scheduleSpec(version.graph as FlowGraph) : null;
  if (!version || !spec) {
    await db.delete(flowSchedules).where(eq(flowSchedules.flowId, flow.id));
    return;
  }
  const nextAt = nextFire(spec, new Date());
  await db
    .insert(flowSchedules)
    .values({ flowId: flow.id, accountId: flow.accountId, versionId: version.id, spec, nextAt })
    .onConflictDoUpdate({ target: flowSchedules.flowId, set: { versionId: version.id, spec, nextAt } });
}

/**
 * Fires due schedules. A tick belongs to whoever moves its `next_at` on first: the update only
 * matches while the row is still due, and its new time is always in the future, so however many
 * workers tick, each fire time starts one execution. A worker that was down
 * fires a missed tick once, then carries on from now.
 */
export function startScheduler({
  db,
  runtime,
  logger,
  intervalMs = 1000,
}: {
  db: Db;
  runtime: FlowRuntime;
  logger: Logger;
  intervalMs?: number;
}) {
  async function tick() {
    const due = await db.select().from(flowSchedules).where(lte(flowSchedules.nextAt, sql`now()`)).limit(100);
    for (const schedule of due) {
      const spec = schedule.spec as ScheduleSpec;
      const now = new Date();
      let next: Date;
      try {
        next = nextFire(spec, now > schedule.nextAt ? now : schedule.nextAt);
      } catch (error) {
        logger.warn({ err: error, flowId: schedule.flowId }, 'schedule cannot compute its next time');
        next = new Date(now.getTime() + 3600_000);
      }
      const claimed = await db
        .update(flowSchedules)
        .set({ nextAt: next })
        .where(and(eq(flowSchedules.flowId, schedule.flowId), lte(flowSchedules.nextAt, sql`now()`)))
        .returning({ flowId: flowSchedules.flowId });
      if (claimed.length === 0) continue;
      const [version] = await db.select().from(flowVersions).where(eq(flowVersions.id, schedule.versionId));
      if (!version) continue;
      await runtime.start({
        accountId: schedule.accountId,
        flowId: schedule.flowId,
        versionId: version.id,
        version: version.version,
        graph: version.graph as FlowGraph,
        mode: 'schedule',
        trigger: [{ firedAt: now.toISOString(), scheduledFor: schedule.nextAt.toISOString() }],
      });
    }
  }

  return startTicker({ tick, intervalMs, logger, failed: 'scheduler tick failed' });
}
