import { z } from 'zod';

/** Records per batch write (create, update, delete). */
export const RECORD_BATCH_LIMIT = 1000;
/** Records per page when listing. */
export const RECORD_PAGE_LIMIT = 1000;

export const FieldType = z.enum([
  'text',
  'long_text',
  'number',
  'currency',
  'percent',
  'checkbox',
  'date',
  'date_time',
  'single_select',
  'multi_select',
  'email',
  'url',
  'phone',
  'rating',
  'link',
  'lookup',
  'rollup',
  'formula',
  'created_time',
  'updated_time',
  'created_by',
  'autonumber',
  'attachment',
]);
export type FieldType = z.infer<typeof FieldType>;

/** Types whose values the system computes; writes to them are refused. */
export const COMPUTED_FIELD_TYPES: readonly FieldType[] = [
  'lookup',
  'rollup',
  'formula',
  'created_time',
  'updated_time',
  'created_by',
  'autonumber',
];

export const SELECT_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'violet', 'pink'] as const;
export const SelectOption = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  color: z.enum(SELECT_COLORS),
});
export type SelectOption = z.infer<typeof SelectOption>;

const precision = z.number().int().min(0).max(8);
/** How the grid shows a date: "Nov 23, 2026" (friendly, the default), 2026-11-23, 11/23/2026 or 23/11/2026. */
export const DateFormat = z.enum(['friendly', 'iso', 'us', 'european']);
export type DateFormat = z.infer<typeof DateFormat>;
export const RollupFunction = z.enum(['count', 'sum', 'avg', 'min', 'max', 'count_empty', 'count_filled', 'concat']);

/** Per-type settings. Values of a record are stored by field id; these say how to read and check them. */
export const FieldOptions = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('long_text') }),
  z.object({ type: z.literal('number'), precision: precision.default(0) }),
  z.object({
    type: z.literal('currency'),
    precision: precision.default(2),
    symbol: z.string().min(1).max(8).default('$'),
  }),
  z.object({ type: z.literal('percent'), precision: precision.default(0) }),
  z.object({ type: z.literal('checkbox') }),
  z.object({ type: z.literal('date'), format: DateFormat.optional() }),
  /** `timeZone` is an IANA zone used to show and to interpret typed times; values are ISO instants. */
  z.object({
    type: z.literal('date_time'),
    timeZone: z.string().min(1).max(64).default('UTC'),
    format: DateFormat.optional(),
  }),
  z.object({ type: z.literal('single_select'), choices: z.array(SelectOption).max(500).default([]) }),
  z.object({ type: z.literal('multi_select'), choices: z.array(SelectOption).max(500).default([]) }),
  z.object({ type: z.literal('email') }),
  z.object({ type: z.literal('url') }),
  z.object({ type: z.literal('phone') }),
  z.object({ type: z.literal('rating'), max: z.number().int().min(1).max(10).default(5) }),
  /** Links records of another table; `inverseFieldId` is the link field created there (both directions). */
  z.object({
    type: z.literal('link'),
    linkedTableId: z.string().min(1),
    inverseFieldId: z.string().nullable().default(null),
  }),
  z.object({ type: z.literal('lookup'), linkFieldId: z.string().min(1), targetFieldId: z.string().min(1) }),
  z.object({
    type: z.literal('rollup'),
    linkFieldId: z.string().min(1),
    targetFieldId: z.string().min(1),
    fn: RollupFunction,
  }),
  /** An expression over the record's fields, e.g. `{Price} * {Quantity}`; parsed, never eval'd. */
  z.object({ type: z.literal('formula'), expression: z.string().min(1).max(2000) }),
  z.object({ type: z.literal('created_time') }),
  z.object({ type: z.literal('updated_time') }),
  z.object({ type: z.literal('created_by') }),
  z.object({ type: z.literal('autonumber') }),
  z.object({ type: z.literal('attachment') }),
]);
export type FieldOptions = z.infer<typeof FieldOptions>;

export const Field = z.object({
  id: z.string(),
  tableId: z.string(),
  name: z.string(),
  type: FieldType,
  options: FieldOptions,
  position: z.number(),
  /** The first field names a record and stays frozen in the grid. */
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type Field = z.infer<typeof Field>;

export const Table = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  description: z.string(),
  recordCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set while the table is in the trash. */
  deletedAt: z.string().nullable(),
  /** Grows on every record or field change; an open grid refetches its windows when it moves. */
  version: z.number().optional(),
});
export type Table = z.infer<typeof Table>;

/**
 * Cell values as the API carries them (by field id):
 * text-like → string; number/currency/percent/rating → number (percent 0.5 = 50%); checkbox → boolean;
 * date → 'YYYY-MM-DD'; date_time → ISO instant; single_select → option id; multi_select → option ids;
 * link → record ids; attachment → [{ id, name, size, type, url }]; computed types → read only.
 * null (or absent) is empty.
 */
export const CellValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
  z.array(z.record(z.string(), z.unknown())),
]);
export type CellValue = z.infer<typeof CellValue>;
export const RecordValues = z.record(z.string(), z.unknown());
export type RecordValues = z.infer<typeof RecordValues>;

export const TableRecord = z.object({
  id: z.string(),
  tableId: z.string(),
  values: z.record(z.string(), z.unknown()),
  autonumber: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /**
   * Names for the ids in this record's values, by id: the primary value of each linked record and the name of the
   * user in a created-by field, so cells can show names. Present when there is anything to name.
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type TableRecord = z.infer<typeof TableRecord>;

// Writes
export const TableName = z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters');
export const CreateTable = z.object({
  accountId: z.string().min(1),
  name: TableName,
  description: z.string().max(2000).optional(),
});
export type CreateTable = z.infer<typeof CreateTable>;
export const UpdateTable = z.object({ name: TableName.optional(), description: z.string().max(2000).optional() });
export type UpdateTable = z.infer<typeof UpdateTable>;
export const DuplicateTable = z.object({ name: TableName.optional(), withRecords: z.boolean().default(false) });
export type DuplicateTable = z.infer<typeof DuplicateTable>;

export const FieldName = z.string().trim().min(1, 'Field name is required').max(120);
export const CreateField = z.object({ name: FieldName, options: FieldOptions, position: z.number().optional() });
export type CreateField = z.infer<typeof CreateField>;
/** Changing `options.type` converts values; without `confirmLoss` a lossy change answers 409 with the count. */
export const UpdateField = z.object({
  name: FieldName.optional(),
  options: FieldOptions.optional(),
  position: z.number().optional(),
  confirmLoss: z.boolean().optional(),
});
export type UpdateField = z.infer<typeof UpdateField>;
export const FieldChangePreview = z.object({
  /** Values that cannot be converted and would become empty. */
  lost: z.number(),
  converted: z.number(),
  examples: z.array(z.object({ recordId: z.string(), from: z.unknown() })).max(10),
});
export type FieldChangePreview = z.infer<typeof FieldChangePreview>;

export const CreateRecords = z.object({
  records: z
    .array(z.object({ values: RecordValues }))
    .min(1)
    .max(RECORD_BATCH_LIMIT),
});
export type CreateRecords = z.infer<typeof CreateRecords>;
/** Only the given fields change: two people editing different cells of one record keep both edits. */
export const UpdateRecords = z.object({
  records: z
    .array(z.object({ id: z.string().min(1), values: RecordValues }))
    .min(1)
    .max(RECORD_BATCH_LIMIT),
});
export type UpdateRecords = z.infer<typeof UpdateRecords>;
export const DeleteRecords = z.object({ ids: z.array(z.string().min(1)).min(1).max(RECORD_BATCH_LIMIT) });
export type DeleteRecords = z.infer<typeof DeleteRecords>;
/** What creating, updating or restoring records answers: the records as they now are. */
export const RecordsResponse = z.object({ records: z.array(TableRecord) });
export type RecordsResponse = z.infer<typeof RecordsResponse>;
/** What deleting records answers: how many went to the trash. */
export const DeletedRecordsResponse = z.object({ deleted: z.number() });
export type DeletedRecordsResponse = z.infer<typeof DeletedRecordsResponse>;

export const RecordChange = z.object({
  id: z.string(),
  recordId: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  kind: z.enum(['created', 'updated', 'deleted', 'restored']),
  /** Field id → { from, to } for updates. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: z.string(),
});
export type RecordChange = z.infer<typeof RecordChange>;
