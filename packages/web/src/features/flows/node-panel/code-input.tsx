import type { CompletionSample } from '@flowmind/shared/flow-expressions';
import { useMemo, useRef } from 'react';
import { codeExtensions } from './code-mirror/code-extensions';
import { CodeMirrorField } from './code-mirror/code-mirror-field';
import { useExpressionScope } from './expression-context';

/**
 * A code step's JavaScript: highlighted, line numbers, Tab indents (Escape then Tab leaves the box,
 * as in other code editors), its syntax error underlined, paths of the last run suggested.
 */
export function CodeInput({
  value,
  onChange,
  disabled,
  id,
  minLines = 8,
  ...aria
}: {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  id?: string;
  minLines?: number;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const scope = useExpressionScope();
  const sample = useRef(scope.sample);
  sample.current = scope.sample;
  const extensions = useMemo(() => codeExtensions({ sample: () => sample.current as CompletionSample }), []);
  return (
    <CodeMirrorField
      {...aria}
      id={id}
      value={value}
      onChange={onChange}
      extensions={extensions}
      multiline
      wrap={false}
      mono
      minLines={minLines}
      disabled={disabled}
      className="overflow-hidden [&_.cm-editor]:max-h-[28rem]"
    />
  );
}
