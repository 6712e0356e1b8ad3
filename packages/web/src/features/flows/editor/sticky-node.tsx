import { STICKY_COLORS, type StickyNote } from '@flowmind/shared/flows';
import { type Node, type NodeProps, NodeResizer, NodeToolbar, Position } from '@xyflow/react';
import { Trash2 } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { safeMarkdown } from '../../../lib/safe-markdown';
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

// A line break in a note is one on the canvas, as in the box it was typed in.
const noteMarkdown = safeMarkdown({ breaks: true });

const PROSE =
  'break-words [&>*+*]:mt-2 [&_a]:underline [&_a]:underline-offset-2 [&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] dark:[&_code]:bg-white/15 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li+li]:mt-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5';

/**
 * A note on the canvas: resizable, in one of five colours. Its Markdown is shown rendered; selected, the note
 * shows its text to edit in place.
 */
function StickyNodeView({ data, selected }: NodeProps<StickyFlowNode>) {
  const { sticky } = data;
  const actions = useCanvasActions();
  const editing = selected && !actions.readOnly;
  const html = useMemo(() => noteMarkdown.render(sticky.text), [sticky.text]);
  const textBox = useRef<HTMLTextAreaElement>(null);
  // A click on the note selects it, and the text box that takes its place should take the typing.
  const clickedToEdit = useRef(false);
  useEffect(() => {
    if (editing && clickedToEdit.current) textBox.current?.focus();
    clickedToEdit.current = false;
  }, [editing]);
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
      {editing ? (
        <textarea
          ref={textBox}
          aria-label="Note text"
          value={sticky.text}
          placeholder="Write a note… (Markdown: **bold**, *italic*, `code`, - lists, [links](https://…))"
          maxLength={5000}
          onChange={(event) => actions.updateSticky({ ...sticky, text: event.target.value })}
          onKeyDown={(event) => event.stopPropagation()}
          className="nodrag nowheel h-full w-full cursor-text resize-none bg-transparent p-3 text-sm leading-snug outline-none placeholder:text-current/50"
        />
      ) : (
        <div
          onPointerDown={() => {
            clickedToEdit.current = true;
          }}
          className={cn(
            'h-full w-full overflow-hidden p-3 text-sm leading-snug',
            PROSE,
            !sticky.text && 'text-current/50',
          )}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: safeMarkdown's output, with raw HTML escaped and script links refused (safe-markdown.test.ts)
          dangerouslySetInnerHTML={{ __html: sticky.text ? html : '<p>Empty note</p>' }}
        />
      )}
    </div>
  );
}

export const StickyNode = memo(StickyNodeView);
