import { AppError } from '@flowmind/shared/errors';
import { EMPTY_NOTE_DOC, type NoteDoc } from '@flowmind/shared/note-doc';
import { docToHtmlPage } from '@flowmind/shared/note-html';
import { docToMarkdown, markdownToBlocks, markdownToDoc } from '@flowmind/shared/note-markdown';
import { docTasks, setTaskChecked } from '@flowmind/shared/note-text';
import type {
  CreateNote,
  ImportNote,
  NoteDetail,
  NoteExportFormat,
  NoteList,
  NoteListQuery,
  NoteShare,
  NoteSummary,
  NoteTask,
  NoteTaskList,
  NoteVersion,
  NoteVersionDetail,
  PublicNote,
  SetNoteTask,
  UpdateNote,
} from '@flowmind/shared/notes';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { decodeCursor, encodeCursor, type NoteRow, noteRepository, toSummary, tsQueryOf } from './note.repository';
import type { NoteDocs } from './note-docs';

const NOT_FOUND = 'Note not found';

const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

/** A file name from a title: letters, digits, spaces and dashes. */
export function fileNameOf(title: string, extension: string): string {
  const base =
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'Untitled';
  return `${base}.${extension}`;
}

export function noteService({
  db,
  bus,
  accounts,
  docs,
  appUrl,
}: {
  db: Db;
  bus: ChangeBus;
  accounts: AccountService;
  docs: NoteDocs;
  appUrl: string;
}) {
  const repo = noteRepository(db);

  /** The note for a member of its account; anything else reads as not found. */
  async function requireNote(noteId: string, userId: string, { allowTrashed = true } = {}): Promise<NoteRow> {
    const note = await repo.resolveForMember(noteId, userId);
    if (!note || (note.deleted_at && !allowTrashed)) throw new AppError('not_found', NOT_FOUND);
    return note;
  }

  const publish = (note: { id: string; account_id: string }) =>
    bus.publish([topics.notes(note.account_id), topics.note(note.id)]);

  /** The document as it is now: from the open Y.Doc when one is open here, else as last derived. */
  async function contentOf(note: { id: string; account_id: string }): Promise<NoteDoc> {
    if (docs.isOpen(note.id)) return docs.read(note.id);
    const stored = await repo.storedContent(note.account_id, note.id);
    if (stored?.content) return stored.content;
    return stored?.markdown ? markdownToDoc(stored.markdown) : structuredClone(EMPTY_NOTE_DOC);
  }

  async function detail(accountId: string, noteId: string): Promise<NoteDetail> {
    const row = await repo.get(accountId, noteId);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return { ...toSummary(row), content: await contentOf(row), createdBy: row.created_by };
  }

  const insert = docs.create;

  async function snapshot(note: NoteRow, userId: string | null, reason: NoteVersion['reason']) {
    const content = await contentOf(note);
    const id = newId('ntv');
    await repo.addVersion(note.account_id, note.id, { id, title: note.title, content, reason, createdBy: userId });
    bus.publish([topics.note(note.id)]);
    const version = await repo.version(note.account_id, note.id, id);
    return version as NoteVersionDetail;
  }

  return {
    requireNote,
    contentOf,

    async list(userId: string, query: NoteListQuery): Promise<NoteList> {
      await accounts.requireMember(query.accountId, userId);
      const cursor = decodeCursor(query.cursor);
      if (query.q) {
        const tsQuery = tsQueryOf(query.q);
        if (!tsQuery) return { notes: [], nextCursor: null };
        const offset = cursor && 'o' in cursor ? Math.max(0, Number(cursor.o) || 0) : 0;
        const { rows, more } = await repo.search({ ...query, query: tsQuery, offset });
        return {
          notes: rows.map(toSummary),
          nextCursor: more ? encodeCursor({ o: offset + rows.length }) : null,
        };
      }
      const { rows, more } = await repo.list({ ...query, cursor });
      const last = rows.at(-1);
      return {
        notes: rows.map(toSummary),
        nextCursor: more && last ? encodeCursor({ p: last.pinned, k: String(last.sort_key), i: last.id }) : null,
      };
    },

    /** The live list: the first notes of the account (no trash), pinned first, latest first. */
    async liveList(userId: string, accountId: string, limit: number): Promise<NoteSummary[]> {
      await accounts.requireMember(accountId, userId);
      const { rows } = await repo.list({ accountId, sort: 'updated', trash: false, limit, cursor: null });
      return rows.map(toSummary);
    },

    async create(userId: string, input: CreateNote): Promise<NoteDetail> {
      await accounts.requireMember(input.accountId, userId);
      const content = input.markdown ? markdownToDoc(input.markdown) : structuredClone(EMPTY_NOTE_DOC);
      const id = await insert({
        accountId: input.accountId,
        userId,
        title: input.title ?? '',
        tags: cleanTags(input.tags ?? []),
        content,
      });
      return detail(input.accountId, id);
    },

    async get(userId: string, noteId: string): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId);
      return detail(note.account_id, note.id);
    },

    async update(userId: string, noteId: string, input: UpdateNote): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId);
      const tags = input.tags === undefined ? undefined : cleanTags(input.tags);
      // Renaming or tagging counts as an edit; pinning only moves the note in the list.
      const edited = input.title !== undefined || tags !== undefined;
      if (edited || input.pinned !== undefined) {
        await repo.update(note.account_id, note.id, { title: input.title, pinned: input.pinned, tags, edited });
        publish(note);
      }
      return detail(note.account_id, note.id);
    },

    async duplicate(userId: string, noteId: string): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId);
      const content = await contentOf(note);
      const id = await insert({
        accountId: note.account_id,
        userId,
        title: note.title ? `${note.title} (copy)` : '',
        tags: note.tags,
        content,
      });
      return detail(note.account_id, id);
    },

    async trash(userId: string, noteId: string): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId);
      await repo.trash(note.account_id, note.id);
      publish(note);
      return detail(note.account_id, note.id);
    },

    async restore(userId: string, noteId: string): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId);
      await repo.restore(note.account_id, note.id);
      publish(note);
      return detail(note.account_id, note.id);
    },

    async purge(userId: string, noteId: string): Promise<void> {
      const note = await requireNote(noteId, userId);
      if (!note.deleted_at) throw new AppError('conflict', 'Move the note to the trash before deleting it for good');
      await repo.purge(note.account_id, note.id);
      docs.forget(note.id);
      publish(note);
    },

    async tags(userId: string, accountId: string) {
      await accounts.requireMember(accountId, userId);
      return { tags: await repo.tags(accountId) };
    },

    async versions(userId: string, noteId: string) {
      const note = await requireNote(noteId, userId);
      return { versions: await repo.versions(note.account_id, note.id) };
    },

    async saveVersion(userId: string, noteId: string): Promise<NoteVersion> {
      const note = await requireNote(noteId, userId);
      const { content: _content, ...version } = await snapshot(note, userId, 'manual');
      return version;
    },

    async version(userId: string, noteId: string, versionId: string): Promise<NoteVersionDetail> {
      const note = await requireNote(noteId, userId);
      const version = await repo.version(note.account_id, note.id, versionId);
      if (!version) throw new AppError('not_found', 'Version not found');
      return version;
    },

    /** Puts a version's document back (through the Y.Doc, so open editors follow), after a 'restore' snapshot. */
    async restoreVersion(userId: string, noteId: string, versionId: string): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId, { allowTrashed: false });
      const version = await repo.version(note.account_id, note.id, versionId);
      if (!version) throw new AppError('not_found', 'Version not found');
      await snapshot(note, userId, 'restore');
      await docs.edit(note.id, () => ({ doc: version.content, result: null }), { userId });
      return detail(note.account_id, note.id);
    },

    /** Markdown into an existing note, through the Y.Doc (open editors receive it as an edit). */
    async importInto(userId: string, noteId: string, input: ImportNote): Promise<NoteDetail> {
      const note = await requireNote(noteId, userId, { allowTrashed: false });
      if (input.mode === 'replace') await snapshot(note, userId, 'restore');
      const blocks = markdownToBlocks(input.markdown);
      await docs.edit(
        note.id,
        (current) => {
          if (input.mode === 'replace') return { doc: markdownToDoc(input.markdown), result: null };
          if (blocks.length === 0) return null;
          const content = current.content ?? [];
          const empty = content.length === 1 && content[0]?.type === 'paragraph' && !content[0].content?.length;
          return { doc: { ...current, content: [...(empty ? [] : content), ...blocks] }, result: null };
        },
        { userId },
      );
      return detail(note.account_id, note.id);
    },

    async share(userId: string, noteId: string): Promise<NoteShare> {
      const note = await requireNote(noteId, userId, { allowTrashed: false });
      let publicId = note.public_id;
      if (!publicId) {
        const candidate = newId('nts', 24);
        publicId = (await repo.share(note.account_id, note.id, candidate)) ?? candidate;
        publish(note);
      }
      return { publicId, url: `${appUrl}/share/${publicId}` };
    },

    async unshare(userId: string, noteId: string): Promise<void> {
      const note = await requireNote(noteId, userId);
      await repo.unshare(note.account_id, note.id);
      publish(note);
    },

    /** What anyone with the link sees; not found once revoked or trashed. */
    async publicNote(publicId: string): Promise<PublicNote> {
      const row = await repo.byPublicId(publicId);
      if (!row) throw new AppError('not_found', 'This link does not lead to a note any more');
      return { title: row.title, content: await contentOf(row), updatedAt: new Date(row.updated_at).toISOString() };
    },

    async exportNote(userId: string, noteId: string, format: NoteExportFormat) {
      const note = await requireNote(noteId, userId);
      const content = await contentOf(note);
      if (format === 'html') {
        return {
          filename: fileNameOf(note.title, 'html'),
          type: 'text/html; charset=utf-8',
          body: docToHtmlPage(note.title, content),
        };
      }
      const body = docToMarkdown(content);
      return {
        filename: fileNameOf(note.title, 'md'),
        type: 'text/markdown; charset=utf-8',
        body: note.title ? `# ${note.title}\n\n${body}` : body,
      };
    },

    async tasks(userId: string, accountId: string, checked?: boolean): Promise<NoteTaskList> {
      await accounts.requireMember(accountId, userId);
      const notes = await repo.withTasks(accountId);
      const tasks: NoteTask[] = [];
      for (const note of notes) {
        const content = docs.isOpen(note.id)
          ? await docs.read(note.id)
          : (note.content ?? markdownToDoc(note.markdown));
        for (const task of docTasks(content)) {
          if (checked !== undefined && task.checked !== checked) continue;
          if (!task.text) continue;
          tasks.push({ noteId: note.id, noteTitle: note.title, ...task });
        }
      }
      return { tasks };
    },

    /** Ticks one task in its note through the Y.Doc; 409 when the task moved or changed. */
    async setTask(userId: string, noteId: string, input: SetNoteTask): Promise<NoteTask> {
      const note = await requireNote(noteId, userId, { allowTrashed: false });
      const done = await docs.edit(
        note.id,
        (current) => {
          const next = setTaskChecked(current, input.index, input.text, input.checked);
          return next ? { doc: next, result: true } : null;
        },
        { userId },
      );
      if (!done) throw new AppError('conflict', 'This task moved or changed in its note; reload the tasks');
      const task = docTasks(done.doc)[input.index];
      if (!task) throw new AppError('conflict', 'This task moved or changed in its note; reload the tasks');
      return { noteId: note.id, noteTitle: note.title, ...task };
    },
  };
}

export type NoteService = ReturnType<typeof noteService>;
