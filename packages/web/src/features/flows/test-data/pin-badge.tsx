import { Pin } from 'lucide-react';
import { useCanvasActions } from '../editor/editor-context';
import { usePins } from './test-data-api';

/** On a step of the draft whose output is pinned: runs from the editor do not run it. */
export function PinBadge({ nodeId }: { nodeId: string }) {
  const { flow, readOnly } = useCanvasActions();
  const { pins } = usePins(flow?.id);
  if (readOnly || !pins.has(nodeId)) return null;
  return (
    <span
      data-testid="pin-badge"
      title="Pinned output: runs from the editor use it instead of running this step"
      className="absolute -top-2.5 -left-2.5 z-10 flex size-6 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow-sm"
    >
      <Pin className="size-3" aria-hidden="true" />
      <span className="sr-only">Pinned</span>
    </span>
  );
}
