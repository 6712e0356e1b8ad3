import { isTrigger, nodeOutputs, type StepTypeInfo } from '@flowmind/shared/flow-steps';
import type { FlowGraph, FlowNode } from '@flowmind/shared/flows';
import { useReactFlow } from '@xyflow/react';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { autoLayout, NODE_WIDTH } from './auto-layout';
import {
  addNode,
  copyFragment,
  createNode,
  type GraphFragment,
  pasteFragment,
  replaceTrigger,
  shortId,
} from './graph-ops';
import type { GraphHistory } from './use-graph-history';

type Spot = FlowNode['position'];
export type AddFrom = { nodeId: string; handle: string } | null;

/**
 * The editing actions that place things on the canvas: adding a step (after the selected one, at a drop point or in
 * the middle of the view), replacing the trigger, pasting, duplicating, notes and tidying up. Each is one undo step.
 */
export function useGraphActions({
  graphRef,
  commit,
  readOnly,
  selected,
  select,
  canvasBox,
  onAdded,
}: {
  /** The graph shown, current even inside callbacks made before the last render. */
  graphRef: RefObject<FlowGraph>;
  commit: GraphHistory['commit'];
  readOnly: boolean;
  selected: ReadonlySet<string>;
  select: (ids: string[]) => void;
  canvasBox: RefObject<HTMLDivElement | null>;
  /** A step was added (the palette closes, the step is brought into view). */
  onAdded: (nodeId: string) => void;
}) {
  const reactFlow = useReactFlow();
  const [pendingTrigger, setPendingTrigger] = useState<{ info: StepTypeInfo; position?: Spot } | null>(null);
  const pasteCount = useRef(0);

  const viewportCentre = useCallback(() => {
    const box = canvasBox.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    const point = reactFlow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    return { x: point.x - NODE_WIDTH / 2, y: point.y - 38 };
  }, [reactFlow, canvasBox]);

  /** Moves a spot down until no step sits there. */
  const freeSpot = useCallback(
    (position: Spot) => {
      const spot = { ...position };
      for (let i = 0; i < 20; i++) {
        const taken = graphRef.current.nodes.some(
          (node) => Math.abs(node.position.x - spot.x) < NODE_WIDTH - 20 && Math.abs(node.position.y - spot.y) < 90,
        );
        if (!taken) break;
        spot.y += 110;
      }
      return spot;
    },
    [graphRef],
  );

  const addStep = useCallback(
    (info: StepTypeInfo, where: { position?: Spot; from?: { nodeId: string; handle: string } | null }) => {
      if (readOnly) return;
      const current = graphRef.current;
      if (isTrigger(info.type) && current.nodes.some((node) => isTrigger(node.type))) {
        setPendingTrigger({ info, position: where.position });
        return;
      }
      let from = where.from ?? null;
      if (!from && !where.position && !isTrigger(info.type)) {
        const only = current.nodes.filter((node) => selected.has(node.id));
        const [sole] = only;
        if (sole && only.length === 1) from = { nodeId: sole.id, handle: nodeOutputs(sole)[0] ?? 'main' };
      }
      let position = where.position;
      const source = from ? current.nodes.find((node) => node.id === from.nodeId) : undefined;
      if (!position && source && from) {
        const outputs = nodeOutputs(source);
        const index = Math.max(outputs.indexOf(from.handle), 0);
        position = {
          x: source.position.x + NODE_WIDTH + 100,
          y: source.position.y + (index - (outputs.length - 1) / 2) * 110,
        };
      }
      const node = createNode(info, freeSpot(position ?? viewportCentre()), current);
      commit(addNode(current, node, from));
      select([node.id]);
      onAdded(node.id);
    },
    [graphRef, readOnly, selected, freeSpot, viewportCentre, commit, select, onAdded],
  );

  const confirmReplaceTrigger = () => {
    if (!pendingTrigger) return;
    const node = createNode(pendingTrigger.info, pendingTrigger.position ?? viewportCentre(), graphRef.current);
    commit(replaceTrigger(graphRef.current, node));
    select([node.id]);
    setPendingTrigger(null);
    onAdded(node.id);
  };

  const paste = useCallback(
    (fragment: GraphFragment) => {
      if (readOnly || (fragment.nodes.length === 0 && fragment.stickies.length === 0)) return;
      const items = [...fragment.nodes.map((n) => n.position), ...fragment.stickies.map((s) => s.position)];
      const minX = Math.min(...items.map((p) => p.x));
      const minY = Math.min(...items.map((p) => p.y));
      const centre = viewportCentre();
      pasteCount.current += 1;
      const shift = (pasteCount.current % 5) * 30;
      const result = pasteFragment(graphRef.current, fragment, {
        x: Math.round(centre.x - minX + shift),
        y: Math.round(centre.y - minY + shift),
      });
      commit(result.graph);
      select([...result.nodeIds, ...result.stickyIds]);
    },
    [graphRef, readOnly, viewportCentre, commit, select],
  );

  const currentFragment = useCallback(
    () =>
      copyFragment(graphRef.current, {
        nodeIds: graphRef.current.nodes.filter((n) => selected.has(n.id)).map((n) => n.id),
        stickyIds: graphRef.current.stickies.filter((s) => selected.has(s.id)).map((s) => s.id),
      }),
    [graphRef, selected],
  );

  const duplicate = useCallback(
    (nodeIds: string[]) => {
      if (readOnly) return;
      const fragment = copyFragment(graphRef.current, {
        nodeIds,
        stickyIds: graphRef.current.stickies.filter((s) => selected.has(s.id)).map((s) => s.id),
      });
      if (!fragment) return;
      const result = pasteFragment(graphRef.current, fragment, { x: 40, y: 120 });
      commit(result.graph);
      select([...result.nodeIds, ...result.stickyIds]);
    },
    [graphRef, readOnly, selected, commit, select],
  );

  const toggleDisabled = useCallback(
    (nodeId: string) => {
      if (readOnly) return;
      commit((current) => ({
        ...current,
        nodes: current.nodes.map((node) => (node.id === nodeId ? { ...node, disabled: !node.disabled } : node)),
      }));
    },
    [readOnly, commit],
  );

  const layout = useCallback(() => {
    if (readOnly) return;
    commit((current) => autoLayout(current));
    setTimeout(() => void reactFlow.fitView({ duration: 300, padding: 0.25, maxZoom: 1 }), 50);
  }, [readOnly, commit, reactFlow]);

  const addSticky = () => {
    if (readOnly) return;
    const centre = viewportCentre();
    const id = shortId();
    commit((current) => ({
      ...current,
      stickies: [
        ...current.stickies,
        { id, position: freeSpot(centre), width: 240, height: 160, text: '', color: 'yellow' },
      ],
    }));
    select([id]);
  };

  return {
    addStep,
    pendingTrigger,
    confirmReplaceTrigger,
    cancelReplaceTrigger: () => setPendingTrigger(null),
    paste,
    currentFragment,
    duplicate,
    toggleDisabled,
    layout,
    addSticky,
  };
}
