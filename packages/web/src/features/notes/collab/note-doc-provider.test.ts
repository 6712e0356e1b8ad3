import type { LiveNoteMessage, LiveNoteServerMessage } from '@flowmind/shared/live';
import { describe, expect, it } from 'vitest';
import { Awareness, applyAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { LiveChannel } from '../../live/live-client';
import {
  CARET_SEND_DELAY_MS,
  fromBase64,
  NoteDocProvider,
  type NoteLiveTransport,
  toBase64,
} from './note-doc-provider';

/**
 * A socket and a server in memory that follow the protocol the way the real server does (tested
 * in packages/server/src/notes/note-collab.int.test.ts): the provider's side of it is tested here.
 */
class FakeServer {
  readonly doc = new Y.Doc();
  readonly sent: LiveNoteMessage[] = [];
  /** Acknowledge updates at once (false: keep them unacknowledged, as if the socket dropped first). */
  ack = true;
  channel: LiveChannel | null = null;
  open = false;

  transport: NoteLiveTransport = {
    attach: (channel) => {
      this.channel = channel;
      if (this.open) queueMicrotask(() => channel.onOpen());
      return () => {
        this.channel = null;
      };
    },
    sendNote: (message) => {
      if (!this.open) return false;
      this.sent.push(message);
      queueMicrotask(() => this.handle(message));
      return true;
    },
    isOpen: () => this.open,
  };

  private reply(message: LiveNoteServerMessage) {
    if (this.open) queueMicrotask(() => this.channel?.onMessage(message));
  }

  private handle(message: LiveNoteMessage) {
    if (!this.open) return;
    if (message.type === 'note-open') {
      this.reply({
        type: 'note-sync',
        noteId: message.noteId,
        update: toBase64(Y.encodeStateAsUpdate(this.doc, fromBase64(message.stateVector))),
        stateVector: toBase64(Y.encodeStateVector(this.doc)),
        readOnly: false,
      });
    } else if (message.type === 'note-update') {
      Y.applyUpdate(this.doc, fromBase64(message.update));
      if (this.ack) this.reply({ type: 'note-ack', noteId: message.noteId, updateId: message.updateId });
    }
  }

  connect() {
    this.open = true;
    this.channel?.onOpen();
  }

  drop() {
    this.open = false;
    this.channel?.onClose();
  }

  /** Another editor's change arriving from the server. */
  remoteEdit(text: string) {
    const before = Y.encodeStateVector(this.doc);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    this.doc.getXmlFragment('default').push([paragraph]);
    this.reply({ type: 'note-update', noteId: 'n1', update: toBase64(Y.encodeStateAsUpdate(this.doc, before)) });
  }
}

const texts = (doc: Y.Doc) =>
  doc
    .getXmlFragment('default')
    .toArray()
    .map((p) => (p as Y.XmlElement).toArray().join(''));

function type(doc: Y.Doc, text: string) {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment('default').push([paragraph]);
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('NoteDocProvider', () => {
  it('loads the server’s document, sends edits and is saved once they are acknowledged', async () => {
    const server = new FakeServer();
    type(server.doc, 'from the server');
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    expect(provider.status).toBe('loading');
    await until(() => provider.synced && provider.status === 'saved');
    expect(texts(provider.doc)).toEqual(['from the server']);

    type(provider.doc, 'typed here');
    expect(provider.status).toBe('saving');
    await until(() => provider.status === 'saved');
    expect(texts(server.doc)).toEqual(['from the server', 'typed here']);

    server.remoteEdit('someone else');
    await until(() => texts(provider.doc).length === 3);
    provider.destroy();
    expect(server.sent.at(-1)).toEqual({ type: 'note-close', noteId: 'n1' });
  });

  it('keeps offline edits and unacknowledged ones, and sends them when the socket is back', async () => {
    const server = new FakeServer();
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    await until(() => provider.status === 'saved');

    server.ack = false;
    type(provider.doc, 'sent, never acknowledged');
    await until(() => server.sent.some((m) => m.type === 'note-update'));
    server.drop();
    expect(provider.status).toBe('offline');
    type(provider.doc, 'typed offline');
    expect(provider.status).toBe('offline');
    server.remoteEdit('meanwhile on the server');

    server.ack = true;
    server.connect();
    await until(() => provider.status === 'saved');
    expect(texts(provider.doc).sort()).toEqual(texts(server.doc).sort());
    expect(texts(server.doc).sort()).toEqual(['meanwhile on the server', 'sent, never acknowledged', 'typed offline']);
    provider.destroy();
  });

  it('opening a note with deletions in its history sends nothing; a deletion made offline is still sent', async () => {
    // The note as the server has it: text typed, then partly deleted (as typing "# " for a heading does).
    const server = new FakeServer();
    type(server.doc, 'kept text');
    const text = (server.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.delete(0, 5);
    // This browser's copy from an earlier visit holds the same history.
    const offlineCopy = Y.encodeStateAsUpdate(server.doc);
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    Y.applyUpdate(provider.doc, offlineCopy, 'offline copy');
    await until(() => provider.status === 'saved');
    expect(server.sent.filter((message) => message.type === 'note-update')).toEqual([]);

    server.drop();
    ((provider.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(0, 1);
    server.connect();
    await until(() => provider.status === 'saved' && texts(server.doc)[0] === 'ext');
    expect(server.sent.filter((message) => message.type === 'note-update')).toHaveLength(1);
    provider.destroy();
  });

  it('is unsaved while a change waits for the server, and not while it only loads', async () => {
    const server = new FakeServer();
    type(server.doc, 'on the server');
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    expect(provider.unsaved).toBe(false);
    await until(() => provider.status === 'saved');
    server.ack = false;
    type(provider.doc, 'typed');
    expect(provider.unsaved).toBe(true);
    provider.saveNow();
    expect(server.sent.filter((message) => message.type === 'note-update')).toHaveLength(1);
    expect(provider.unsaved).toBe(true);
    server.drop();
    server.ack = true;
    server.connect();
    await until(() => provider.status === 'saved');
    expect(provider.unsaved).toBe(false);
    provider.destroy();
  });

  it('lets the editor read what was typed just before a change from the server is applied', async () => {
    const server = new FakeServer();
    type(server.doc, 'first');
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    await until(() => provider.status === 'saved');
    // What the listener sees: the document before the remote change, which it may still change (its own typing).
    const seen: string[][] = [];
    const stop = provider.onBeforeRemoteUpdate(() => {
      seen.push(texts(provider.doc));
      type(provider.doc, 'typed');
    });
    server.remoteEdit('remote');
    await until(() => texts(provider.doc).includes('remote'));
    expect(seen).toEqual([['first']]);
    await until(() => provider.status === 'saved' && texts(server.doc).includes('typed'));
    stop();
    server.remoteEdit('again');
    await until(() => texts(provider.doc).includes('again'));
    expect(seen).toHaveLength(1);
    provider.destroy();
  });

  it('sends the own caret at most every CARET_SEND_DELAY_MS, always its last position, and its removal at once on close', async () => {
    const server = new FakeServer();
    server.open = true;
    const provider = new NoteDocProvider('n1', { transport: server.transport, offlineKey: null });
    await until(() => provider.status === 'saved');
    const caretsSent = () => server.sent.filter((message) => message.type === 'note-awareness');
    const others = new Awareness(new Y.Doc());
    const seenByOthers = () => {
      for (const message of caretsSent()) applyAwarenessUpdate(others, fromBase64(message.update), 'server');
      return others.getStates().get(provider.doc.clientID) ?? null;
    };

    // The state it had when it opened the note was sent then.
    const atOpen = caretsSent().length;
    // A caret moving with every keystroke, ten keystrokes in a row.
    for (let key = 1; key <= 10; key++) provider.awareness.setLocalStateField('cursor', { head: key });
    expect(caretsSent()).toHaveLength(atOpen);
    await new Promise((resolve) => setTimeout(resolve, CARET_SEND_DELAY_MS + 20));
    expect(caretsSent()).toHaveLength(atOpen + 1);
    expect(seenByOthers()).toEqual({ cursor: { head: 10 } });

    provider.awareness.setLocalStateField('cursor', { head: 11 });
    provider.destroy();
    expect(caretsSent()).toHaveLength(atOpen + 2);
    expect(server.sent.at(-1)).toEqual({ type: 'note-close', noteId: 'n1' });
    expect(seenByOthers()).toBeNull();
  });
});
