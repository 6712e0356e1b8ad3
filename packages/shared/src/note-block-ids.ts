import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';

/** Blocks that get an id: the ones Enter makes new, empty copies of. */
export const BLOCK_ID_TYPES = ['paragraph', 'heading'];

const randomId = () => Math.random().toString(36).slice(2, 10) + Math.random().toString(36).slice(2, 6);

/**
 * Gives each new empty paragraph or heading an id of its own (`blockId`, not kept on split).
 *
 * Why: y-prosemirror writes an editor change into Yjs by diffing the new document against the
 * shared one, and two empty paragraphs compare equal. When two people press Enter on the same line
 * at about the same time, the diff of the second one matched its new empty paragraph to the
 * first person's, and both then typed into one paragraph. With an id each, the new paragraphs
 * differ and each person keeps their own. Only local changes assign ids (a redraw from Yjs carries
 * the author's), and only in the ranges a transaction touched, so typing stays cheap in long notes.
 */
export const BlockIds = Extension.create({
  name: 'blockIds',
  addGlobalAttributes() {
    return [
      {
        types: BLOCK_ID_TYPES,
        attributes: {
          blockId: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute('data-block-id'),
            renderHTML: (attributes) => (attributes.blockId ? { 'data-block-id': attributes.blockId } : {}),
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('blockIds'),
        appendTransaction(transactions, _oldState, state) {
          const local = transactions.filter(
            (tr) => tr.docChanged && !tr.getMeta(ySyncPluginKey)?.isChangeOrigin && !tr.getMeta('blockIds'),
          );
          if (local.length === 0) return null;
          // The touched ranges, mapped to the final document.
          const ranges: [number, number][] = [];
          transactions.forEach((tr, index) => {
            if (!local.includes(tr)) return;
            tr.mapping.maps.forEach((map, stepIndex) => {
              map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
                let from = newStart;
                let to = newEnd;
                for (const later of tr.mapping.maps.slice(stepIndex + 1)) {
                  from = later.map(from, -1);
                  to = later.map(to, 1);
                }
                for (const next of transactions.slice(index + 1)) {
                  from = next.mapping.map(from, -1);
                  to = next.mapping.map(to, 1);
                }
                ranges.push([from, to]);
              });
            });
          });
          const tr = state.tr;
          const size = state.doc.content.size;
          for (const [from, to] of ranges) {
            state.doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
              if (BLOCK_ID_TYPES.includes(node.type.name) && node.attrs.blockId == null && node.content.size === 0) {
                tr.setNodeAttribute(pos, 'blockId', randomId());
              }
              return !node.isTextblock;
            });
          }
          if (!tr.docChanged) return null;
          return tr.setMeta('blockIds', true).setMeta('addToHistory', false);
        },
      }),
    ];
  },
});

type JsonNode = { attrs?: Record<string, unknown>; content?: JsonNode[] };

/** A document's JSON without `blockId: null` (blocks that never got an id), so JSON stays as before ids existed. */
export function withoutEmptyBlockIds<T extends JsonNode>(node: T): T {
  let attrs = node.attrs;
  if (attrs && 'blockId' in attrs && attrs.blockId == null) {
    const { blockId: _drop, ...rest } = attrs;
    attrs = Object.keys(rest).length > 0 ? rest : undefined;
  }
  const next: T = { ...node };
  if (attrs) next.attrs = attrs;
  else delete next.attrs;
  if (node.content) next.content = node.content.map(withoutEmptyBlockIds);
  return next;
}
