import {
  CheckSquare,
  Code2,
  Heading1,
  Heading2,
  Heading3,
  ImageIcon,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Pilcrow,
  Quote,
  Table,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../../lib/cn';
import { type Store, useStore } from '../../../lib/create-store';
import type { SlashMenuState } from './slash-command';
import type { SlashItemId } from './slash-items';

export const BLOCK_ICONS: Record<SlashItemId, LucideIcon> = {
  text: Pilcrow,
  h1: Heading1,
  h2: Heading2,
  h3: Heading3,
  bullet: List,
  numbered: ListOrdered,
  task: CheckSquare,
  quote: Quote,
  code: Code2,
  table: Table,
  divider: Minus,
  image: ImageIcon,
};

const MENU_HEIGHT = 320;

/** The list the "/" command shows under the caret. Mouse works too; the keyboard is handled by the plugin. */
export function SlashMenu({ store }: { store: Store<SlashMenuState> }) {
  const state = useStore(store);
  const listRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the highlighted item changes
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [state.index]);

  if (!state.open || !state.rect) return null;
  const below = state.rect.bottom + MENU_HEIGHT + 8 < window.innerHeight;
  const left = Math.max(8, Math.min(state.rect.left, window.innerWidth - 272));
  const style = below
    ? { top: state.rect.bottom + 6, left }
    : { bottom: window.innerHeight - state.rect.top + 6, left };

  return createPortal(
    <div
      ref={listRef}
      role="listbox"
      aria-label="Insert a block"
      style={style}
      className="fixed z-50 max-h-80 w-64 animate-fade-in overflow-y-auto rounded-lg border bg-popover p-1 shadow-lg"
      onMouseDown={(event) => event.preventDefault()}
    >
      {state.items.length === 0 ? (
        <p className="px-2 py-1.5 text-muted-foreground text-sm">No blocks match</p>
      ) : (
        state.items.map((item, index) => {
          const Icon = BLOCK_ICONS[item.id];
          return (
            <div
              key={item.id}
              role="option"
              tabIndex={-1}
              aria-selected={index === state.index}
              onMouseEnter={() => store.set((previous) => ({ ...previous, index }))}
              onClick={() => state.select?.(item)}
              onKeyDown={() => undefined}
              className={cn(
                'flex cursor-default items-center gap-2.5 rounded-md px-2 py-1.5 text-sm',
                index === state.index && 'bg-accent',
              )}
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background">
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{item.title}</span>
                <span className="truncate text-muted-foreground text-xs">{item.hint}</span>
              </span>
              {item.shortcut && <kbd className="font-mono text-muted-foreground text-xs">{item.shortcut}</kbd>}
            </div>
          );
        })
      )}
    </div>,
    document.body,
  );
}
