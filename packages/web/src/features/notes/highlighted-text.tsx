import type { TextSegment } from '@flowmind/shared/notes';

/** Search matches as <mark>: the server sends pieces of plain text, never HTML, so nothing is injected. */
export function HighlightedText({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <mark key={index} className="rounded-sm bg-yellow-200/80 px-0.5 text-inherit dark:bg-yellow-500/30">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
