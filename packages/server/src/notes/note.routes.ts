import {
  CreateNote,
  ImportNote,
  NoteExportFormat,
  NoteListQuery,
  NoteTagsQuery,
  NoteTasksQuery,
  SetNoteTask,
  UpdateNote,
} from '@flowmind/shared/notes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { NoteService } from './note.service';

const Id = z.string().min(1).max(64);
const NoteParams = z.object({ noteId: Id });
const VersionParams = NoteParams.extend({ versionId: Id });
const PublicParams = z.object({ publicId: Id });
const ExportQuery = z.object({ format: NoteExportFormat.default('md') });

// Response shapes for the OpenAPI document (the handlers return the shared types).
const Segment = z.object({ text: z.string(), match: z.boolean() });
const Summary = z.object({
  id: z.string(),
  title: z.string(),
  pinned: z.boolean(),
  tags: z.array(z.string()),
  excerpt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  publicId: z.string().nullable(),
  highlight: z.object({ title: z.array(Segment), body: z.array(Segment) }).optional(),
});
const Doc = z.record(z.string(), z.unknown()).describe('TipTap JSON document');
const Detail = Summary.extend({ content: Doc, createdBy: z.string().nullable() });
const List = z.object({ notes: z.array(Summary), nextCursor: z.string().nullable() });
const Version = z.object({
  id: z.string(),
  noteId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  reason: z.enum(['auto', 'manual', 'restore']),
});
const Task = z.object({
  noteId: z.string(),
  noteTitle: z.string(),
  index: z.number(),
  text: z.string(),
  checked: z.boolean(),
});

const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Notes'], ...route } } });

export function registerNoteRoutes(
  app: FastifyInstance,
  { session, notes }: { session: SessionReader; notes: NoteService },
) {
  const user = async (req: Parameters<SessionReader['requireUser']>[0]) => (await session.requireUser(req)).id;
  const noteId = (req: { params: unknown }) => parse(NoteParams, req.params).noteId;

  app.get(
    '/api/notes',
    doc({
      summary: 'List an account’s notes (pinned first) or its trash; with q, search titles and bodies',
      query: NoteListQuery,
      response: List,
    }),
    async (req) => notes.list(await user(req), parse(NoteListQuery, req.query)),
  );
  app.post(
    '/api/notes',
    doc({
      summary: 'Create a note, optionally from Markdown (import)',
      body: CreateNote,
      response: Detail,
      status: 201,
    }),
    async (req, reply) => {
      const result = await notes.create(await user(req), parse(CreateNote, req.body));
      reply.status(201);
      return result;
    },
  );
  app.get(
    '/api/notes/tags',
    doc({
      summary: 'Tags of an account’s live notes with how many notes carry each',
      query: NoteTagsQuery,
      response: z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number() })) }),
    }),
    async (req) => notes.tags(await user(req), parse(NoteTagsQuery, req.query).accountId),
  );
  app.get(
    '/api/notes/tasks',
    doc({
      summary: 'Task items across an account’s live notes, in note and document order',
      query: NoteTasksQuery,
      response: z.object({ tasks: z.array(Task) }),
    }),
    async (req) => {
      const query = parse(NoteTasksQuery, req.query);
      return notes.tasks(await user(req), query.accountId, query.checked);
    },
  );
  app.get(
    '/api/notes/:noteId',
    doc({ summary: 'Get a note with its document (trashed notes too)', params: NoteParams, response: Detail }),
    async (req) => notes.get(await user(req), noteId(req)),
  );
  app.patch(
    '/api/notes/:noteId',
    doc({ summary: 'Rename, pin or tag a note', params: NoteParams, body: UpdateNote, response: Detail }),
    async (req) => notes.update(await user(req), noteId(req), parse(UpdateNote, req.body)),
  );
  app.post(
    '/api/notes/:noteId/duplicate',
    doc({ summary: 'Duplicate a note', params: NoteParams, response: Detail, status: 201 }),
    async (req, reply) => {
      const result = await notes.duplicate(await user(req), noteId(req));
      reply.status(201);
      return result;
    },
  );
  app.delete(
    '/api/notes/:noteId',
    doc({ summary: 'Move a note to the trash', params: NoteParams, response: Detail }),
    async (req) => notes.trash(await user(req), noteId(req)),
  );
  app.post(
    '/api/notes/:noteId/restore',
    doc({ summary: 'Restore a note from the trash', params: NoteParams, response: Detail }),
    async (req) => notes.restore(await user(req), noteId(req)),
  );
  app.delete(
    '/api/notes/:noteId/permanent',
    doc({ summary: 'Delete a trashed note for good', params: NoteParams, status: 204 }),
    async (req, reply) => {
      await notes.purge(await user(req), noteId(req));
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/notes/:noteId/versions',
    doc({
      summary: 'A note’s saved versions, newest first',
      params: NoteParams,
      response: z.object({ versions: z.array(Version) }),
    }),
    async (req) => notes.versions(await user(req), noteId(req)),
  );
  app.post(
    '/api/notes/:noteId/versions',
    doc({ summary: 'Save a version of the note now', params: NoteParams, response: Version, status: 201 }),
    async (req, reply) => {
      const result = await notes.saveVersion(await user(req), noteId(req));
      reply.status(201);
      return result;
    },
  );
  app.get(
    '/api/notes/:noteId/versions/:versionId',
    doc({ summary: 'A version with its document', params: VersionParams, response: Version.extend({ content: Doc }) }),
    async (req) => {
      const { noteId: id, versionId } = parse(VersionParams, req.params);
      return notes.version(await user(req), id, versionId);
    },
  );
  app.post(
    '/api/notes/:noteId/versions/:versionId/restore',
    doc({
      summary: 'Restore a version (the current document is saved as a version first)',
      params: VersionParams,
      response: Detail,
    }),
    async (req) => {
      const { noteId: id, versionId } = parse(VersionParams, req.params);
      return notes.restoreVersion(await user(req), id, versionId);
    },
  );
  app.put(
    '/api/notes/:noteId/share',
    doc({
      summary: 'Share a note by a public read-only link (returns the existing link if shared)',
      params: NoteParams,
      response: z.object({ publicId: z.string(), url: z.string() }),
    }),
    async (req) => notes.share(await user(req), noteId(req)),
  );
  app.delete(
    '/api/notes/:noteId/share',
    doc({ summary: 'Stop sharing a note: its link stops working', params: NoteParams, status: 204 }),
    async (req, reply) => {
      await notes.unshare(await user(req), noteId(req));
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/notes/:noteId/export',
    doc({ summary: 'Download a note as Markdown or HTML', params: NoteParams, query: ExportQuery }),
    async (req, reply) => {
      const { format } = parse(ExportQuery, req.query);
      const file = await notes.exportNote(await user(req), noteId(req), format);
      return reply
        .type(file.type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.body);
    },
  );
  app.post(
    '/api/notes/:noteId/import',
    doc({
      summary: 'Import Markdown into a note: appended after its blocks, or replacing them (a version is saved first)',
      params: NoteParams,
      body: ImportNote,
      response: Detail,
    }),
    async (req) => notes.importInto(await user(req), noteId(req), parse(ImportNote, req.body)),
  );
  app.post(
    '/api/notes/:noteId/tasks',
    doc({
      summary: 'Tick or untick a task item of a note (409 if it moved or changed)',
      params: NoteParams,
      body: SetNoteTask,
      response: Task,
    }),
    async (req) => notes.setTask(await user(req), noteId(req), parse(SetNoteTask, req.body)),
  );
  app.get(
    '/api/public/notes/:publicId',
    {
      config: {
        doc: {
          tags: ['Notes'],
          public: true,
          summary: 'A shared note, read-only, for anyone with the link',
          params: PublicParams,
          response: z.object({ title: z.string(), content: Doc, updatedAt: z.string() }),
        },
        rateLimit: { max: 300, timeWindow: '1 minute' },
      },
    },
    async (req) => notes.publicNote(parse(PublicParams, req.params).publicId),
  );
}
