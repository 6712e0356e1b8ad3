import { isTrigger, type StepTypeInfo } from '@flowmind/shared/flow-steps';
import type { FlowGraph } from '@flowmind/shared/flows';
import { cn } from '../../../lib/cn';
import { StepPalette } from './step-palette';

export type PaletteState = { from: { nodeId: string; handle: string } | null; triggersOnly?: boolean } | null;

/** The step palette over the canvas: beside it on a wide screen, a sheet from the bottom on a phone. */
export function StepPaletteOverlay({
  palette,
  phone,
  draft,
  onPick,
  onClose,
}: {
  palette: NonNullable<PaletteState>;
  phone: boolean;
  draft: FlowGraph;
  onPick: (info: StepTypeInfo) => void;
  onClose: () => void;
}) {
  return (
    <>
      {phone && (
        <button
          type="button"
          aria-label="Close steps"
          className="fixed inset-0 z-40 animate-fade-in bg-overlay"
          onClick={onClose}
        />
      )}
      <div
        className={cn(
          'flex flex-col overflow-hidden border bg-popover shadow-xl',
          phone
            ? 'fixed inset-x-0 bottom-0 z-50 h-[75dvh] rounded-t-2xl'
            : 'absolute top-3 bottom-3 left-3 z-40 w-80 rounded-xl',
        )}
      >
        <StepPalette
          title={
            palette.from
              ? `Add a step after ${draft.nodes.find((n) => n.id === palette.from?.nodeId)?.name ?? ''}`
              : palette.triggersOnly
                ? 'Choose a trigger'
                : 'Add a step'
          }
          kinds={palette.from ? 'steps' : palette.triggersOnly ? 'triggers' : 'all'}
          triggersLast={draft.nodes.some((node) => isTrigger(node.type))}
          onPick={onPick}
          onClose={onClose}
        />
      </div>
    </>
  );
}
