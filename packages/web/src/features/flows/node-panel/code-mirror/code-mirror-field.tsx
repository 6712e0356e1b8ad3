import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { lintKeymap } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Extension, Prec, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { type RefObject, useEffect, useRef } from 'react';
import { cn } from '../../../../lib/cn';
import { fieldTheme, monoTheme } from './field-theme';

export type CodeMirrorFieldProps = {
  value: string;
  onChange(value: string): void;
  /** What the field edits (expressions, JavaScript): made once per field, so keep it stable. */
  extensions: Extension;
  /** One line (Enter adds nothing, pasted line breaks become spaces) or several. */
  multiline?: boolean;
  /** Whether long lines wrap (multi-line boxes only); code keeps its lines and scrolls. */
  wrap?: boolean;
  mono?: boolean;
  /** The smallest height of a multi-line box, in lines. */
  minLines?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Given the view once it exists, for callers that insert text at the selection. */
  viewRef?: RefObject<EditorView | null>;
  onFocus?(): void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** Marks changes that came from the `value` prop, which are not reported back through onChange. */
const fromProps = Annotation.define<boolean>();

const LINE_HEIGHT = 20;
const PADDING = 14;

/** A one-line field: Enter does nothing (an open suggestion list still takes it) and line breaks become spaces. */
const singleLine: Extension = [
  EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
    const text = tr.newDoc.toString();
    const changes = [];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
      changes.push({ from: i, to: i + 1, insert: ' ' });
    return [tr, { changes, sequential: true }];
  }),
  // Above the default keymap's Enter; the suggestion list's own keys sit higher still.
  Prec.high(keymap.of([{ key: 'Enter', run: () => true }])),
];

/**
 * Our CodeMirror 6 field for React: a controlled value (the form keeps the text), labelled for screen
 * readers on its editable element, themed from the app's colours, one line or several.
 */
export function CodeMirrorField({
  value,
  onChange,
  extensions,
  multiline = false,
  wrap = true,
  mono = false,
  minLines = 3,
  placeholder,
  disabled = false,
  id,
  className,
  viewRef,
  onFocus,
  ...aria
}: CodeMirrorFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onFocus });
  latest.current = { onChange, onFocus };
  const parts = useRef({
    attributes: new Compartment(),
    editable: new Compartment(),
    placeholder: new Compartment(),
  }).current;
  const attributes = {
    ...(id ? { id } : {}),
    ...(aria['aria-label'] ? { 'aria-label': aria['aria-label'] } : {}),
    ...(aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
    ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
    'aria-multiline': multiline ? 'true' : 'false',
    // Editable elements take the focus anyway; saying so lets audits see the scrolling box is reachable.
    tabindex: disabled ? '-1' : '0',
    spellcheck: 'false',
    autocapitalize: 'off',
    autocorrect: 'off',
  };
  const attributeKey = JSON.stringify(attributes);

  // The view is made once; later props reach it through compartments and the value effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          closeBrackets(),
          keymap.of([...closeBracketsKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
          multiline ? (wrap ? EditorView.lineWrapping : []) : singleLine,
          fieldTheme,
          mono ? monoTheme : [],
          EditorState.phrases.of({ Completions: 'Suggestions', Diagnostics: 'Problems' }),
          parts.attributes.of(EditorView.contentAttributes.of(attributes)),
          parts.editable.of(editability(disabled)),
          parts.placeholder.of(placeholder ? placeholderText(placeholder) : []),
          extensions,
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromProps)))
              latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            focus: () => {
              latest.current.onFocus?.();
            },
          }),
        ],
      }),
    });
    view.current = created;
    if (viewRef) viewRef.current = created;
    return () => {
      created.destroy();
      view.current = null;
      if (viewRef) viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const spec = replaceWith(current.state.doc.toString(), value);
    if (spec) current.dispatch({ ...spec, annotations: fromProps.of(true) });
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attributeKey stands for attributes
  useEffect(() => {
    view.current?.dispatch({ effects: parts.attributes.reconfigure(EditorView.contentAttributes.of(attributes)) });
  }, [attributeKey, parts]);
  useEffect(() => {
    view.current?.dispatch({ effects: parts.editable.reconfigure(editability(disabled)) });
  }, [disabled, parts]);
  useEffect(() => {
    view.current?.dispatch({
      effects: parts.placeholder.reconfigure(placeholder ? placeholderText(placeholder) : []),
    });
  }, [placeholder, parts]);

  return (
    <div
      ref={host}
      data-field-editor={multiline ? 'multi-line' : 'one-line'}
      style={
        {
          '--field-min-height': `${(multiline ? minLines : 1) * LINE_HEIGHT + PADDING}px`,
        } as React.CSSProperties
      }
      className={cn(
        'min-w-0 rounded-md border border-input bg-background shadow-xs transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/20 has-[[aria-invalid=true]]:border-destructive',
        multiline
          ? '[&_.cm-editor]:max-h-80'
          : '[&_.cm-scroller]:overflow-x-auto [&_.cm-scroller]:overflow-y-hidden [&_.cm-scroller]:[scrollbar-width:none]',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    />
  );
}

function editability(disabled: boolean): Extension {
  return [EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)];
}

/** The smallest change from `current` to `next` (so the cursor stays put), or null when they are equal. */
function replaceWith(current: string, next: string): TransactionSpec | null {
  if (current === next) return null;
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let end = 0;
  while (
    end < current.length - start &&
    end < next.length - start &&
    current[current.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  return { changes: { from: start, to: current.length - end, insert: next.slice(start, next.length - end) } };
}
