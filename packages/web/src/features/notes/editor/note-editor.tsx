import { DragHandle } from '@tiptap/extension-drag-handle-react';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { GripVertical } from 'lucide-react';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { BubbleToolbar } from './bubble-toolbar';
import { ImageUrlDialog } from './image-url-dialog';
import { noteEditorExtensions } from './note-editor-extensions';
import { createSlashMenuStore, SlashCommand } from './slash-command';
import { runSlashItem } from './slash-items';
import { SlashMenu } from './slash-menu';
import { TableControls } from './table-controls';
import './note-content.css';

/**
 * The note's body, edited through the shared Y.Doc: every keystroke lands in the document, which the collab
 * provider saves and merges with other editors. One editor per document (key the component by note id).
 */
export function NoteEditor({
  doc,
  editable = true,
  onEscapeToTitle,
  onLeave,
  editorRef,
  awareness,
  user,
  remote,
}: {
  doc: Y.Doc;
  /** Where changes from others come from: before each, what was typed is read into the editor first. */
  remote?: { onBeforeRemoteUpdate(listener: () => void): () => void };
  /** With both, people see each other's carets. */
  awareness?: Awareness;
  user?: { name: string; color: string };
  /** Receives the editor (and null when it goes), so the page can move the caret into the body. */
  editorRef?: MutableRefObject<Editor | null>;
  editable?: boolean;
  /** Arrow-up or Backspace at the very start of the body moves the caret to the title. */
  onEscapeToTitle?: () => void;
  /** Escape (with no menu open) leaves the editor, e.g. back to the note list. */
  onLeave?: () => void;
}) {
  const [slashStore] = useState(createSlashMenuStore);
  const [askingImage, setAskingImage] = useState(false);
  const imageResolver = useRef<((url: string | null) => void) | null>(null);
  const escapeRef = useRef(onEscapeToTitle);
  escapeRef.current = onEscapeToTitle;
  const leaveRef = useRef(onLeave);
  leaveRef.current = onLeave;

  const editor = useEditor(
    {
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      extensions: [
        ...noteEditorExtensions({ doc, caret: awareness && user ? { awareness, user } : null }),
        SlashCommand({
          store: slashStore,
          onPick: ({ editor, range, item }) => {
            void runSlashItem({
              editor,
              range,
              item,
              askImageUrl: () =>
                new Promise((resolve) => {
                  imageResolver.current = resolve;
                  setAskingImage(true);
                }),
            });
          },
        }),
      ],
      editorProps: {
        attributes: { class: 'note-content', 'aria-label': 'Note body', spellcheck: 'true' },
        handleKeyDown: (view, event) => {
          // Editor props run before plugins, so the slash menu's own Escape must win here.
          if (event.key === 'Escape' && !slashStore.get().open && leaveRef.current) {
            leaveRef.current();
            return true;
          }
          const { selection } = view.state;
          const atStart = selection.empty && selection.from <= 1;
          if (
            atStart &&
            (event.key === 'ArrowUp' || (event.key === 'Backspace' && view.state.doc.textContent === ''))
          ) {
            if (!escapeRef.current) return false;
            escapeRef.current();
            return true;
          }
          return false;
        },
      },
    },
    [doc, editable, awareness, user],
  );

  // Menus follow the text when the pane scrolls, so they listen to the pane rather than the window.
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [scrollTarget, setScrollTarget] = useState<HTMLElement | Window | null>(null);
  useEffect(() => {
    setScrollTarget(wrapperRef.current?.closest<HTMLElement>('[data-note-scroll]') ?? window);
  }, []);

  // The browser may have put typed text on screen that ProseMirror has not read yet (its DOM observer runs a
  // little later); read it before a remote change redraws the paragraph, or the redraw would drop it.
  useEffect(() => {
    if (!editor || !remote) return;
    return remote.onBeforeRemoteUpdate(() => {
      if (!editor.isDestroyed) (editor.view as unknown as { domObserver: { flush(): void } }).domObserver.flush();
    });
  }, [editor, remote]);

  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);

  return (
    <div className="relative" ref={wrapperRef}>
      {editor && editable && scrollTarget && (
        <>
          <TableControls editor={editor} scrollTarget={scrollTarget} />
          <DragHandle editor={editor} className="note-drag-handle">
            <span
              className="flex h-6 w-5 cursor-grab items-center justify-center rounded text-muted-foreground/70 hover:bg-accent hover:text-foreground"
              title="Drag to move"
            >
              <GripVertical className="size-4" aria-hidden="true" />
            </span>
          </DragHandle>
          <BubbleToolbar editor={editor} scrollTarget={scrollTarget} />
          <SlashMenu store={slashStore} />
        </>
      )}
      <EditorContent editor={editor} />
      <ImageUrlDialog
        open={askingImage}
        onDone={(url) => {
          setAskingImage(false);
          const resolve = imageResolver.current;
          imageResolver.current = null;
          // After the dialog has gone: while it is open its focus trap would pull the caret back into it.
          setTimeout(() => resolve?.(url), 0);
        }}
      />
    </div>
  );
}
