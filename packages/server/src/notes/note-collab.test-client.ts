import { NOTE_FRAGMENT } from '@flowmind/shared/note-doc';
import * as Y from 'yjs';
import type { LiveTestSocket, TestClient } from '../test/test-server';

const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** A test editor: a Y.Doc kept in step with the server over /api/live, like the browser's provider. */
export class CollabTestClient {
  readonly doc = new Y.Doc();
  socket: LiveTestSocket | null = null;
  readOnly = false;
  private nextId = 1;
  /** Sent and not yet acknowledged. */
  readonly pending = new Set<string>();

  constructor(
    readonly client: TestClient,
    readonly noteId: string,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'remote') return;
      this.sendUpdate(update);
    });
  }

  private sendUpdate(update: Uint8Array) {
    if (!this.socket) return;
    const updateId = `u${this.nextId++}`;
    this.pending.add(updateId);
    this.socket.send({ type: 'note-update', noteId: this.noteId, updateId, update: b64(update) });
  }

  /** Opens (or reopens after a drop): gets what it misses, sends what the server misses. */
  async connect() {
    const socket = await this.client.live();
    this.socket = socket;
    this.pending.clear();
    socket.send({ type: 'note-open', noteId: this.noteId, stateVector: b64(Y.encodeStateVector(this.doc)) });
    const sync = await socket.next(
      (m) => m.noteId === this.noteId && (m.type === 'note-sync' || m.type === 'note-error'),
    );
    if (sync.type === 'note-error') throw Object.assign(new Error(sync.message), { code: sync.code });
    this.readOnly = sync.readOnly;
    Y.applyUpdate(this.doc, unb64(sync.update), 'remote');
    const missing = Y.encodeStateAsUpdate(this.doc, unb64(sync.stateVector));
    if (missing.length > 2) this.sendUpdate(missing);
    void this.run(socket);
    return sync;
  }

  private async run(socket: LiveTestSocket) {
    for (;;) {
      let message: { type: string; noteId: string; update?: string; updateId?: string };
      try {
        message = await socket.next(
          (m) => m.noteId === this.noteId && (m.type === 'note-update' || m.type === 'note-ack'),
          60_000,
        );
      } catch {
        return;
      }
      if (message.type === 'note-update') Y.applyUpdate(this.doc, unb64(message.update as string), 'remote');
      else this.pending.delete(message.updateId as string);
    }
  }

  /** Resolves when every sent update is acknowledged. */
  async settled(timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0) {
      if (Date.now() > deadline) throw new Error(`unacknowledged: ${[...this.pending].join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  disconnect() {
    this.socket?.close();
    this.socket = null;
  }

  get fragment() {
    return this.doc.getXmlFragment(NOTE_FRAGMENT);
  }

  /** Appends a paragraph with text. */
  addParagraph(text: string) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    this.fragment.push([paragraph]);
  }

  /** Types into the first paragraph at a position. */
  typeAt(index: number, text: string) {
    const first = this.fragment.get(0) as Y.XmlElement;
    const node = first.get(0) as Y.XmlText | undefined;
    if (node) node.insert(index, text);
    else first.insert(0, [new Y.XmlText(text)]);
  }

  /** The document's paragraphs' text. */
  texts(): string[] {
    return this.fragment.toArray().map((node) =>
      node instanceof Y.XmlElement
        ? node
            .toArray()
            .map((t) => (t as Y.XmlText).toString())
            .join('')
        : '',
    );
  }

  async waitFor(predicate: (texts: string[]) => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.texts())) {
      if (Date.now() > deadline) throw new Error(`document never matched: ${JSON.stringify(this.texts())}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
