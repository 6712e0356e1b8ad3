import type { PinnedOutput, PinSource, StepOutput } from '@flowmind/shared/flow-test-data';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowPins } from '../../db/schema-flow-test-data';

type PinRow = typeof flowPins.$inferSelect;

export const toPinnedOutput = (row: PinRow): PinnedOutput => ({
  nodeId: row.nodeId,
  output: row.output as StepOutput,
  source: row.source as PinSource,
  pinnedAt: row.pinnedAt.toISOString(),
});

/** Pinned outputs of a flow's draft; every function takes the account, so no caller can forget it. */
export function pinRepository(db: Db) {
  return {
    async forFlow(accountId: string, flowId: string): Promise<PinRow[]> {
      return db
        .select()
        .from(flowPins)
        .where(and(eq(flowPins.accountId, accountId), eq(flowPins.flowId, flowId)));
    },

    async put(pin: {
      accountId: string;
      flowId: string;
      nodeId: string;
      output: StepOutput;
      bytes: number;
      source: PinSource;
      pinnedBy: string | null;
    }): Promise<PinRow> {
      const values = { ...pin, pinnedAt: new Date() };
      const [row] = await db
        .insert(flowPins)
        .values(values)
        .onConflictDoUpdate({
          target: [flowPins.flowId, flowPins.nodeId],
          set: {
            output: values.output,
            bytes: values.bytes,
            source: values.source,
            pinnedBy: values.pinnedBy,
            pinnedAt: values.pinnedAt,
          },
        })
        .returning();
      return row as PinRow;
    },

    async remove(accountId: string, flowId: string, nodeId: string): Promise<void> {
      await db
        .delete(flowPins)
        .where(and(eq(flowPins.accountId, accountId), eq(flowPins.flowId, flowId), eq(flowPins.nodeId, nodeId)));
    },
  };
}

export type PinRepository = ReturnType<typeof pinRepository>;
