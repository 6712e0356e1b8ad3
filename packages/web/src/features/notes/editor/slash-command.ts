import { type Editor, Extension, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { createStore, type Store } from '../../../lib/create-store';
import { filterSlashItems, type SlashItem } from './slash-items';

export type SlashMenuState = {
  open: boolean;
  items: SlashItem[];
  index: number;
  /** Where the "/" is on screen, for placing the menu. */
  rect: DOMRect | null;
  select: ((item: SlashItem) => void) | null;
};

const closed: SlashMenuState = { open: false, items: [], index: 0, rect: null, select: null };

export const createSlashMenuStore = (): Store<SlashMenuState> => createStore(closed);

const slashPluginKey = new PluginKey('slashMenu');

/**
 * "/" opens the block menu (TipTap's suggestion plugin finds the "/query"; the menu itself is React, fed by
 * `store`). Arrow keys move, Enter or Tab picks, Escape closes.
 */
export function SlashCommand(options: {
  store: Store<SlashMenuState>;
  onPick: (args: { editor: Editor; range: Range; item: SlashItem }) => void;
}) {
  const { store, onPick } = options;
  return Extension.create({
    name: 'slashCommand',
    addProseMirrorPlugins() {
      return [
        Suggestion<SlashItem, SlashItem>({
          editor: this.editor,
          pluginKey: slashPluginKey,
          char: '/',
          items: ({ query }) => filterSlashItems(query),
          command: ({ editor, range, props }) => onPick({ editor, range, item: props }),
          render: () => {
            const show = (props: {
              items: SlashItem[];
              clientRect?: (() => DOMRect | null) | null;
              command: (item: SlashItem) => void;
            }) =>
              store.set((previous) => ({
                open: true,
                items: props.items,
                index: previous.open ? Math.min(previous.index, Math.max(props.items.length - 1, 0)) : 0,
                rect: props.clientRect?.() ?? null,
                select: props.command,
              }));
            return {
              onStart: (props) => show(props),
              onUpdate: (props) => show(props),
              onExit: () => store.set(closed),
              onKeyDown: ({ event }) => {
                const state = store.get();
                if (!state.open) return false;
                if (event.key === 'Escape') {
                  store.set(closed);
                  return true;
                }
                if (state.items.length === 0) return false;
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  const step = event.key === 'ArrowDown' ? 1 : -1;
                  store.set({ ...state, index: (state.index + step + state.items.length) % state.items.length });
                  return true;
                }
                if (event.key === 'Enter' || event.key === 'Tab') {
                  const item = state.items[state.index];
                  if (item) state.select?.(item);
                  return true;
                }
                return false;
              },
            };
          },
        }),
      ];
    },
  });
}
