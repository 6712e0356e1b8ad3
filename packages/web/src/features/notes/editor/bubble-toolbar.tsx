import { CellSelection } from '@tiptap/pm/tables';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import {
  Bold,
  Check,
  CheckSquare,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Quote,
  Strikethrough,
  Underline,
  Unlink,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { safeHref } from './safe-href';

function ToolButton({
  icon: Icon,
  label,
  active = false,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        active && 'bg-primary-soft text-primary-soft-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

const Divider = () => <span className="mx-0.5 h-5 w-px bg-border" aria-hidden="true" />;

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [value, setValue] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    const href = safeHref(value);
    if (!href) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onDone();
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1">
      <input
        // biome-ignore lint/a11y/noAutofocus: the form opens on purpose to type a link
        autoFocus
        aria-label="Link address"
        aria-invalid={invalid}
        placeholder="Paste or type a link"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            editor.commands.focus();
            onDone();
          }
        }}
        className="h-7 w-56 rounded border border-input bg-background px-2 text-sm outline-none focus:border-ring aria-invalid:border-destructive"
      />
      <button
        type="submit"
        aria-label="Apply link"
        title="Apply link"
        className="inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <Check className="size-4" aria-hidden="true" />
      </button>
      {editor.isActive('link') && (
        <ToolButton
          icon={Unlink}
          label="Remove link"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        />
      )}
    </form>
  );
}

/** Module-level so that its identity is stable: BubbleMenu re-configures its plugin when a prop changes. */
const showOverSelection: BubbleMenuProps['shouldShow'] = ({ editor: current, state: editorState }) =>
  current.isEditable &&
  !editorState.selection.empty &&
  !current.isActive('codeBlock') &&
  !current.isActive('image') &&
  !(editorState.selection instanceof CellSelection);

/** The floating toolbar over a text selection: marks, a link, and "turn into" another block. */
export function BubbleToolbar({ editor, scrollTarget }: { editor: Editor; scrollTarget: HTMLElement | Window }) {
  const [linking, setLinking] = useState(false);
  // Stable across renders: a new options object would make BubbleMenu dispatch a transaction per render.
  const options = useMemo(
    () => ({ placement: 'top' as const, offset: 8, scrollTarget, onHide: () => setLinking(false) }),
    [scrollTarget],
  );
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      paragraph: current.isActive('paragraph') && !current.isActive('listItem') && !current.isActive('taskItem'),
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      numbered: current.isActive('orderedList'),
      task: current.isActive('taskList'),
      quote: current.isActive('blockquote'),
    }),
  });
  const chain = () => editor.chain().focus();
  let content: ReactNode;
  if (linking) {
    content = <LinkForm editor={editor} onDone={() => setLinking(false)} />;
  } else {
    content = (
      <>
        <ToolButton icon={Bold} label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton icon={Italic} label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton
          icon={Underline}
          label="Underline"
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          icon={Strikethrough}
          label="Strikethrough"
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <ToolButton icon={Code} label="Inline code" active={state.code} onClick={() => chain().toggleCode().run()} />
        <ToolButton icon={Link2} label="Link" active={state.link} onClick={() => setLinking(true)} />
        <Divider />
        <ToolButton
          icon={Pilcrow}
          label="Turn into text"
          active={state.paragraph}
          onClick={() => chain().clearNodes().run()}
        />
        <ToolButton
          icon={Heading1}
          label="Turn into heading 1"
          active={state.h1}
          onClick={() => chain().toggleHeading({ level: 1 }).run()}
        />
        <ToolButton
          icon={Heading2}
          label="Turn into heading 2"
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          icon={Heading3}
          label="Turn into heading 3"
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          icon={List}
          label="Turn into bulleted list"
          active={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          icon={ListOrdered}
          label="Turn into numbered list"
          active={state.numbered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          icon={CheckSquare}
          label="Turn into task list"
          active={state.task}
          onClick={() => chain().toggleTaskList().run()}
        />
        <ToolButton
          icon={Quote}
          label="Turn into quote"
          active={state.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
      </>
    );
  }
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="noteBubble"
      options={options}
      shouldShow={showOverSelection}
      className="flex max-w-[calc(100vw-16px)] flex-wrap items-center gap-0.5 rounded-lg border bg-popover p-1 shadow-lg"
      role="toolbar"
      aria-label="Format text"
    >
      {content}
    </BubbleMenu>
  );
}
