import {
  CreateNote,
  ImportNote,
  NoteDetail,
  NoteExportFormat,
  NoteList,
  NoteListQuery,
  NoteShare,
  NoteTagList,
  NoteTagsQuery,
  NoteTask,
  NoteTaskList,
  NoteTasksQuery,
  NoteVersion,
  NoteVersionDetail,
  NoteVersionList,
  PublicNote,
  SetNoteTask,
  UpdateNote,
} from '@flowmind/shared/notes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { NoteService } from './note.service';

const Id = z.string().min(1).max(64);
const NoteParams = z.object({ noteId: Id });
const VersionParams = NoteParams.extend({ versionId: Id });
const PublicParams = z.object({ publicId: Id });
const ExportQuery = z.object({ format: NoteExportFormat.default('md') });

const doc = <const S extends object>(route: S) => ({ tags: ['Notes'], ...route });

export function registerNoteRoutes(
  app: FastifyInstance,
  { session, notes }: { session: SessionReader; notes: NoteService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/notes',
    doc({
      summary: 'List an account’s notes (pinned first) or its trash; with q, search titles and bodies',
      query: NoteListQuery,
      response: NoteList,
    }),
    ({ user, query }) => notes.list(user.id, query),
  );
  route.post(
    '/api/notes',
    doc({
      summary: 'Create a note, optionally from Markdown (import)',
      body: CreateNote,
      response: NoteDetail,
      status: 201,
    }),
    ({ user, body }) => notes.create(user.id, body),
  );
  route.get(
    '/api/notes/tags',
    doc({
      summary: 'Tags of an account’s live notes with how many notes carry each',
      query: NoteTagsQuery,
      response: NoteTagList,
    }),
    ({ user, query }) => notes.tags(user.id, query.accountId),
  );
  route.get(
    '/api/notes/tasks',
    doc({
      summary: 'Task items across an account’s live notes, in note and document order',
      query: NoteTasksQuery,
      response: NoteTaskList,
    }),
    ({ user, query }) => notes.tasks(user.id, query.accountId, query.checked),
  );
  route.get(
    '/api/notes/:noteId',
    doc({ summary: 'Get a note with its document (trashed notes too)', params: NoteParams, response: NoteDetail }),
    ({ user, params }) => notes.get(user.id, params.noteId),
  );
  route.patch(
    '/api/notes/:noteId',
    doc({ summary: 'Rename, pin or tag a note', params: NoteParams, body: UpdateNote, response: NoteDetail }),
    ({ user, params, body }) => notes.update(user.id, params.noteId, body),
  );
  route.post(
    '/api/notes/:noteId/duplicate',
    doc({ summary: 'Duplicate a note', params: NoteParams, response: NoteDetail, status: 201 }),
    ({ user, params }) => notes.duplicate(user.id, params.noteId),
  );
  route.delete(
    '/api/notes/:noteId',
    doc({ summary: 'Move a note to the trash', params: NoteParams, response: NoteDetail }),
    ({ user, params }) => notes.trash(user.id, params.noteId),
  );
  route.post(
    '/api/notes/:noteId/restore',
    doc({ summary: 'Restore a note from the trash', params: NoteParams, response: NoteDetail }),
    ({ user, params }) => notes.restore(user.id, params.noteId),
  );
  route.delete(
    '/api/notes/:noteId/permanent',
    doc({ summary: 'Delete a trashed note for good', params: NoteParams, status: 204 }),
    async ({ user, params, reply }) => {
      await notes.purge(user.id, params.noteId);
      return reply.status(204).send();
    },
  );
  route.get(
    '/api/notes/:noteId/versions',
    doc({ summary: 'A note’s saved versions, newest first', params: NoteParams, response: NoteVersionList }),
    ({ user, params }) => notes.versions(user.id, params.noteId),
  );
  route.post(
    '/api/notes/:noteId/versions',
    doc({ summary: 'Save a version of the note now', params: NoteParams, response: NoteVersion, status: 201 }),
    ({ user, params }) => notes.saveVersion(user.id, params.noteId),
  );
  route.get(
    '/api/notes/:noteId/versions/:versionId',
    doc({ summary: 'A version with its document', params: VersionParams, response: NoteVersionDetail }),
    ({ user, params }) => notes.version(user.id, params.noteId, params.versionId),
  );
  route.post(
    '/api/notes/:noteId/versions/:versionId/restore',
    doc({
      summary: 'Restore a version (the current document is saved as a version first)',
      params: VersionParams,
      response: NoteDetail,
    }),
    ({ user, params }) => notes.restoreVersion(user.id, params.noteId, params.versionId),
  );
  route.put(
    '/api/notes/:noteId/share',
    doc({
      summary: 'Share a note by a public read-only link (returns the existing link if shared)',
      params: NoteParams,
      response: NoteShare,
    }),
    ({ user, params }) => notes.share(user.id, params.noteId),
  );
  route.delete(
    '/api/notes/:noteId/share',
    doc({ summary: 'Stop sharing a note: its link stops working', params: NoteParams, status: 204 }),
    async ({ user, params, reply }) => {
      await notes.unshare(user.id, params.noteId);
      return reply.status(204).send();
    },
  );
  route.get(
    '/api/notes/:noteId/export',
    doc({ summary: 'Download a note as Markdown or HTML', params: NoteParams, query: ExportQuery }),
    async ({ user, params, query, reply }) => {
      const file = await notes.exportNote(user.id, params.noteId, query.format);
      return reply
        .type(file.type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.body);
    },
  );
  route.post(
    '/api/notes/:noteId/import',
    doc({
      summary: 'Import Markdown into a note: appended after its blocks, or replacing them (a version is saved first)',
      params: NoteParams,
      body: ImportNote,
      response: NoteDetail,
    }),
    ({ user, params, body }) => notes.importInto(user.id, params.noteId, body),
  );
  route.post(
    '/api/notes/:noteId/tasks',
    doc({
      summary: 'Tick or untick a task item of a note (409 if it moved or changed)',
      params: NoteParams,
      body: SetNoteTask,
      response: NoteTask,
    }),
    ({ user, params, body }) => notes.setTask(user.id, params.noteId, body),
  );
  route.get(
    '/api/public/notes/:publicId',
    doc({
      auth: 'none',
      public: true,
      summary: 'A shared note, read-only, for anyone with the link',
      params: PublicParams,
      response: PublicNote,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    }),
    ({ params }) => notes.publicNote(params.publicId),
  );
}
