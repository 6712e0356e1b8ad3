import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/*
 * Colours come from the app's CSS variables (swapped by the system's dark mode), and syntax colours
 * from light-dark() pairs, so one theme serves both without listening for the change.
 */

const syntax = {
  keyword: 'light-dark(#7c3aed, #c4b5fd)',
  string: 'light-dark(#047857, #6ee7b7)',
  number: 'light-dark(#b45309, #fcd34d)',
  variable: 'light-dark(#1d4ed8, #93c5fd)',
  property: 'light-dark(#0f766e, #5eead4)',
  comment: 'light-dark(#71717a, #9b9ba6)',
  fn: 'light-dark(#be185d, #f9a8d4)',
};

export const fieldHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: syntax.keyword },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: syntax.string },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: syntax.number },
  { tag: [tags.variableName, tags.special(tags.variableName)], color: syntax.variable },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: syntax.property },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: syntax.fn },
  { tag: [tags.lineComment, tags.blockComment], color: syntax.comment, fontStyle: 'italic' },
  { tag: tags.invalid, color: 'var(--destructive)' },
]);

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const fieldTheme = EditorView.theme({
  '&': { color: 'var(--foreground)', backgroundColor: 'transparent', fontSize: '14px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '20px' },
  '.cm-content': { padding: '7px 0', caretColor: 'var(--foreground)' },
  '.cm-line': { padding: '0 12px' },
  // The field's height in lines (set by the field), on the content and the gutter so line numbers
  // run the whole height; here rather than in a class, as CodeMirror's own styles come later.
  '.cm-content, .cm-gutter': { minHeight: 'var(--field-min-height, auto)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'color-mix(in oklab, var(--primary) 28%, transparent)' },
  // Full strength: lighter, the placeholder fell under 4.5:1 on the field in one of the themes.
  '.cm-placeholder': { color: 'var(--muted-foreground)' },
  '.cm-gutters': {
    backgroundColor: 'var(--muted)',
    color: 'var(--muted-foreground)',
    borderRight: '1px solid var(--border)',
    fontFamily: mono,
    fontSize: '13px',
  },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--foreground)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--primary-soft)',
    color: 'inherit',
    outline: '1px solid color-mix(in oklab, var(--primary) 45%, transparent)',
  },
  '.cm-nonmatchingBracket': { color: 'var(--destructive)' },
  // `{{ … }}` in text: a tinted run with stronger braces, as the Data tab shows paths.
  '.cm-expression': { backgroundColor: 'var(--primary-soft)', borderRadius: '3px' },
  '.cm-expression-brace': { color: 'var(--primary-soft-foreground)', fontWeight: '600' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--destructive)',
    textDecorationSkipInk: 'none',
    textUnderlineOffset: '3px',
  },
  '.cm-lintRange-warning': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--warning)',
    textUnderlineOffset: '3px',
  },
  '.cm-lint-marker': { width: '0.9em', height: '0.9em' },
  '.cm-tooltip': {
    backgroundColor: 'var(--popover)',
    color: 'var(--foreground)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
    overflow: 'hidden',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': {
    fontFamily: mono,
    fontSize: '13px',
    maxHeight: '15rem',
    padding: '4px',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': { padding: '3px 8px', borderRadius: '4px', lineHeight: '18px' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--primary-soft)',
    color: 'var(--primary-soft-foreground)',
  },
  '.cm-completionLabel': { fontWeight: '500' },
  '.cm-completionMatchedText': { textDecoration: 'none', color: 'var(--primary-soft-foreground)' },
  '.cm-completionDetail': {
    color: 'var(--muted-foreground)',
    fontStyle: 'normal',
    fontFamily: 'system-ui, sans-serif',
    fontSize: '12px',
    marginLeft: '12px',
  },
  '.cm-diagnostic': { padding: '4px 8px', fontSize: '13px' },
  '.cm-diagnostic-error': { borderLeft: '3px solid var(--destructive)' },
  '.cm-diagnostic-warning': { borderLeft: '3px solid var(--warning)' },
  '.cm-panels': { backgroundColor: 'var(--popover)', color: 'var(--foreground)' },
});

/** Code boxes and JSON bodies: monospace text. */
export const monoTheme = EditorView.theme({
  '.cm-scroller': { fontFamily: mono, fontSize: '13px' },
});
