import type { FlowGraph } from '@flowmind/shared/flows';
import { useReactFlow } from '@xyflow/react';
import { type RefObject, useCallback } from 'react';
import { NODE_WIDTH } from './auto-layout';
import { stepNodeHeight } from './step-node';

/** Pans a step into the canvas's view when any of it is outside (under the side panel, off the edge). */
export function useRevealNode(graphRef: RefObject<FlowGraph>, canvasBox: RefObject<HTMLDivElement | null>) {
  const reactFlow = useReactFlow();
  return useCallback(
    (nodeId: string) => {
      // Two frames: a panel that just opened is laid out and React Flow has taken the canvas's new width.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const node = graphRef.current.nodes.find((candidate) => candidate.id === nodeId);
          const box = canvasBox.current?.getBoundingClientRect();
          if (!node || !box) return;
          const measured = reactFlow.getInternalNode(nodeId)?.measured;
          const { x, y } = node.position;
          const width = measured?.width ?? NODE_WIDTH;
          const height = measured?.height ?? stepNodeHeight(node);
          const start = reactFlow.flowToScreenPosition({ x, y });
          const end = reactFlow.flowToScreenPosition({ x: x + width, y: y + height });
          if (start.x >= box.left && end.x <= box.right && start.y >= box.top && end.y <= box.bottom) return;
          void reactFlow.setCenter(x + width / 2, y + height / 2, { zoom: reactFlow.getZoom(), duration: 300 });
        }),
      );
    },
    [reactFlow, graphRef, canvasBox],
  );
}
