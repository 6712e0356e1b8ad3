import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { notes } from '../../db/schema';
import { type NotesApi, StepError } from '../steps/step';

const MAX_NOTE_CHARS = 1_000_000;

/** Notes of one account for flows: create one, or append Markdown to one (never another account's). */
export function createNotesApi({
  db,
  accountId,
  actorUserId,
}: {
  db: Db;
  accountId: string;
  actorUserId: string | null;
}): NotesApi {
  return {
    async create({ title, markdown }) {
      const clean = title.trim().slice(0, 500) || 'Untitled';
      if (markdown.length > MAX_NOTE_CHARS) throw new StepError('The note text is longer than 1,000,000 characters');
      const [row] = await db
        .insert(notes)
        .values({ id: newId('nte'), accountId, title: clean, markdown, createdBy: actorUserId })
        .returning({ id: notes.id, title: notes.title });
      if (!row) throw new StepError('The note could not be saved');
      return row;
    },
    async append({ noteId, markdown }) {
      const [row] = await db
        .update(notes)
        .set({
          markdown: sql`case when ${notes.markdown} = '' then ${markdown} else ${notes.markdown} || E'\\n\\n' || ${markdown} end`,
        })
        .where(
          and(
            eq(notes.id, noteId),
            eq(notes.accountId, accountId),
            isNull(notes.deletedAt),
            sql`length(${notes.markdown}) + ${markdown.length} <= ${MAX_NOTE_CHARS}`,
          ),
        )
        .returning({ id: notes.id, title: notes.title });
      if (row) return row;
      const [exists] = await db
        .select({ id: notes.id })
        .from(notes)
        .where(and(eq(notes.id, noteId), eq(notes.accountId, accountId), isNull(notes.deletedAt)));
      throw new StepError(
        exists ? 'The note would grow past 1,000,000 characters' : `Note ${noteId} was not found in this account`,
      );
    },
  };
}
