import { z } from 'zod';
import type { NoteDoc } from './note-doc';

/**
 * Notes API contract (REST under /api/notes, public reads under /api/public/notes). The document
 * itself is edited through Yjs over the live WebSocket; these routes carry everything else and
 * the server-side document work (import, export, versions, tasks).
 */

export const NOTE_TITLE_MAX = 500;
export const NOTE_TAG_MAX = 40;
export const NOTE_TAGS_MAX = 20;
export const NOTES_PAGE_SIZE = 50;
/** Public ids of shared notes start with this, so /share/{publicId} knows what it is showing. */
export const NOTE_PUBLIC_ID_PREFIX = 'nts_';

export const NoteSort = z.enum(['updated', 'created', 'title']);
export type NoteSort = z.infer<typeof NoteSort>;

export const NoteTag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(NOTE_TAG_MAX, `A tag is at most ${NOTE_TAG_MAX} characters`);

export const NoteTitle = z.string().trim().max(NOTE_TITLE_MAX, `A title is at most ${NOTE_TITLE_MAX} characters`);

/** A piece of highlighted text: `match` pieces are the words the search found. */
export const TextSegment = z.object({ text: z.string(), match: z.boolean() });
export type TextSegment = z.infer<typeof TextSegment>;

/**
 * The document as TipTap JSON. Documented as an object; typed as the editor's document, which the
 * server never parses from a response.
 */
export const NoteDocJson = z.record(z.string(), z.unknown()).describe('TipTap JSON document') as unknown as z.ZodType<
  NoteDoc,
  NoteDoc
>;

export const NoteSummary = z.object({
  id: z.string(),
  title: z.string(),
  pinned: z.boolean(),
  tags: z.array(z.string()),
  /** The first words of the body, as plain text. */
  excerpt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  /** Set while the note is shared by link. */
  publicId: z.string().nullable(),
  /** Present on search results: the title and a body snippet with the matches marked. */
  highlight: z.object({ title: z.array(TextSegment), body: z.array(TextSegment) }).optional(),
});
export type NoteSummary = z.infer<typeof NoteSummary>;

export const NoteDetail = NoteSummary.extend({
  /** The document as TipTap JSON, as last saved. */
  content: NoteDocJson,
  createdBy: z.string().nullable(),
});
export type NoteDetail = z.infer<typeof NoteDetail>;

/** Every notes route works in one account, which the caller names (the web app's active account). */
export const NoteAccountId = z.string().min(1).max(64);

export const NoteListQuery = z.object({
  accountId: NoteAccountId,
  q: z.string().trim().max(200).optional(),
  sort: NoteSort.default('updated'),
  tag: NoteTag.optional(),
  /** true lists the trash instead of the live notes. */
  trash: z.stringbool().default(false),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(NOTES_PAGE_SIZE),
});
export type NoteListQuery = z.infer<typeof NoteListQuery>;

/** Pinned notes come first in every sort (not in search, which ranks by relevance). */
export const NoteList = z.object({ notes: z.array(NoteSummary), nextCursor: z.string().nullable() });
export type NoteList = z.infer<typeof NoteList>;

export const CreateNote = z.object({
  accountId: NoteAccountId,
  title: NoteTitle.optional(),
  /** Import: the body as Markdown. */
  markdown: z.string().max(2_000_000).optional(),
  tags: z.array(NoteTag).max(NOTE_TAGS_MAX).optional(),
});
export type CreateNote = z.infer<typeof CreateNote>;

/** Import Markdown into an existing note: after its blocks, or instead of them (a version is saved first). */
export const ImportNote = z.object({
  markdown: z.string().max(2_000_000),
  mode: z.enum(['append', 'replace']).default('append'),
});
export type ImportNote = z.infer<typeof ImportNote>;

export const UpdateNote = z.object({
  title: NoteTitle.optional(),
  pinned: z.boolean().optional(),
  tags: z.array(NoteTag).max(NOTE_TAGS_MAX).optional(),
});
export type UpdateNote = z.infer<typeof UpdateNote>;

export const NoteTagCount = z.object({ tag: z.string(), count: z.number() });
export type NoteTagCount = z.infer<typeof NoteTagCount>;
export const NoteTagList = z.object({ tags: z.array(NoteTagCount) });
export type NoteTagList = z.infer<typeof NoteTagList>;

export const NoteVersion = z.object({
  id: z.string(),
  noteId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** 'auto' snapshots are taken while editing; 'manual' ones when a user saves a version; 'restore' before a restore. */
  reason: z.enum(['auto', 'manual', 'restore']),
});
export type NoteVersion = z.infer<typeof NoteVersion>;
export const NoteVersionList = z.object({ versions: z.array(NoteVersion) });
export type NoteVersionList = z.infer<typeof NoteVersionList>;
export const NoteVersionDetail = NoteVersion.extend({ content: NoteDocJson });
export type NoteVersionDetail = z.infer<typeof NoteVersionDetail>;

export const NoteShare = z.object({ publicId: z.string(), url: z.string() });
export type NoteShare = z.infer<typeof NoteShare>;

/** GET /api/public/notes/{publicId}: what a signed-out visitor sees. */
export const PublicNote = z.object({
  title: z.string(),
  content: NoteDocJson,
  updatedAt: z.string(),
});
export type PublicNote = z.infer<typeof PublicNote>;

export const NoteExportFormat = z.enum(['md', 'html']);
export type NoteExportFormat = z.infer<typeof NoteExportFormat>;

/**
 * An open or done task from a note's task lists. `index` is the task's position among the note's
 * task items in document order; `text` guards against ticking a task that moved (409 then).
 */
export const NoteTask = z.object({
  noteId: z.string(),
  noteTitle: z.string(),
  index: z.number(),
  text: z.string(),
  checked: z.boolean(),
});
export type NoteTask = z.infer<typeof NoteTask>;
export const NoteTaskList = z.object({ tasks: z.array(NoteTask) });
export type NoteTaskList = z.infer<typeof NoteTaskList>;

export const NoteTagsQuery = z.object({ accountId: NoteAccountId });
export const NoteTasksQuery = z.object({
  accountId: NoteAccountId,
  /** false lists open tasks only, true done ones only; absent lists both. */
  checked: z.stringbool().optional(),
});

export const SetNoteTask = z.object({
  index: z.number().int().min(0),
  text: z.string().max(10_000),
  checked: z.boolean(),
});
export type SetNoteTask = z.infer<typeof SetNoteTask>;

/**
 * Routes (account-scoped: list, create, tags and tasks name the account with `accountId`; the
 * others find it from the note; another account's note is a 404):
 * GET    /api/notes?accountId=…          NoteListQuery → NoteList
 * POST   /api/notes                      CreateNote (with accountId) → NoteDetail (201)
 * GET    /api/notes/tags?accountId=…     → { tags: NoteTagCount[] }
 * GET    /api/notes/tasks?accountId=…&checked=false  → { tasks: NoteTask[] } (live notes only)
 * GET    /api/notes/{id}                 → NoteDetail (trashed notes too, with deletedAt)
 * PATCH  /api/notes/{id}                 UpdateNote → NoteDetail
 * POST   /api/notes/{id}/duplicate       → NoteDetail (201)
 * DELETE /api/notes/{id}                 move to trash → NoteDetail
 * POST   /api/notes/{id}/restore         → NoteDetail
 * DELETE /api/notes/{id}/permanent       delete for good (trashed notes only) → 204
 * GET    /api/notes/{id}/versions        → { versions: NoteVersion[] }
 * POST   /api/notes/{id}/versions        save a version now → NoteVersion (201)
 * GET    /api/notes/{id}/versions/{vid}  → NoteVersionDetail
 * POST   /api/notes/{id}/versions/{vid}/restore → NoteDetail
 * PUT    /api/notes/{id}/share           → NoteShare (idempotent)
 * DELETE /api/notes/{id}/share           revoke → 204
 * GET    /api/notes/{id}/export?format=md|html → file (Content-Disposition attachment)
 * POST   /api/notes/{id}/tasks           SetNoteTask → NoteTask
 * POST   /api/notes/{id}/import          ImportNote → NoteDetail (Markdown appended or replacing the body)
 * GET    /api/public/notes/{publicId}    → PublicNote (open to everyone; 404 once revoked or trashed)
 */
export const NOTES_API = '/api/notes';

/**
 * Live list of an account's notes (NoteSummary documents, pinned first, then by last update;
 * the trash is not included). Subscribe with the live client; it changes as notes are edited.
 */
export const notesLivePath = (accountId: string) => `accounts/${accountId}/notes`;
