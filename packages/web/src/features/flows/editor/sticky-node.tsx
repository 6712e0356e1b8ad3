import { STICKY_COLORS, type StickyNote } from '@flowmind/shared/flows';
import { type Node, type NodeProps, NodeResizer, NodeToolbar, Position } from '@xyflow/react';
import { Trash2 } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
import { useCanvasActions } from './editor-context';

export type StickyNodeData = { sticky: StickyNote };
export type StickyFlowNode = Node<StickyNodeData, 'sticky'>;

export const STICKY_TINT: Record<StickyNote['color'], string> = {
  yellow: 'bg-amber-100 border-amber-300 text-amber-950 dark:bg-amber-950/70 dark:border-amber-800 dark:text-amber-50',
  blue: 'bg-sky-100 border-sky-300 text-sky-950 dark:bg-sky-950/70 dark:border-sky-800 dark:text-sky-50',
  green:
    'bg-emerald-100 border-emerald-300 text-emerald-950 dark:bg-emerald-950/70 dark:border-emerald-800 dark:text-emerald-50',
  pink: 'bg-pink-100 border-pink-300 text-pink-950 dark:bg-pink-950/70 dark:border-pink-800 dark:text-pink-50',
  gray: 'bg-zinc-100 border-zinc-300 text-zinc-900 dark:bg-zinc-800 dark:border-zinc-700 dark:text-zinc-50',
};

const SWATCH: Record<StickyNote['color'], string> = {
  yellow: 'bg-amber-300',
  blue: 'bg-sky-300',
  green: 'bg-emerald-300',
  pink: 'bg-pink-300',
  gray: 'bg-zinc-300',
};

/** A note on the canvas: resizable, its text edited in place, in one of five colours. */
function StickyNodeView({ data, selected }: NodeProps<StickyFlowNode>) {
  const { sticky } = data;
  const actions = useCanvasActions();
  return (
    <div
      data-testid="sticky-note"
      className={cn('h-full w-full rounded-lg border shadow-sm', STICKY_TINT[sticky.color], selected && 'shadow-md')}
    >
      {!actions.readOnly && (
        <>
          <NodeResizer isVisible={selected} minWidth={80} minHeight={60} color="var(--primary)" />
          <NodeToolbar
            isVisible={selected}
            position={Position.Top}
            className="flex items-center gap-1 rounded-lg border bg-popover p-1 shadow-md"
          >
            {STICKY_COLORS.map((color) => (
              <button
                key={color}
                type="button"
                aria-label={`Colour ${color}`}
                aria-pressed={sticky.color === color}
                onClick={() => actions.updateSticky({ ...sticky, color })}
                className={cn(
                  'size-5 rounded-full border border-black/10',
                  SWATCH[color],
                  sticky.color === color && 'ring-2 ring-primary ring-offset-1',
                )}
              />
            ))}
            <span className="mx-0.5 h-4 w-px bg-border" aria-hidden="true" />
            <button
              type="button"
              aria-label="Delete note"
              onClick={() => actions.removeSticky(sticky.id)}
              className="flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-destructive"
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
            </button>
          </NodeToolbar>
        </>
      )}
      <textarea
        aria-label="Note text"
        value={sticky.text}
        readOnly={actions.readOnly}
        placeholder="Write a note…"
        maxLength={5000}
        onChange={(event) => actions.updateSticky({ ...sticky, text: event.target.value })}
        onKeyDown={(event) => event.stopPropagation()}
        className={cn(
          'h-full w-full resize-none bg-transparent p-3 text-sm leading-snug outline-none placeholder:text-current/50',
          selected && !actions.readOnly ? 'nodrag nowheel cursor-text' : 'pointer-events-none',
        )}
      />
    </div>
  );
}

export const StickyNode = memo(StickyNodeView);
