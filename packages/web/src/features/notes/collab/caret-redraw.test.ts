import { NOTE_FRAGMENT, noteSchema } from '@flowmind/shared/note-doc';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { yCursorPlugin, ySyncPlugin } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';

// y-tiptap's caret plugin redraws others' carets with an editor transaction after every awareness change. It is
// patched (patches/@tiptap+y-tiptap+3.0.9.patch) to skip that when only carets it does not draw changed: the own
// caret, which moves with every keystroke.

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('redrawing carets', () => {
  it('dispatches a redraw for another person’s caret, not for the own one', async () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    const carets = yCursorPlugin(awareness);
    let state = EditorState.create({
      schema: noteSchema,
      plugins: [ySyncPlugin(doc.getXmlFragment(NOTE_FRAGMENT)), carets],
    });
    const redraws: Transaction[] = [];
    const view = {
      get state() {
        return state;
      },
      docView: {},
      dom: { addEventListener() {}, removeEventListener() {} },
      hasFocus: () => false,
      dispatch(tr: Transaction) {
        redraws.push(tr);
        state = state.apply(tr);
      },
    } as unknown as EditorView;
    const caretsView = carets.spec.view?.(view);

    for (let key = 0; key < 5; key++) awareness.setLocalStateField('cursor', { anchor: key, head: key });
    await tick();
    expect(redraws).toHaveLength(0);

    const someoneElse = new Awareness(new Y.Doc());
    someoneElse.setLocalStateField('cursor', { anchor: 1, head: 1 });
    applyAwarenessUpdate(awareness, encodeAwarenessUpdate(someoneElse, [someoneElse.clientID]), 'server');
    await tick();
    expect(redraws).toHaveLength(1);
    caretsView?.destroy?.();
  });
});
