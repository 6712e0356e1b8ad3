import type { Field, TableRecord } from '@flowmind/shared/tables';
import type { TableRow } from './table.repository';

/** Records created or updated through the API (flows with a table trigger listen). */
export type RecordEvent = {
  table: TableRow;
  fields: Field[];
  kind: 'created' | 'updated';
  records: TableRecord[];
  /** The flow whose step wrote them (its own writes do not start it again). */
  byFlowId?: string;
};
