import type {
  CreateNote,
  NoteDetail,
  NoteExportFormat,
  NoteList,
  NoteListQuery,
  NoteShare,
  NoteTagList,
  NoteVersion,
  NoteVersionDetail,
  NoteVersionList,
  PublicNote,
  UpdateNote,
} from '@flowmind/shared/notes';
import { NOTES_API } from '@flowmind/shared/notes';
import { api } from '../../lib/api';

const notePath = (noteId: string) => `${NOTES_API}/${encodeURIComponent(noteId)}`;

export type NoteListParams = Pick<NoteListQuery, 'accountId'> &
  Partial<Pick<NoteListQuery, 'q' | 'sort' | 'tag' | 'trash' | 'cursor' | 'limit'>>;

export function noteListUrl(params: NoteListParams): string {
  const search = new URLSearchParams({ accountId: params.accountId });
  if (params.q) search.set('q', params.q);
  if (params.sort) search.set('sort', params.sort);
  if (params.tag) search.set('tag', params.tag);
  if (params.trash) search.set('trash', 'true');
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.limit) search.set('limit', String(params.limit));
  return `${NOTES_API}?${search}`;
}

export const exportUrl = (noteId: string, format: NoteExportFormat) => `${notePath(noteId)}/export?format=${format}`;

export const notesApi = {
  list: (params: NoteListParams, signal?: AbortSignal) => api<NoteList>(noteListUrl(params), { signal }),
  tags: (accountId: string) =>
    api<NoteTagList>(`${NOTES_API}/tags?${new URLSearchParams({ accountId })}`).then((body) => body.tags),
  get: (noteId: string) => api<NoteDetail>(notePath(noteId)),
  create: (input: CreateNote) => api<NoteDetail>(NOTES_API, { method: 'POST', body: input }),
  // Kept alive: a rename typed just before the page is left still arrives (a title or tags is a small body).
  update: (noteId: string, input: UpdateNote) =>
    api<NoteDetail>(notePath(noteId), { method: 'PATCH', body: input, keepalive: true }),
  duplicate: (noteId: string) => api<NoteDetail>(`${notePath(noteId)}/duplicate`, { method: 'POST' }),
  trash: (noteId: string) => api<NoteDetail>(notePath(noteId), { method: 'DELETE' }),
  restore: (noteId: string) => api<NoteDetail>(`${notePath(noteId)}/restore`, { method: 'POST' }),
  removeForever: (noteId: string) => api<null>(`${notePath(noteId)}/permanent`, { method: 'DELETE' }),
  versions: (noteId: string) => api<NoteVersionList>(`${notePath(noteId)}/versions`).then((body) => body.versions),
  saveVersion: (noteId: string) => api<NoteVersion>(`${notePath(noteId)}/versions`, { method: 'POST' }),
  version: (noteId: string, versionId: string) =>
    api<NoteVersionDetail>(`${notePath(noteId)}/versions/${encodeURIComponent(versionId)}`),
  restoreVersion: (noteId: string, versionId: string) =>
    api<NoteDetail>(`${notePath(noteId)}/versions/${encodeURIComponent(versionId)}/restore`, { method: 'POST' }),
  share: (noteId: string) => api<NoteShare>(`${notePath(noteId)}/share`, { method: 'PUT' }),
  unshare: (noteId: string) => api<null>(`${notePath(noteId)}/share`, { method: 'DELETE' }),
  publicNote: (publicId: string) => api<PublicNote>(`/api/public/notes/${encodeURIComponent(publicId)}`),
};
