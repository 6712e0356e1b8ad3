import type { Db } from '../db/client';
import type { ChangeBus } from '../live/change-bus';
import { recordContext } from './record-context';
import type { RecordEvent } from './record-event';
import type { RecordIndexes } from './record-indexes';
import { recordReads } from './record-reads';
import { recordWrites } from './record-writes';
import type { TableService } from './table.service';

/** A table's records for members of its account: reads (record-reads.ts) and writes (record-writes.ts). */
export function recordService({
  db,
  bus,
  tablesService,
  indexes,
  onRecords = () => {},
}: {
  db: Db;
  bus: ChangeBus;
  tablesService: TableService;
  indexes: RecordIndexes;
  onRecords?: (event: RecordEvent) => void;
}) {
  const records = recordContext({ db, tablesService });
  return {
    ...recordReads({ db, tablesService, indexes, records }),
    ...recordWrites({ db, bus, records, onRecords }),
  };
}

export type RecordService = ReturnType<typeof recordService>;
