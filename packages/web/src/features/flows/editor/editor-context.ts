import type { Flow, StickyNote } from '@flowmind/shared/flows';
import { createContext, useContext } from 'react';

/** What the canvas's node and edge components can ask of the editor (stable callbacks, not node data). */
export type CanvasActions = {
  flow: Flow | null;
  readOnly: boolean;
  /** Ends renaming, or with a name it cannot take (empty, another step's) keeps it open and says why. */
  finishRename(nodeId: string, name: string | null): string | null;
  startRename(nodeId: string): void;
  openPaletteFrom(from: { nodeId: string; handle: string }): void;
  toggleDisabled(nodeId: string): void;
  duplicate(nodeIds: string[]): void;
  removeNodes(nodeIds: string[]): void;
  removeEdge(edgeId: string): void;
  testStep(nodeId: string): void;
  /** Typing in one note undoes as one step. */
  updateSticky(sticky: StickyNote): void;
  removeSticky(stickyId: string): void;
};

export const CanvasActionsContext = createContext<CanvasActions | null>(null);

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions) throw new Error('useCanvasActions outside the flow canvas');
  return actions;
}
