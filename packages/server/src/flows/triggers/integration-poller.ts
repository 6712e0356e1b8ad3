import { AppError } from '@flowmind/shared/errors';
import type { FlowGraph } from '@flowmind/shared/flows';
import { INTEGRATION_PROVIDERS } from '@flowmind/shared/integrations';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { flowVersions } from '../../db/schema';
import { integrationConnections, integrationTriggerItems, integrationTriggers } from '../../db/schema-integrations';
import { ConnectionRevoked } from '../../integrations/define-integration';
import type { IntegrationService } from '../../integrations/integration.service';
import { StepError } from '../../user-error';
import type { FlowRuntime } from '../engine/runtime';
import { type IntegrationTriggerRow, startTriggerItems, triggerOfRow } from './integration-triggers';
import { startTicker } from './ticker';

/** How often a polling trigger reads its service. */
export const POLL_INTERVAL_MS = 60_000;
/** At most this many runs a poll starts; the rest wait for the next poll. */
export const POLL_LIMIT = 100;
/** How long one poll may take. */
const POLL_TIMEOUT_MS = 30_000;
/** The items a run was started for are remembered this long (retried events come within hours). */
const ITEM_MEMORY_DAYS = 30;

/**
 * Polls the integration triggers that are due, every minute each. A poll belongs to whoever moves
 * its due `next_poll_at` on (as schedule ticks do), so however many workers run, each is polled
 * once at a time. A connection that needs reconnecting stops the trigger with the reason, and it
 * starts again by itself once the connection is connected again.
 */
export function startIntegrationPoller({
  db,
  runtime,
  integrations,
  logger,
  intervalMs = 1000,
}: {
  db: Db;
  runtime: FlowRuntime;
  integrations: IntegrationService;
  logger: Logger;
  intervalMs?: number;
}) {
  let prunedAt = 0;

  const stop = (row: IntegrationTriggerRow, message: string) =>
    db
      .update(integrationTriggers)
      .set({ status: 'stopped', statusMessage: message })
      .where(and(eq(integrationTriggers.flowId, row.flowId), eq(integrationTriggers.versionId, row.versionId)));

  async function pollOne(row: IntegrationTriggerRow) {
    const found = triggerOfRow(row);
    const label = found ? INTEGRATION_PROVIDERS[found.provider].label : 'The service';
    if (!found) return stop(row, 'This trigger is not available on this server');
    const [version] = await db.select().from(flowVersions).where(eq(flowVersions.id, row.versionId));
    if (!version) return;
    const parsed = found.trigger.info.input.safeParse(row.params);
    if (!parsed.success) return stop(row, `The trigger’s settings are not valid: ${parsed.error.issues[0]?.message}`);
    try {
      const connection = await integrations.access({
        accountId: row.accountId,
        connectionId: row.connectionId,
        provider: found.provider,
      });
      const result = await found.trigger.poll({
        input: parsed.data,
        connection,
        cursor: row.cursor,
        limit: POLL_LIMIT,
        signal: AbortSignal.timeout(POLL_TIMEOUT_MS),
        deadline: Date.now() + POLL_TIMEOUT_MS,
        log: (level, message) => logger[level]({ flowId: row.flowId }, message),
      });
      const listener = {
        flowId: row.flowId,
        accountId: row.accountId,
        versionId: version.id,
        version: version.version,
        graph: version.graph as FlowGraph,
      };
      // The first poll after publishing only records where things are.
      const items = row.cursor === null ? [] : result.items.slice(0, POLL_LIMIT);
      await startTriggerItems(db, runtime, listener, items, { from: row.cursor, to: result.cursor });
    } catch (error) {
      if (error instanceof ConnectionRevoked) {
        const message = await integrations.markNeedsReconnect({
          accountId: row.accountId,
          connectionId: row.connectionId,
        });
        return stop(row, message);
      }
      if (error instanceof AppError && error.code === 'conflict') return stop(row, error.message);
      if (error instanceof AppError && error.code === 'not_found')
        return stop(
          row,
          `The ${label} connection of this trigger is not in this account: choose another, then publish again`,
        );
      const message =
        error instanceof StepError ? error.message : `${label} could not be read — the next poll tries again`;
      if (!(error instanceof StepError))
        logger.warn({ err: error, flowId: row.flowId }, 'integration trigger poll failed');
      await db
        .update(integrationTriggers)
        .set({ statusMessage: message, lastPolledAt: new Date() })
        .where(eq(integrationTriggers.flowId, row.flowId));
    }
  }

  async function tick() {
    // A trigger stopped for its connection listens again once the connection works again.
    await db
      .update(integrationTriggers)
      .set({ status: 'listening', statusMessage: null, nextPollAt: new Date() })
      .where(
        and(
          eq(integrationTriggers.status, 'stopped'),
          inArray(
            integrationTriggers.connectionId,
            db
              .select({ id: integrationConnections.id })
              .from(integrationConnections)
              .where(
                and(
                  eq(integrationConnections.id, integrationTriggers.connectionId),
                  eq(integrationConnections.accountId, integrationTriggers.accountId),
                  eq(integrationConnections.status, 'connected'),
                  sql`${integrationConnections.updatedAt} > ${integrationTriggers.updatedAt}`,
                ),
              ),
          ),
        ),
      );
    const due = await db
      .select()
      .from(integrationTriggers)
      .where(
        and(
          eq(integrationTriggers.mode, 'poll'),
          eq(integrationTriggers.status, 'listening'),
          lte(integrationTriggers.nextPollAt, sql`now()`),
        ),
      )
      .limit(50);
    for (const row of due) {
      const claimed = await db
        .update(integrationTriggers)
        .set({ nextPollAt: new Date(Date.now() + POLL_INTERVAL_MS) })
        .where(and(eq(integrationTriggers.flowId, row.flowId), lte(integrationTriggers.nextPollAt, sql`now()`)))
        .returning({ flowId: integrationTriggers.flowId });
      if (claimed.length === 0) continue;
      await pollOne(row);
    }
    if (Date.now() - prunedAt > 600_000) {
      prunedAt = Date.now();
      await db
        .delete(integrationTriggerItems)
        .where(sql`${integrationTriggerItems.createdAt} < now() - ${sql.raw(`interval '${ITEM_MEMORY_DAYS} days'`)}`);
    }
  }

  return startTicker({ tick, intervalMs, logger, failed: 'integration trigger tick failed' });
}
