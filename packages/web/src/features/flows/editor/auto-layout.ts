import { Graph, layout } from '@dagrejs/dagre';
import type { FlowGraph } from '@flowmind/shared/flows';

/** The size a step's card takes on the canvas; the layout spaces cards by it. */
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 76;

/**
 * Lays the steps out left to right in ranks (dagre), keeping the whole drawing where the old one started so the
 * view does not jump. Sticky notes stay where they are.
 */
export function autoLayout(graph: FlowGraph): FlowGraph {
  if (graph.nodes.length === 0) return graph;
  const g = new Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 80, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of graph.edges) g.setEdge(edge.source, edge.target, {}, edge.id);
  layout(g);
  const minX = Math.min(...graph.nodes.map((node) => node.position.x));
  const minY = Math.min(...graph.nodes.map((node) => node.position.y));
  const placed = graph.nodes.map((node) => {
    const { x, y } = g.node(node.id) as { x: number; y: number };
    return { id: node.id, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
  });
  const shiftX = minX - Math.min(...placed.map((p) => p.x));
  const shiftY = minY - Math.min(...placed.map((p) => p.y));
  const byId = new Map(placed.map((p) => [p.id, p]));
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const p = byId.get(node.id) as { x: number; y: number };
      return { ...node, position: { x: Math.round(p.x + shiftX), y: Math.round(p.y + shiftY) } };
    }),
  };
}
