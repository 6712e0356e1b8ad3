import { markdownToBlocks, markdownToDoc } from '@flowmind/shared/note-markdown';
import { docToText } from '@flowmind/shared/note-text';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idFromKey } from '../../db/ids';
import { notes } from '../../db/schema-notes';
import type { NoteDocs } from '../../notes/note-docs';
import { type NotesApi, StepError } from '../steps/step';

const MAX_NOTE_CHARS = 1_000_000;

/**
 * Notes of one account for flows: create one from Markdown, or append Markdown to one as blocks
 * (through the note's Yjs document, so editors that have it open see the new blocks). Never
 * another account's note.
 */
export function createNotesApi({
  db,
  docs,
  accountId,
  actorUserId,
}: {
  db: Db;
  docs: NoteDocs;
  accountId: string;
  actorUserId: string | null;
}): NotesApi {
  return {
    async create({ title, markdown, idempotencyKey }) {
      const clean = title.trim().slice(0, 500) || 'Untitled';
      if (markdown.length > MAX_NOTE_CHARS) throw new StepError('The note text is longer than 1,000,000 characters');
      const keyed = idempotencyKey === undefined ? undefined : idFromKey('nte', idempotencyKey);
      if (keyed) {
        // Made by an earlier attempt of this same step run (then interrupted): that one is the note.
        const [made] = await db
          .select({ id: notes.id, title: notes.title })
          .from(notes)
          .where(and(eq(notes.id, keyed), eq(notes.accountId, accountId)));
        if (made) return made;
      }
      const id = await docs.create({
        accountId,
        userId: actorUserId,
        title: clean,
        content: markdownToDoc(markdown),
        id: keyed,
      });
      return { id, title: clean };
    },
    async append({ noteId, markdown }) {
      const [note] = await db
        .select({ id: notes.id, title: notes.title })
        .from(notes)
        .where(and(eq(notes.id, noteId), eq(notes.accountId, accountId), isNull(notes.deletedAt)));
      if (!note) throw new StepError(`Note ${noteId} was not found in this account`);
      const blocks = markdownToBlocks(markdown);
      if (blocks.length === 0) return note;
      let tooLong = false;
      const done = await docs.edit(
        note.id,
        (current) => {
          const content = current.content ?? [];
          const empty = content.length === 1 && content[0]?.type === 'paragraph' && !content[0].content?.length;
          const next = { ...current, content: [...(empty ? [] : content), ...blocks] };
          if (docToText(next).length > MAX_NOTE_CHARS) {
            tooLong = true;
            return null;
          }
          return { doc: next, result: true };
        },
        { userId: actorUserId },
      );
      if (tooLong) throw new StepError('The note would grow past 1,000,000 characters');
      if (!done) throw new StepError(`Note ${noteId} was not found in this account`);
      return note;
    },
  };
}
