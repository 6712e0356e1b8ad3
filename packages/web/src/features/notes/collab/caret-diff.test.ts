import { NOTE_FRAGMENT, noteSchema } from '@flowmind/shared/note-doc';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { updateYFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

// The editor writes a typed change into Yjs by diffing the paragraph's old and new text. y-tiptap is
// patched (patches/@tiptap+y-tiptap+3.0.9.patch) to place that change where the caret is; these tests
// drive its updateYFragment the way the editor's binding does, with the editor's state beside it.

const docOf = (...texts: string[]) =>
  noteSchema.node(
    'doc',
    null,
    texts.map((text) => noteSchema.node('paragraph', null, text ? [noteSchema.text(text)] : [])),
  );

/** The binding's metadata, with the editor view the patched diff reads the caret from. */
type Meta = Parameters<typeof updateYFragment>[3] & { prosemirrorView?: { state: EditorState } };

/** A Y.Doc holding `doc`, and the binding metadata that maps it, as the editor's binding has them. */
function bound(doc: PmNode, clientID: number) {
  const ydoc = new Y.Doc();
  ydoc.clientID = clientID;
  const meta: Meta = { mapping: new Map(), isOMark: new Map() };
  ydoc.transact(() => updateYFragment(ydoc, ydoc.getXmlFragment(NOTE_FRAGMENT), doc, meta));
  return { ydoc, meta };
}

/** What the editor's binding does after a keystroke: `doc` is the new document, the caret at `caret`. */
function typed(side: { ydoc: Y.Doc; meta: Meta }, doc: PmNode, caret: number | null) {
  side.meta.prosemirrorView =
    caret === null ? undefined : { state: EditorState.create({ doc, selection: TextSelection.create(doc, caret) }) };
  side.ydoc.transact(() => updateYFragment(side.ydoc, side.ydoc.getXmlFragment(NOTE_FRAGMENT), doc, side.meta));
}

const firstText = (ydoc: Y.Doc) =>
  ((ydoc.getXmlFragment(NOTE_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText | undefined)?.toString() ?? '';

function exchange(a: Y.Doc, b: Y.Doc) {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(a, fromB);
  Y.applyUpdate(b, fromA);
}

describe('a typed change lands at the caret', () => {
  // One person types a copy of the text just before it at the start of the line while the other types at
  // its end. A diff from the left stores the copy at the far end, beside the other's typing, and the two
  // interleave in one of the two client orders.
  for (const [mine, theirs] of [
    [1, 2],
    [2, 1],
  ] as const) {
    it(`keeps a repeat typed at the start apart from typing at the end (clients ${mine}, ${theirs})`, () => {
      const start = docOf('ha ha ha');
      const me = bound(start, mine);
      const them = { ydoc: new Y.Doc(), meta: { mapping: new Map(), isOMark: new Map() } as Meta };
      them.ydoc.clientID = theirs;
      Y.applyUpdate(them.ydoc, Y.encodeStateAsUpdate(me.ydoc));

      // At once: "ha " typed at the start (the caret after it), "!" typed at the end.
      typed(me, docOf('ha ha ha ha'), 1 + 3);
      ((them.ydoc.getXmlFragment(NOTE_FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(8, '!');
      exchange(me.ydoc, them.ydoc);

      expect(firstText(me.ydoc)).toBe('ha ha ha ha!');
      expect(firstText(them.ydoc)).toBe('ha ha ha ha!');
    });
  }

  it('places a deletion and a replacement at the caret too, and any caret still gives the typed text', () => {
    const side = bound(docOf('abcc d', 'second'), 1);
    // Backspace after the second "c": the caret at 3 in the paragraph.
    typed(side, docOf('abc d', 'second'), 1 + 3);
    expect(firstText(side.ydoc)).toBe('abc d');
    // A selection replaced by typing, the caret in the other paragraph (stale), and no editor at all.
    typed(side, docOf('abXYZ d', 'second'), 1 + 'abXYZ d'.length + 2 + 3);
    expect(firstText(side.ydoc)).toBe('abXYZ d');
    typed(side, docOf('a d', 'second'), null);
    expect(firstText(side.ydoc)).toBe('a d');
  });

  it('gives the new text for every caret position, across surrogate pairs', () => {
    const texts = ['', 'a', 'aa', 'aaa', 'abab', '😀', 'a😀b', '😀😀', 'x😀😀y', 'ha ha', 'ha ha ha'];
    for (const before of texts) {
      for (const after of texts) {
        for (let caret = 0; caret <= after.length; caret++) {
          const side = bound(docOf(before), 1);
          typed(side, docOf(after), 1 + caret);
          const text = firstText(side.ydoc);
          expect(text).toBe(after);
          // No lone surrogate was written: the text round-trips through UTF-8 unchanged.
          expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(after);
        }
      }
    }
  });
});
