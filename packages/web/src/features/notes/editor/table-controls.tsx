import { CellSelection } from '@tiptap/pm/tables';
import type { Editor } from '@tiptap/react';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { Columns3, Rows3, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useMemo } from 'react';

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

/** The table the caret is in, so the controls sit above the table rather than above the caret. */
function tableElement(editor: Editor): HTMLElement | null {
  const { node } = editor.view.domAtPos(editor.state.selection.from);
  const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as HTMLElement);
  return element?.closest('table') ?? null;
}

/** Module-level so that its identity is stable: BubbleMenu re-configures its plugin when a prop changes. */
const showInTable: BubbleMenuProps['shouldShow'] = ({ editor: current, state }) =>
  current.isEditable &&
  current.isActive('table') &&
  (state.selection.empty || state.selection instanceof CellSelection);

/** Shown above a table while the caret is in it: add and remove rows and columns, or the whole table. */
export function TableControls({ editor, scrollTarget }: { editor: Editor; scrollTarget: HTMLElement | Window }) {
  const chain = () => editor.chain().focus();
  // Stable across renders: BubbleMenu dispatches a transaction whenever one of these changes.
  const options = useMemo(() => ({ placement: 'top-start' as const, offset: 6, scrollTarget }), [scrollTarget]);
  const tableRect = useCallback(() => {
    const table = tableElement(editor);
    return table ? { getBoundingClientRect: () => table.getBoundingClientRect() } : null;
  }, [editor]);
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="tableControls"
      shouldShow={showInTable}
      getReferencedVirtualElement={tableRect}
      options={options}
      role="toolbar"
      aria-label="Table"
      className="flex max-w-[calc(100vw-16px)] flex-wrap items-center gap-0.5 rounded-lg border bg-popover p-1 shadow-md"
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
    </BubbleMenu>
  );
}
