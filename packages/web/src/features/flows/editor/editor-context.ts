import type { Flow, FlowGraph, StickyNote } from '@flowmind/shared/flows';
import { createContext, type RefObject, useContext, useMemo } from 'react';
import { nameProblem } from '../node-panel/param-form-logic';
import { removeItems, renameNode, updateSticky } from './graph-ops';
import type { PaletteState } from './step-palette-overlay';
import type { GraphHistory } from './use-graph-history';

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
  /** Saves the draft's pending edits now: what the server reads next (a test listen) is what the user sees. */
  saveDraft(): Promise<void>;
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

/**
 * The editor's canvas actions over its draft: each edit is one commit (typing in a note
 * coalesces), and renaming checks the name first. Stable while its inputs are.
 */
export function useEditorCanvasActions({
  flow,
  readOnly,
  graphRef,
  commit,
  setRenamingId,
  setPalette,
  toggleDisabled,
  duplicate,
  startRun,
  saveDraft,
}: {
  flow: Flow;
  readOnly: boolean;
  graphRef: RefObject<FlowGraph>;
  commit: GraphHistory['commit'];
  setRenamingId: (nodeId: string | null) => void;
  setPalette: (palette: PaletteState) => void;
  toggleDisabled: CanvasActions['toggleDisabled'];
  duplicate: CanvasActions['duplicate'];
  startRun: (nodeId?: string) => Promise<unknown>;
  saveDraft: () => Promise<void>;
}): CanvasActions {
  return useMemo<CanvasActions>(
    () => ({
      flow,
      readOnly,
      startRename: (nodeId) => !readOnly && setRenamingId(nodeId),
      finishRename: (nodeId, name) => {
        const node = graphRef.current.nodes.find((candidate) => candidate.id === nodeId);
        const problem = name !== null && node ? nameProblem(name, node, graphRef.current) : null;
        if (problem) return problem;
        setRenamingId(null);
        if (name !== null) commit((current) => renameNode(current, nodeId, name));
        return null;
      },
      openPaletteFrom: (from) => setPalette({ from }),
      toggleDisabled,
      duplicate,
      removeNodes: (nodeIds) => commit((current) => removeItems(current, { nodeIds })),
      removeEdge: (edgeId) => commit((current) => removeItems(current, { edgeIds: [edgeId] })),
      testStep: (nodeId) => void startRun(nodeId),
      saveDraft,
      updateSticky: (sticky) =>
        commit((current) => updateSticky(current, sticky), { coalesceKey: `sticky:${sticky.id}` }),
      removeSticky: (stickyId) => commit((current) => removeItems(current, { stickyIds: [stickyId] })),
    }),
    [flow, readOnly, graphRef, commit, setRenamingId, setPalette, toggleDisabled, duplicate, startRun, saveDraft],
  );
}
