import {
  bigint,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts, users } from './schema';

// An Airtable-class database per account. Record values are a jsonb object keyed by field id.

export const tables = pgTable(
  'tables',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    /** Set while the table is in the trash. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    nextAutonumber: bigint('next_autonumber', { mode: 'number' }).notNull().default(1),
    /** Bumped on every record or field change so an open grid knows to refetch its windows. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Records in the table, kept by a statement trigger on table_records (migration 0003), so a count
     * never scans a large table and every way of inserting or deleting records keeps it right.
     */
    recordCount: bigint('record_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('tables_account_id_idx').on(t.accountId)],
);

export const tableFields = pgTable(
  'table_fields',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').notNull(),
    position: doublePrecision('position').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The options and values before the last type change, so it can be undone. */
    lastChange: jsonb('last_change'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_fields_table_id_idx').on(t.tableId)],
);

export const tableRecords = pgTable(
  'table_records',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    values: jsonb('values').notNull().default({}),
    autonumber: bigint('autonumber', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('table_records_table_autonumber_idx').on(t.tableId, t.autonumber),
    index('table_records_values_idx').using('gin', t.values.op('jsonb_path_ops')),
  ],
);

export const tableViews = pgTable(
  'table_views',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    config: jsonb('config').notNull(),
    position: doublePrecision('position').notNull(),
    publicId: text('public_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_views_table_id_idx').on(t.tableId)],
);

/**
 * Expression indexes made for a table's sorts (`record-indexes.ts`): partial indexes on
 * table_records, one per sorted field and direction, so the first page of a large sorted table reads
 * the index instead of sorting every record. Kept here so they can be dropped with their field.
 */
export const tableIndexes = pgTable(
  'table_indexes',
  {
    name: text('name').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    fieldId: text('field_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_indexes_table_id_idx').on(t.tableId)],
);

export const recordHistory = pgTable(
  'record_history',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    recordId: text('record_id').notNull(),
    userId: text('user_id'),
    kind: text('kind', { enum: ['created', 'updated', 'deleted', 'restored'] }).notNull(),
    changes: jsonb('changes').notNull().default({}),
    /** For `deleted`: what a restore needs besides the values (autonumber, created at and by). */
    snapshot: jsonb('snapshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.recordId, t.createdAt)],
);
