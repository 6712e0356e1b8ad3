import type { FilterGroup, RecordCount, RecordGroups, RecordPage, Sort } from '@flowmind/shared/table-queries';
import { recordsQueryText } from '@flowmind/shared/table-queries';
import type { RecordSummary } from '@flowmind/shared/table-summary';
import type { UpdateView, View } from '@flowmind/shared/table-views';
import type {
  CreateField,
  DeletedRecordsResponse,
  Field,
  FieldChangePreview,
  FieldOptions,
  RecordChange,
  RecordsResponse,
  RecordValues,
  Table,
  UpdateField,
} from '@flowmind/shared/tables';
import { api } from '../../lib/api';

const tablePath = (tableId: string) => `/api/tables/${encodeURIComponent(tableId)}`;

export type RecordQuery = {
  viewId?: string;
  filter?: FilterGroup | null;
  sort?: Sort[];
  search?: string;
  offset: number;
  limit: number;
};

function recordsUrl(tableId: string, query: RecordQuery): string {
  return `${tablePath(tableId)}/records?${recordsQueryText(query)}`;
}

/** Every call the Tables screens make; the types come from the shared contract. */
export const tablesApi = {
  list: ({ accountId, search, trash }: { accountId: string; search?: string; trash?: boolean }) => {
    const params = new URLSearchParams({ accountId });
    if (search) params.set('search', search);
    if (trash) params.set('trash', 'true');
    return api<Table[]>(`/api/tables?${params}`);
  },
  create: ({ accountId, name }: { accountId: string; name: string }) =>
    api<Table>('/api/tables', { method: 'POST', body: { accountId, name } }),
  get: (tableId: string) => api<Table>(tablePath(tableId)),
  update: ({ tableId, name, description }: { tableId: string; name?: string; description?: string }) =>
    api<Table>(tablePath(tableId), { method: 'PATCH', body: { name, description } }),
  trash: (tableId: string) => api<void>(tablePath(tableId), { method: 'DELETE' }),
  restore: (tableId: string) => api<Table>(`${tablePath(tableId)}/restore`, { method: 'POST' }),
  removeForever: (tableId: string) => api<void>(`${tablePath(tableId)}?permanent=true`, { method: 'DELETE' }),
  duplicate: ({ tableId, name, withRecords }: { tableId: string; name?: string; withRecords: boolean }) =>
    api<Table>(`${tablePath(tableId)}/duplicate`, { method: 'POST', body: { name, withRecords } }),

  fields: (tableId: string) => api<Field[]>(`${tablePath(tableId)}/fields`),
  createField: ({ tableId, input }: { tableId: string; input: CreateField }) =>
    api<Field>(`${tablePath(tableId)}/fields`, { method: 'POST', body: input }),
  updateField: ({ tableId, fieldId, input }: { tableId: string; fieldId: string; input: UpdateField }) =>
    api<Field>(`${tablePath(tableId)}/fields/${encodeURIComponent(fieldId)}`, { method: 'PATCH', body: input }),
  deleteField: ({ tableId, fieldId }: { tableId: string; fieldId: string }) =>
    api<void>(`${tablePath(tableId)}/fields/${encodeURIComponent(fieldId)}`, { method: 'DELETE' }),
  previewField: ({ tableId, fieldId, options }: { tableId: string; fieldId: string; options: FieldOptions }) =>
    api<FieldChangePreview>(`${tablePath(tableId)}/fields/${encodeURIComponent(fieldId)}/preview`, {
      method: 'POST',
      body: { options },
    }),
  undoFieldChange: ({ tableId, fieldId }: { tableId: string; fieldId: string }) =>
    api<Field>(`${tablePath(tableId)}/fields/${encodeURIComponent(fieldId)}/undo-change`, { method: 'POST' }),

  records: ({ tableId, query, signal }: { tableId: string; query: RecordQuery; signal?: AbortSignal }) =>
    api<RecordPage>(recordsUrl(tableId, query), { signal }),
  /** How many records match (a list page leaves the count out when a filter or search narrows it). */
  countRecords: ({
    tableId,
    query,
    signal,
  }: {
    tableId: string;
    query: Omit<RecordQuery, 'offset' | 'limit' | 'sort'>;
    signal?: AbortSignal;
  }) => {
    return api<RecordCount>(`${tablePath(tableId)}/records/count?${recordsQueryText(query)}`, { signal });
  },
  /** Records counted per value of `fieldId` (a grouped grid's headers), in the order a grouped view lists them. */
  groups: ({
    tableId,
    fieldId,
    query,
    signal,
  }: {
    tableId: string;
    fieldId: string;
    query: Omit<RecordQuery, 'offset' | 'limit' | 'sort'>;
    signal?: AbortSignal;
  }) => {
    const params = new URLSearchParams({ fieldId, ...Object.fromEntries(recordsQueryText(query)) });
    return api<RecordGroups>(`${tablePath(tableId)}/groups?${params}`, { signal });
  },
  /** One column of a board (an option of its single select, or null for "No value"), a page at a time. */
  kanbanRecords: ({
    tableId,
    viewId,
    fieldId,
    column,
    search,
    cursor,
    limit,
    signal,
  }: {
    tableId: string;
    viewId: string;
    fieldId: string;
    column: string | null;
    search?: string;
    cursor?: string;
    limit: number;
    signal?: AbortSignal;
  }) => {
    const params = new URLSearchParams({ fieldId, limit: String(limit) });
    if (column !== null) params.set('column', column);
    if (search) params.set('search', search);
    if (cursor) params.set('cursor', cursor);
    return api<RecordPage>(`${tablePath(tableId)}/views/${encodeURIComponent(viewId)}/kanban-records?${params}`, {
      signal,
    });
  },
  /** The view's footer figures over all its records (its saved filter and the search). */
  summary: ({
    tableId,
    viewId,
    summaries,
    search,
    signal,
  }: {
    tableId: string;
    viewId: string;
    summaries: Record<string, string>;
    search?: string;
    signal?: AbortSignal;
  }) => {
    const params = new URLSearchParams({ viewId, summaries: JSON.stringify(summaries) });
    if (search) params.set('search', search);
    return api<RecordSummary>(`${tablePath(tableId)}/summary?${params}`, { signal });
  },
  createRecords: ({ tableId, records }: { tableId: string; records: Array<{ values: RecordValues }> }) =>
    api<RecordsResponse>(`${tablePath(tableId)}/records`, { method: 'POST', body: { records } }).then(
      (answer) => answer.records,
    ),
  updateRecords: ({ tableId, records }: { tableId: string; records: Array<{ id: string; values: RecordValues }> }) =>
    api<RecordsResponse>(`${tablePath(tableId)}/records`, { method: 'PATCH', body: { records } }),
  deleteRecords: ({ tableId, ids }: { tableId: string; ids: string[] }) =>
    api<DeletedRecordsResponse>(`${tablePath(tableId)}/records/delete`, { method: 'POST', body: { ids } }),
  /** Deleted records come back with their ids, positions, history and links. */
  restoreRecords: ({ tableId, ids }: { tableId: string; ids: string[] }) =>
    api<RecordsResponse>(`${tablePath(tableId)}/records/restore`, { method: 'POST', body: { ids } }),
  recordHistory: ({ tableId, recordId }: { tableId: string; recordId: string }) =>
    api<RecordChange[]>(`${tablePath(tableId)}/records/${encodeURIComponent(recordId)}/history`),

  views: (tableId: string) => api<View[]>(`${tablePath(tableId)}/views`),
  updateView: ({ tableId, viewId, input }: { tableId: string; viewId: string; input: UpdateView }) =>
    api<View>(`${tablePath(tableId)}/views/${encodeURIComponent(viewId)}`, { method: 'PATCH', body: input }),
};
