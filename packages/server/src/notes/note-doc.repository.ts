import type { NoteDoc } from '@flowmind/shared/note-doc';
import { sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { newId } from '../db/ids';

/**
 * The storage of notes' Yjs documents (see note-docs.ts): `notes.ydoc` holds a compacted state,
 * `note_updates` one row per update since. Callers have checked the note's account already; these
 * statements take a note id that is known to be the caller's.
 */

/** Rows that may commit out of id order are looked at again for this long. */
const LATE_ROW_WINDOW = "interval '30 seconds'";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
export const bytes = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer);

export type StoredUpdate = { id: number; update: Uint8Array };

export function createNoteDocRepository(db: Db) {
  return {
    /** A note's update rows, all or those after `after` (and any that committed late). */
    async updates(noteId: string, after: number | null): Promise<StoredUpdate[]> {
      const where =
        after === null
          ? sql`note_id = ${noteId}`
          : sql`note_id = ${noteId} and (id > ${after} or created_at > now() - ${sql.raw(LATE_ROW_WINDOW)})`;
      return rowsOf<{ id: string | number; update: unknown }>(
        await db.execute(sql`select id, update from note_updates where ${where} order by id`),
      ).map((r) => ({ id: Number(r.id), update: bytes(r.update) }));
    },

    /** What a note's document starts from: its compacted state, or for a note from before the editor its content. */
    async state(noteId: string) {
      const [note] = rowsOf<{
        account_id: string;
        ydoc: unknown;
        ydoc_through: string | number;
        content: NoteDoc | null;
        markdown: string;
      }>(
        await db.execute(sql`select account_id, ydoc, ydoc_through, content, markdown from notes where id = ${noteId}`),
      );
      if (!note) return null;
      return {
        accountId: note.account_id,
        ydoc: note.ydoc ? bytes(note.ydoc) : null,
        ydocThrough: Number(note.ydoc_through),
        content: note.content,
        markdown: note.markdown,
      };
    },

    /** The compacted state and the last row folded into it. */
    async compacted(noteId: string) {
      const [note] = rowsOf<{ ydoc: unknown; ydoc_through: string | number }>(
        await db.execute(sql`select ydoc, ydoc_through from notes where id = ${noteId}`),
      );
      return note ? { ydoc: note.ydoc ? bytes(note.ydoc) : null, ydocThrough: Number(note.ydoc_through) } : null;
    },

    /** Gives a note its first state; false when another process did first. */
    async seed(noteId: string, state: Uint8Array): Promise<boolean> {
      const seeded = rowsOf<{ id: string }>(
        await db.execute(
          sql`update notes set ydoc = ${Buffer.from(state)} where id = ${noteId} and ydoc is null returning id`,
        ),
      );
      return seeded.length > 0;
    },

    /** Writes an update as a row; null when the note is gone or in the trash (read-only there). */
    async append(noteId: string, update: Uint8Array): Promise<number | null> {
      const [row] = rowsOf<{ id: string | number }>(
        await db.execute(sql`
          insert into note_updates (note_id, update)
          select ${noteId}, ${Buffer.from(update)} where exists (select 1 from notes where id = ${noteId} and deleted_at is null)
          returning id`),
      );
      return row ? Number(row.id) : null;
    },

    /**
     * Stores the reading columns derived from the document, and an 'auto' version unless one was
     * taken within `versionEveryMs`. The note's account, or null when the note is gone.
     */
    async writeDerived(input: {
      noteId: string;
      content: string;
      text: string;
      editor: string | null;
      versionEveryMs: number;
    }): Promise<string | null> {
      const [row] = rowsOf<{ account_id: string; title: string }>(
        await db.execute(sql`
          update notes set content = ${input.content}::jsonb, text = ${input.text}, updated_at = now()
          where id = ${input.noteId} returning account_id, title`),
      );
      if (!row) return null;
      await db.execute(sql`
        insert into note_versions (id, account_id, note_id, title, content, reason, created_by)
        select ${newId('ntv')}, ${row.account_id}, ${input.noteId}, ${row.title}, ${input.content}::jsonb, 'auto', ${input.editor}
        where not exists (
          select 1 from note_versions where note_id = ${input.noteId}
          and created_at > now() - ${sql.raw(`interval '${Math.round(input.versionEveryMs / 1000)} seconds'`)})`);
      return row.account_id;
    },

    /** Folds a note's rows into its state, in one transaction that locks the note row. */
    async compact(noteId: string) {
      await db.transaction(async (tx) => {
        const [note] = rowsOf<{ ydoc: unknown }>(
          await tx.execute(sql`select ydoc from notes where id = ${noteId} for update`),
        );
        if (!note) return;
        const rows = rowsOf<{ id: string | number; update: unknown }>(
          await tx.execute(sql`select id, update from note_updates where note_id = ${noteId} order by id`),
        );
        if (rows.length === 0) return;
        const doc = new Y.Doc();
        if (note.ydoc) Y.applyUpdate(doc, bytes(note.ydoc));
        for (const row of rows) Y.applyUpdate(doc, bytes(row.update));
        const ids = rows.map((r) => Number(r.id));
        const state = Buffer.from(Y.encodeStateAsUpdate(doc));
        doc.destroy();
        await tx.execute(
          sql`update notes set ydoc = ${state}, ydoc_through = greatest(ydoc_through, ${Math.max(...ids)}) where id = ${noteId}`,
        );
        await tx.execute(
          sql`delete from note_updates where note_id = ${noteId} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
        );
      });
    },

    /** A new note whose Yjs state is `state`; a note with the id already is kept as it is. */
    async insert(input: {
      id: string;
      accountId: string;
      userId: string | null;
      title: string;
      tags: string[];
      content: NoteDoc;
      text: string;
      state: Uint8Array;
    }) {
      await db.execute(sql`
        insert into notes (id, account_id, title, tags, content, text, ydoc, created_by)
        values (${input.id}, ${input.accountId}, ${input.title}, ${`{${input.tags.map((t) => JSON.stringify(t)).join(',')}}`}::text[],
          ${JSON.stringify(input.content)}::jsonb, ${input.text}, ${Buffer.from(input.state)}, ${input.userId})
        on conflict (id) do nothing`);
    },
  };
}
