import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { javascriptLanguage } from '@codemirror/lang-javascript';
import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, linter } from '@codemirror/lint';
import { EditorState, type Extension, type Range } from '@codemirror/state';
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { type CompletionSample, completions, parseTemplate } from '@flowmind/shared/flow-expressions';
import { templateProblems } from '@flowmind/shared/flow-syntax';
import { highlightTree } from '@lezer/highlight';
import { openExpression } from '../completions';
import { fieldHighlight } from './field-theme';

const MAX_SUGGESTIONS = 50;

/** The `{{ … }}` runs of a text, an unclosed one running to the end (it is being typed). */
function expressionRanges(text: string): { from: number; to: number; closed: boolean }[] {
  const ranges: { from: number; to: number; closed: boolean }[] = [];
  let offset = 0;
  for (const segment of parseTemplate(text)) {
    if (segment.kind === 'expr') {
      ranges.push({ from: segment.start, to: segment.end, closed: true });
      offset = segment.end;
      continue;
    }
    const open = segment.text.indexOf('{{');
    if (open >= 0) ranges.push({ from: offset + open, to: offset + segment.text.length, closed: false });
    offset += segment.text.length;
  }
  return ranges;
}

const braceMark = Decoration.mark({ class: 'cm-expression-brace' });
const expressionMark = Decoration.mark({ class: 'cm-expression' });

/** Tints each `{{ … }}` and colours the JavaScript inside it as the code step's editor does. */
function decorate(view: EditorView): DecorationSet {
  const text = view.state.doc.toString();
  const marks: Range<Decoration>[] = [];
  for (const range of expressionRanges(text)) {
    marks.push(expressionMark.range(range.from, range.to));
    marks.push(braceMark.range(range.from, range.from + 2));
    const codeEnd = range.closed ? range.to - 2 : range.to;
    if (range.closed) marks.push(braceMark.range(codeEnd, range.to));
    const code = text.slice(range.from + 2, codeEnd);
    const offset = range.from + 2;
    highlightTree(javascriptLanguage.parser.parse(code), fieldHighlight, (from, to, classes) => {
      if (to > from) marks.push(Decoration.mark({ class: classes }).range(offset + from, offset + to));
    });
  }
  return Decoration.set(marks, true);
}

const expressionHighlight = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorate(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = decorate(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Suggestions from the last run's data (the shared rules): `$json.` gives the fields the step got,
 * `$node["Fetch"].json.` those that step gave. Each says what it replaces before the cursor.
 */
export function scopeCompletions(
  sample: () => CompletionSample,
  { onlyAfterDollar = false }: { onlyAfterDollar?: boolean } = {},
) {
  return (context: CompletionContext): CompletionResult | null => {
    const before = context.state.sliceDoc(0, context.pos);
    // In code, only a path being typed asks for suggestions, not every space.
    if (onlyAfterDollar && !/\$[\w$]*(?:(?:\.|\[)[^\s;(){}]*)?$/.test(before)) return null;
    const found = completions(sample(), before).slice(0, MAX_SUGGESTIONS);
    if (found.length === 0) return null;
    const replace = Math.min(...found.map((completion) => completion.replace));
    const options: Completion[] = found.map((completion, index) => ({
      label: completion.label,
      detail: completion.detail,
      // The shared order (fields as the data has them) is the order shown.
      boost: -index,
      apply: (view, _completion, _from, to) => {
        const from = context.pos - completion.replace;
        view.dispatch({
          changes: { from, to, insert: completion.insert },
          selection: { anchor: from + completion.insert.length },
          userEvent: 'input.complete',
        });
      },
    }));
    return { from: context.pos - replace, options, filter: false };
  };
}

/** `{{` closes itself (and overtypes its own `}}`); inside an expression, brackets and quotes do too. */
const expressionBrackets = EditorState.languageData.of((state, pos) => [
  {
    closeBrackets: {
      brackets: openExpression(state.sliceDoc(0, pos)) === null ? ['{'] : ['(', '[', '{', "'", '"', '`'],
    },
  },
]);

/** Unclosed and unparsable expressions underlined; a stray `}}` is a warning where JSON is not expected. */
function expressionLint({ json }: { json: boolean }) {
  return linter(
    (view): Diagnostic[] =>
      templateProblems(view.state.doc.toString(), { strayClose: !json }).map((problem) => ({
        from: problem.from,
        to: problem.to,
        severity: problem.message.startsWith('}}') ? 'warning' : 'error',
        message: problem.message,
      })),
    { delay: 300 },
  );
}

/** Everything an expression field adds to the plain field. */
export function expressionExtensions({
  sample,
  json = false,
}: {
  sample: () => CompletionSample;
  json?: boolean;
}): Extension {
  return [
    expressionHighlight,
    syntaxHighlighting(fieldHighlight),
    expressionBrackets,
    autocompletion({ override: [scopeCompletions(sample)], icons: false, maxRenderedOptions: MAX_SUGGESTIONS }),
    expressionLint({ json }),
  ];
}
