import type { LiveDoc } from '@flowmind/shared/live';
import { topics } from '../live/change-bus';
import type { LiveHub } from '../live/live-hub';
import type { NoteService } from './note.service';

/** Live paths for notes: an account's list (NoteSummary documents) and one note's summary. */
export function registerNoteLiveSources(hub: LiveHub, { notes }: { notes: NoteService }) {
  hub.register({
    pattern: 'accounts/:accountId/notes',
    async load({ userId, params, limit }) {
      const accountId = params.accountId as string;
      const docs = await notes.liveList(userId, accountId, limit);
      return {
        docs: docs as LiveDoc[],
        topics: [topics.notes(accountId), topics.account(accountId), topics.user(userId)],
      };
    },
  });
  hub.register({
    pattern: 'notes/:noteId',
    async load({ userId, params }) {
      const note = await notes.requireNote(params.noteId as string, userId);
      const { content: _content, ...summary } = await notes.get(userId, note.id);
      return {
        doc: summary as LiveDoc,
        topics: [topics.note(note.id), topics.account(note.account_id), topics.user(userId)],
      };
    },
  });
}
