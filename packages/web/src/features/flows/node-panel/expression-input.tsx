import type { EditorView } from '@codemirror/view';
import type { CompletionSample } from '@flowmind/shared/flow-expressions';
import { useMemo, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { CodeMirrorField } from './code-mirror/code-mirror-field';
import { expressionExtensions } from './code-mirror/expression-extensions';
import { useExpressionScope } from './expression-context';
import { insertPath } from './expression-edit';
import { ExpressionPreview } from './expression-preview';

type ExpressionInputProps = {
  value: string;
  onChange(value: string): void;
  /** Several lines, or one (Enter does not break the line). */
  multiline?: boolean;
  mono?: boolean;
  /** The text is JSON: a `}}` outside an expression is not a mistake there. */
  json?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Shows the value for the first item under the box when the text holds an expression. */
  preview?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A text field where `{{ … }}` parts are highlighted, suggested from the last run's data, closed
 * and overtyped as brackets are, and underlined when they cannot be evaluated.
 */
export function ExpressionInput({
  value,
  onChange,
  multiline = false,
  mono = false,
  json = false,
  placeholder,
  disabled,
  preview = true,
  id,
  className,
  ...aria
}: ExpressionInputProps) {
  const scope = useExpressionScope();
  const view = useRef<EditorView | null>(null);
  // Suggestions read the newest sample without remaking the editor when a run ends.
  const sample = useRef(scope.sample);
  sample.current = scope.sample;
  const extensions = useMemo(
    () => expressionExtensions({ sample: () => sample.current as CompletionSample, json }),
    [json],
  );

  function insertFromData(path: string) {
    const editor = view.current;
    if (!editor || disabled) return;
    const { from, to } = editor.state.selection.main;
    const edit = insertPath({ value: editor.state.doc.toString(), start: from, end: to, path });
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: edit.value },
      selection: { anchor: edit.cursor },
      userEvent: 'input',
    });
    editor.focus();
  }
  const insertRef = useRef(insertFromData);
  insertRef.current = insertFromData;

  return (
    <div className={cn('grid gap-1', className)}>
      <CodeMirrorField
        {...aria}
        id={id}
        value={value}
        onChange={onChange}
        extensions={extensions}
        multiline={multiline}
        mono={mono}
        placeholder={placeholder}
        disabled={disabled}
        viewRef={view}
        onFocus={() => scope.setInsertTarget({ insertPath: (path) => insertRef.current(path) })}
      />
      {preview && <ExpressionPreview template={value} />}
    </div>
  );
}
