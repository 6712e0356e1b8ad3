import type { NoteDoc } from '@flowmind/shared/note-doc';
import { excerptOf } from '@flowmind/shared/note-text';
import type { NoteSort, NoteSummary, NoteTagCount, NoteVersion, TextSegment } from '@flowmind/shared/notes';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Notes queries; every one names the account (or resolves the note for a member of its account, or a public link). */

export type NoteRow = {
  id: string;
  account_id: string;
  title: string;
  pinned: boolean;
  tags: string[];
  excerpt: string;
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
  public_id: string | null;
  created_by: string | null;
  sort_key?: string | null;
  title_hl?: string;
  body_hl?: string;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

// Headline markers: control characters that the stored text never contains (textOf strips them).
const START = '\u0001';
const STOP = '\u0002';
const HEADLINE_TITLE = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;
const HEADLINE_BODY = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** A headline with markers as segments: matches flagged, never HTML. */
export function segmentsOf(headline: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let match = false;
  let text = '';
  for (const char of headline) {
    if (char === START || char === STOP) {
      if (text) segments.push({ text, match });
      text = '';
      match = char === START;
    } else text += char;
  }
  if (text) segments.push({ text, match });
  return segments;
}

/** Words of a search as a prefix tsquery (`plan:* & week:*`); null when it has no words. */
export function tsQueryOf(q: string): string | null {
  const words =
    q
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 16) ?? [];
  return words.length > 0 ? words.map((w) => `${w.toLowerCase()}:*`).join(' & ') : null;
}

export function toSummary(row: NoteRow): NoteSummary {
  const summary: NoteSummary = {
    id: row.id,
    title: row.title,
    pinned: row.pinned,
    tags: row.tags ?? [],
    excerpt: excerptOf(row.excerpt ?? ''),
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    deletedAt: iso(row.deleted_at),
    publicId: row.public_id,
  };
  if (row.title_hl !== undefined) {
    summary.highlight = { title: segmentsOf(row.title_hl), body: segmentsOf(row.body_hl ?? '') };
  }
  return summary;
}

const COLUMNS = sql`n.id, n.account_id, n.title, n.pinned, n.tags, left(n.text, 400) as excerpt, n.created_at,
  n.updated_at, n.deleted_at, n.public_id, n.created_by`;

const SORTS: Record<NoteSort, { key: SQL; cast: SQL; dir: 'asc' | 'desc' }> = {
  updated: { key: sql`n.updated_at`, cast: sql`timestamptz`, dir: 'desc' },
  created: { key: sql`n.created_at`, cast: sql`timestamptz`, dir: 'desc' },
  title: { key: sql`lower(n.title)`, cast: sql`text`, dir: 'asc' },
};

type Cursor = { p: boolean; k: string; i: string } | { o: number };

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
  } catch {
    return null;
  }
}

export function noteRepository(db: Db) {
  return {
    /** The note, for a member of its account; null otherwise. */
    async resolveForMember(noteId: string, userId: string): Promise<NoteRow | null> {
      const [row] = rowsOf<NoteRow>(
        await db.execute(sql`select ${COLUMNS} from notes n where n.id = ${noteId}
          and exists (select 1 from account_members m where m.account_id = n.account_id and m.user_id = ${userId})`),
      );
      return row ?? null;
    },

    async get(accountId: string, noteId: string): Promise<NoteRow | null> {
      const [row] = rowsOf<NoteRow>(
        await db.execute(sql`select ${COLUMNS} from notes n where n.id = ${noteId} and n.account_id = ${accountId}`),
      );
      return row ?? null;
    },

    async storedContent(accountId: string, noteId: string) {
      const [row] = rowsOf<{ content: NoteDoc | null; markdown: string }>(
        await db.execute(sql`select content, markdown from notes where id = ${noteId} and account_id = ${accountId}`),
      );
      return row ?? null;
    },

    async list({
      accountId,
      sort,
      tag,
      trash,
      limit,
      cursor,
    }: {
      accountId: string;
      sort: NoteSort;
      tag?: string;
      trash: boolean;
      limit: number;
      cursor: Cursor | null;
    }): Promise<{ rows: NoteRow[]; more: boolean }> {
      const { key, cast, dir } = SORTS[sort];
      const conditions: SQL[] = [
        sql`n.account_id = ${accountId}`,
        trash ? sql`n.deleted_at is not null` : sql`n.deleted_at is null`,
      ];
      if (tag) conditions.push(sql`${tag} = any(n.tags)`);
      if (cursor && 'p' in cursor) {
        const after =
          dir === 'desc'
            ? sql`(${key}, n.id) < (${cursor.k}::${cast}, ${cursor.i})`
            : sql`(${key}, n.id) > (${cursor.k}::${cast}, ${cursor.i})`;
        conditions.push(sql`(n.pinned < ${cursor.p} or (n.pinned = ${cursor.p} and ${after}))`);
      }
      const order = dir === 'desc' ? sql`${key} desc, n.id desc` : sql`${key} asc, n.id asc`;
      const rows = rowsOf<NoteRow>(
        await db.execute(sql`select ${COLUMNS}, ${key}::text as sort_key from notes n
          where ${sql.join(conditions, sql` and `)}
          order by n.pinned desc, ${order} limit ${limit + 1}`),
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** Full-text search over title (weight A) and body (B), best first, with highlights. */
    async search({
      accountId,
      query,
      tag,
      trash,
      limit,
      offset,
    }: {
      accountId: string;
      query: string;
      tag?: string;
      trash: boolean;
      limit: number;
      offset: number;
    }): Promise<{ rows: NoteRow[]; more: boolean }> {
      const conditions: SQL[] = [
        sql`n.account_id = ${accountId}`,
        trash ? sql`n.deleted_at is not null` : sql`n.deleted_at is null`,
        sql`n.search @@ q.query`,
      ];
      if (tag) conditions.push(sql`${tag} = any(n.tags)`);
      const rows = rowsOf<NoteRow>(
        await db.execute(sql`
          with hits as (
            select n.*, ts_rank(n.search, q.query) as rank, q.query
            from notes n, to_tsquery('english', ${query}) as q(query)
            where ${sql.join(conditions, sql` and `)}
            order by rank desc, n.updated_at desc, n.id
            limit ${limit + 1} offset ${offset}
          )
          select n.id, n.account_id, n.title, n.pinned, n.tags, left(n.text, 400) as excerpt, n.created_at,
            n.updated_at, n.deleted_at, n.public_id, n.created_by,
            ts_headline('english', n.title, n.query, ${HEADLINE_TITLE}) as title_hl,
            ts_headline('english', n.text, n.query, ${HEADLINE_BODY}) as body_hl
          from hits n order by n.rank desc, n.updated_at desc, n.id`),
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    async tags(accountId: string): Promise<NoteTagCount[]> {
      return rowsOf<{ tag: string; count: string | number }>(
        await db.execute(sql`select t.tag, count(*) as count from notes n, unnest(n.tags) as t(tag)
          where n.account_id = ${accountId} and n.deleted_at is null group by t.tag order by count(*) desc, t.tag`),
      ).map((r) => ({ tag: r.tag, count: Number(r.count) }));
    },

    /** Live notes that may hold task items (their content, or Markdown for notes never opened). */
    async withTasks(accountId: string) {
      return rowsOf<{ id: string; title: string; content: NoteDoc | null; markdown: string }>(
        await db.execute(sql`select id, title, content, markdown from notes
          where account_id = ${accountId} and deleted_at is null
            and (jsonb_path_exists(content, '$.**.type ? (@ == "taskItem")')
              or (content is null and markdown ~ '\\[[ xX]\\]'))
          order by pinned desc, updated_at desc limit 500`),
      );
    },

    async versions(accountId: string, noteId: string): Promise<NoteVersion[]> {
      return rowsOf<VersionRow>(
        await db.execute(sql`select id, note_id, title, created_at, created_by, reason from note_versions
          where account_id = ${accountId} and note_id = ${noteId} order by created_at desc, id desc limit 200`),
      ).map(toVersion);
    },

    async version(accountId: string, noteId: string, versionId: string) {
      const [row] = rowsOf<VersionRow & { content: NoteDoc }>(
        await db.execute(sql`select id, note_id, title, created_at, created_by, reason, content from note_versions
          where account_id = ${accountId} and note_id = ${noteId} and id = ${versionId}`),
      );
      return row ? { ...toVersion(row), content: row.content } : null;
    },

    async addVersion(
      accountId: string,
      noteId: string,
      version: { id: string; title: string; content: NoteDoc; reason: NoteVersion['reason']; createdBy: string | null },
    ) {
      await db.execute(sql`insert into note_versions (id, account_id, note_id, title, content, reason, created_by)
        values (${version.id}, ${accountId}, ${noteId}, ${version.title}, ${JSON.stringify(version.content)}::jsonb,
          ${version.reason}, ${version.createdBy})`);
    },

    /** Sets the given fields; `edited` also moves updated_at to now. */
    async update(
      accountId: string,
      noteId: string,
      changes: {
        title?: string | undefined;
        pinned?: boolean | undefined;
        tags?: string[] | undefined;
        edited: boolean;
      },
    ) {
      const sets: SQL[] = [];
      if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
      if (changes.pinned !== undefined) sets.push(sql`pinned = ${changes.pinned}`);
      if (changes.tags !== undefined) {
        sets.push(sql`tags = ${`{${changes.tags.map((t) => JSON.stringify(t)).join(',')}}`}::text[]`);
      }
      if (changes.edited) sets.push(sql`updated_at = now()`);
      if (sets.length === 0) return;
      await db.execute(
        sql`update notes set ${sql.join(sets, sql`, `)} where id = ${noteId} and account_id = ${accountId}`,
      );
    },

    async trash(accountId: string, noteId: string) {
      await db.execute(
        sql`update notes set deleted_at = now() where id = ${noteId} and account_id = ${accountId} and deleted_at is null`,
      );
    },

    async restore(accountId: string, noteId: string) {
      await db.execute(sql`update notes set deleted_at = null where id = ${noteId} and account_id = ${accountId}`);
    },

    async purge(accountId: string, noteId: string) {
      await db.execute(sql`delete from notes where id = ${noteId} and account_id = ${accountId}`);
    },

    /** Gives the note a public id unless it has one; the public id it ends up with (null if no such note). */
    async share(accountId: string, noteId: string, candidate: string): Promise<string | null> {
      const [row] = rowsOf<{ public_id: string }>(
        await db.execute(sql`update notes set public_id = coalesce(public_id, ${candidate})
          where id = ${noteId} and account_id = ${accountId} returning public_id`),
      );
      return row?.public_id ?? null;
    },

    async unshare(accountId: string, noteId: string) {
      await db.execute(sql`update notes set public_id = null where id = ${noteId} and account_id = ${accountId}`);
    },

    /** A shared, live note by its public id: the link itself is the permission, so no account is named. */
    async byPublicId(publicId: string) {
      const [row] = rowsOf<{ id: string; account_id: string; title: string; updated_at: string | Date }>(
        await db.execute(sql`select id, account_id, title, updated_at from notes
          where public_id = ${publicId} and deleted_at is null`),
      );
      return row ?? null;
    },
  };
}

type VersionRow = {
  id: string;
  note_id: string;
  title: string;
  created_at: string | Date;
  created_by: string | null;
  reason: NoteVersion['reason'];
};

const toVersion = (row: VersionRow): NoteVersion => ({
  id: row.id,
  noteId: row.note_id,
  title: row.title,
  createdAt: iso(row.created_at) as string,
  createdBy: row.created_by,
  reason: row.reason,
});

export type NoteRepository = ReturnType<typeof noteRepository>;
