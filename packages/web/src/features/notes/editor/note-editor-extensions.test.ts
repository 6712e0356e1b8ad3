import { noteSchema } from '@flowmind/shared/note-doc';
import { getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { noteEditorExtensions } from './note-editor-extensions';

/** Names and attributes (with defaults) of every node and mark: what the server needs to read a document. */
function shape(schema: Schema) {
  const attrs = (spec: Record<string, { default?: unknown }> | undefined) =>
    Object.fromEntries(Object.entries(spec ?? {}).map(([name, attr]) => [name, attr.default ?? null]));
  return {
    nodes: Object.fromEntries(Object.entries(schema.nodes).map(([name, type]) => [name, attrs(type.spec.attrs)])),
    marks: Object.fromEntries(Object.entries(schema.marks).map(([name, type]) => [name, attrs(type.spec.attrs)])),
  };
}

describe('the editor schema', () => {
  it('equals the shared note schema in node and mark names and attributes (collaborating)', () => {
    const schema = getSchema(noteEditorExtensions({ doc: new Y.Doc() }));
    expect(shape(schema)).toEqual(shape(noteSchema));
  });

  it('equals it with the carets of collaborators on', () => {
    const doc = new Y.Doc();
    const caret = { awareness: new Awareness(doc), user: { name: 'Ana', color: '#7c3aed' } };
    expect(shape(getSchema(noteEditorExtensions({ doc, caret })))).toEqual(shape(noteSchema));
  });

  it('equals it in a read-only editor too', () => {
    expect(shape(getSchema(noteEditorExtensions()))).toEqual(shape(noteSchema));
  });

  it('keeps the code block named codeBlock with a language attribute', () => {
    const schema = getSchema(noteEditorExtensions());
    expect(Object.keys(schema.nodes.codeBlock?.spec.attrs ?? {})).toContain('language');
  });
});
