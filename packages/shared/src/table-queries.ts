import { z } from 'zod';
import { RECORD_PAGE_LIMIT, TableRecord } from './tables';

/** Finding records: filters (and/or groups), sorts, search, paging and counts. All evaluated in the database. */
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
