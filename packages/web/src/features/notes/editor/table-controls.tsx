import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Columns3, Rows3, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children?: ReactNode }) {
  return (
    <button
      type="button"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex h-7 items-center gap-1 rounded px-2 text-muted-foreground text-xs hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
      {label}
    </button>
  );
}

/** Shown while the caret is in a table: add and remove rows and columns, or the whole table. */
export function TableControls({ editor }: { editor: Editor }) {
  const inTable = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('table') });
  if (!inTable || !editor.isEditable) return null;
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Table"
      className="sticky top-0 z-10 -mx-1 mb-2 flex flex-wrap items-center gap-0.5 rounded-lg border bg-popover/95 p-1 shadow-sm backdrop-blur"
    >
      <Rows3 className="mx-1 size-3.5 text-muted-foreground" aria-hidden="true" />
      <ControlButton label="Row above" onClick={() => chain().addRowBefore().run()} />
      <ControlButton label="Row below" onClick={() => chain().addRowAfter().run()} />
      <ControlButton label="Delete row" onClick={() => chain().deleteRow().run()} />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <Columns3 className="mx-1 size-3.5 text-muted-foreground" aria-hidden="true" />
      <ControlButton label="Column left" onClick={() => chain().addColumnBefore().run()} />
      <ControlButton label="Column right" onClick={() => chain().addColumnAfter().run()} />
      <ControlButton label="Delete column" onClick={() => chain().deleteColumn().run()} />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ControlButton label="Delete table" onClick={() => chain().deleteTable().run()}>
        <Trash2 className="size-3.5" aria-hidden="true" />
      </ControlButton>
    </div>
  );
}
