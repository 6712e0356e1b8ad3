import { type KeyboardEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';

const INDENT = '  ';
const layer = 'py-2 font-mono text-[13px] leading-5';

/**
 * A plain code box: line numbers, Tab and Shift+Tab indent (Escape then Tab leaves the box, as in
 * other code editors), Enter keeps the line's indentation.
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
  const gutter = useRef<HTMLDivElement>(null);
  const tabMovesFocus = useRef(false);
  const lineCount = Math.max(value.split('\n').length, minLines);

  function edit(element: HTMLTextAreaElement, next: string, start: number, end = start) {
    onChange(next);
    requestAnimationFrame(() => element.setSelectionRange(start, end));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const element = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = element;
    if (event.key === 'Escape') {
      // The first Escape lets Tab leave the box; only a second one reaches the panel (and closes it).
      if (!tabMovesFocus.current) event.stopPropagation();
      tabMovesFocus.current = true;
      return;
    }
    if (event.key === 'Tab' && !tabMovesFocus.current) {
      event.preventDefault();
      const lineStart = value.lastIndexOf('\n', start - 1) + 1;
      if (event.shiftKey || start !== end) {
        // Indent or outdent every selected line.
        const block = value.slice(lineStart, end);
        const lines = block.split('\n');
        const changed = event.shiftKey
          ? lines.map((line) => (line.startsWith(INDENT) ? line.slice(INDENT.length) : line.replace(/^ /, '')))
          : lines.map((line) => INDENT + line);
        const replaced = changed.join('\n');
        const firstShift = changed[0]!.length - lines[0]!.length;
        edit(
          element,
          value.slice(0, lineStart) + replaced + value.slice(end),
          Math.max(lineStart, start + firstShift),
          lineStart + replaced.length,
        );
      } else {
        edit(element, value.slice(0, start) + INDENT + value.slice(end), start + INDENT.length);
      }
      return;
    }
    tabMovesFocus.current = false;
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const lineStart = value.lastIndexOf('\n', start - 1) + 1;
      const indent = /^[ \t]*/.exec(value.slice(lineStart, start))?.[0] ?? '';
      const extra = /[{[(]\s*$/.test(value.slice(lineStart, start)) ? INDENT : '';
      const inserted = `\n${indent}${extra}`;
      edit(element, value.slice(0, start) + inserted + value.slice(end), start + inserted.length);
    }
  }

  return (
    <div className="flex overflow-hidden rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/20 has-[[aria-invalid=true]]:border-destructive">
      <div
        ref={gutter}
        aria-hidden="true"
        className={cn(
          layer,
          'shrink-0 select-none overflow-hidden border-r bg-muted px-2 text-right text-muted-foreground',
        )}
      >
        {Array.from({ length: lineCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line number is its place
          <div key={index}>{index + 1}</div>
        ))}
      </div>
      <textarea
        id={id}
        {...aria}
        value={value}
        disabled={disabled}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        rows={minLines}
        style={{ minHeight: minLines * 20 + 16 }}
        className={cn(
          layer,
          'field-sizing-content max-h-[28rem] min-w-0 flex-1 resize-none overflow-auto bg-transparent px-3 text-foreground outline-none [tab-size:2] disabled:cursor-not-allowed disabled:opacity-60',
        )}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          tabMovesFocus.current = false;
        }}
        onScroll={(event) => {
          if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
