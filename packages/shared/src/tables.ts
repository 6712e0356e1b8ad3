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

// Finding: filters (and/or groups), sorts, search. All evaluated in the database.
export const FilterOperator = z.enum([
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'is_before',
  'is_after',
  'is_on_or_before',
  'is_on_or_after',
  'is_any_of',
  'is_none_of',
  'has_any_of',
  'has_all_of',
  'has_none_of',
]);
export type FilterOperator = z.infer<typeof FilterOperator>;

export const FilterCondition = z.object({
  fieldId: z.string().min(1),
  operator: FilterOperator,
  value: z.unknown().optional(),
});
export type FilterCondition = z.infer<typeof FilterCondition>;

export type FilterGroup = { conjunction: 'and' | 'or'; conditions: Array<FilterCondition | FilterGroup> };
export const FilterGroup: z.ZodType<FilterGroup> = z.lazy(() =>
  z.object({
    conjunction: z.enum(['and', 'or']),
    conditions: z.array(z.union([FilterCondition, FilterGroup])).max(50),
  }),
);

export const Sort = z.object({ fieldId: z.string().min(1), direction: z.enum(['asc', 'desc']) });
export type Sort = z.infer<typeof Sort>;

export const ListRecordsQuery = z.object({
  /** JSON-encoded FilterGroup in the query string. */
  filter: FilterGroup.optional(),
  sort: z.array(Sort).max(10).optional(),
  search: z.string().max(200).optional(),
  viewId: z.string().optional(),
  limit: z.number().int().min(1).max(RECORD_PAGE_LIMIT).default(100),
  /** Keyset pagination (from the previous page's `nextCursor`)… */
  cursor: z.string().optional(),
  /** …or a window by position, for a grid that jumps to any scroll position. */
  offset: z.number().int().min(0).optional(),
});
export type ListRecordsQuery = z.infer<typeof ListRecordsQuery>;

/**
 * A query-string parameter decoded, then checked by the schema of ListRecordsQuery that it becomes:
 * text that is not JSON (filter, sort) is a 400 naming the parameter.
 */
export function queryParam<T extends z.ZodType>(schema: T, decode: 'json' | 'number', name: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || decode === 'number') return text === undefined ? undefined : Number(text);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * ListRecordsQuery as it travels in a query string (filter and sort as JSON text, numbers as text),
 * parsed into ListRecordsQuery. The records list, the CSV export, the count, the groups, the summary
 * and the kanban column all read their query through this one schema (or a pick of it).
 */
export const RecordsQueryText = z.object({
  filter: queryParam(ListRecordsQuery.shape.filter, 'json', 'filter').describe(
    'JSON FilterGroup: { conjunction: "and" | "or", conditions: [...] }',
  ),
  sort: queryParam(ListRecordsQuery.shape.sort, 'json', 'sort').describe(
    'JSON array of { fieldId, direction: "asc" | "desc" }',
  ),
  search: ListRecordsQuery.shape.search,
  viewId: ListRecordsQuery.shape.viewId.describe("Applies the view's filter and sorts unless filter/sort are given"),
  limit: queryParam(ListRecordsQuery.shape.limit, 'number', 'limit').describe(`1 to ${RECORD_PAGE_LIMIT}, default 100`),
  cursor: ListRecordsQuery.shape.cursor.describe('nextCursor of the previous page'),
  offset: queryParam(ListRecordsQuery.shape.offset, 'number', 'offset').describe(
    'Start at this position (ignored with a cursor)',
  ),
});

/** What narrows records without paging them: the count, the groups and the summary of a view. */
export const RecordsFilterText = RecordsQueryText.pick({ filter: true, search: true, viewId: true });

/** The query string of RecordsQueryText for a query (the web client's side of the same rule). */
export function recordsQueryText(query: {
  viewId?: string;
  filter?: FilterGroup | null;
  sort?: Sort[];
  search?: string;
  offset?: number;
  limit?: number;
  cursor?: string;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.viewId) params.set('viewId', query.viewId);
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  if (query.sort?.length) params.set('sort', JSON.stringify(query.sort));
  if (query.search) params.set('search', query.search);
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params;
}

/** Distinct values a group-by lists at most. */
export const RECORD_GROUP_LIMIT = 1000;

/** Records counted per value of one field, in that field's sort order (empty values last). */
export const RecordGroups = z.object({
  fieldId: z.string(),
  groups: z.array(z.object({ value: z.unknown(), count: z.number() })),
  total: z.number(),
});
export type RecordGroups = z.infer<typeof RecordGroups>;

export const RecordPage = z.object({
  records: z.array(TableRecord),
  nextCursor: z.string().nullable(),
  /**
   * Records in the table when nothing narrows it (kept as a counter, so it is free). With a filter or a
   * search it is null: counting every match of a large table costs a scan, so it has its own call
   * (RecordCount) that a client makes only when it needs the number.
   */
  total: z.number().nullable(),
});
export type RecordPage = z.infer<typeof RecordPage>;

/** Records matching a filter and search (or a view's), over all pages. */
export const RecordCount = z.object({ total: z.number() });
export type RecordCount = z.infer<typeof RecordCount>;

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

// Views
/** A grid footer's summary of one field over the whole view; which a field offers is in table-summary.ts. */
export const SummaryFunction = z.enum([
  'count',
  'filled',
  'empty',
  'unique',
  'percent_filled',
  'percent_empty',
  'sum',
  'avg',
  'min',
  'max',
  'checked',
  'unchecked',
  'percent_checked',
  'percent_unchecked',
]);
export type SummaryFunction = z.infer<typeof SummaryFunction>;
export const ViewType = z.enum(['grid', 'kanban', 'calendar', 'form']);
export const ViewConfig = z.object({
  filter: FilterGroup.nullable().default(null),
  sorts: z.array(Sort).max(10).default([]),
  hiddenFieldIds: z.array(z.string()).default([]),
  fieldOrder: z.array(z.string()).default([]),
  columnWidths: z.record(z.string(), z.number().int().min(60).max(1200)).default({}),
  groupByFieldId: z.string().nullable().default(null),
  /** grid: the footer's summary per field (none when absent); names from table-summary.ts. */
  summaries: z.record(z.string(), SummaryFunction).default({}),
  /** kanban: the single-select field whose options are the columns. */
  kanbanFieldId: z.string().nullable().default(null),
  /** calendar: the date field. */
  calendarFieldId: z.string().nullable().default(null),
  /** form: title, description, and whether signed-out visitors may submit through the public link. */
  formTitle: z.string().max(200).default(''),
  formDescription: z.string().max(2000).default(''),
  formPublic: z.boolean().default(false),
  /** form: fields a submission must fill in. */
  formRequiredFieldIds: z.array(z.string()).default([]),
});
export type ViewConfig = z.infer<typeof ViewConfig>;
export const View = z.object({
  id: z.string(),
  tableId: z.string(),
  name: z.string(),
  type: ViewType,
  config: ViewConfig,
  position: z.number(),
  /** For a public form: the id in /share/{publicId}. */
  publicId: z.string().nullable(),
});
export type View = z.infer<typeof View>;
export const CreateView = z.object({
  name: z.string().trim().min(1).max(120),
  type: ViewType,
  config: ViewConfig.partial().optional(),
});
export type CreateView = z.infer<typeof CreateView>;
/**
 * A PATCH of a view's config: only the keys sent change. Built from ViewConfig with its defaults
 * removed, because zod fills defaults in even inside `.partial()`.
 */
export const ViewConfigPatch = z.object(
  Object.fromEntries(Object.entries(ViewConfig.shape).map(([key, schema]) => [key, schema.removeDefault().optional()])),
) as unknown as z.ZodType<Partial<ViewConfig>>;
export const UpdateView = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  config: ViewConfigPatch.optional(),
  position: z.number().optional(),
});
export type UpdateView = z.infer<typeof UpdateView>;
