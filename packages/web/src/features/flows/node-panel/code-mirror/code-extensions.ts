import { autocompletion } from '@codemirror/autocomplete';
import { indentWithTab } from '@codemirror/commands';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, linter, lintGutter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { EditorView, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import type { CompletionSample } from '@flowmind/shared/flow-expressions';
import { codeSyntaxProblem } from '@flowmind/shared/flow-syntax';
import { scopeCompletions } from './expression-extensions';
import { fieldHighlight } from './field-theme';

/** The first syntax error of the code, where the sandbox would stop on it (the shared check). */
const codeLint = linter(
  (view): Diagnostic[] => {
    const problem = codeSyntaxProblem(view.state.doc.toString());
    return problem ? [{ from: problem.from, to: problem.to, severity: 'error', message: problem.message }] : [];
  },
  { delay: 300 },
);

/**
 * A code step's JavaScript: highlighting, line numbers, indentation, its syntax error underlined,
 * and `$json.`, `$node["Step"].json.` suggestions from the last run beside the language's own.
 */
export function codeExtensions({ sample }: { sample: () => CompletionSample }): Extension {
  let escaped = false;
  return [
    // The first Escape only lets Tab leave the box; a second one reaches the panel (and closes it).
    EditorView.domEventHandlers({
      keydown: (event) => {
        if (event.key !== 'Escape') escaped = false;
        else if (!escaped && !event.defaultPrevented) {
          escaped = true;
          event.stopPropagation();
        }
        return false;
      },
      focus: () => {
        escaped = false;
      },
    }),
    lineNumbers(),
    highlightActiveLineGutter(),
    lintGutter(),
    javascript(),
    javascriptLanguage.data.of({ autocomplete: scopeCompletions(sample, { onlyAfterDollar: true }) }),
    syntaxHighlighting(fieldHighlight),
    indentUnit.of('  '),
    indentOnInput(),
    bracketMatching(),
    // Tab indents; Escape then Tab leaves the box, as in other code editors.
    keymap.of([indentWithTab]),
    autocompletion({ icons: false }),
    codeLint,
  ];
}
