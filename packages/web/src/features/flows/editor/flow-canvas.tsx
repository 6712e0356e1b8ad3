import { isTrigger, type NodeIssue, stepType } from '@flowmind/shared/flow-steps';
import type { FlowGraph } from '@flowmind/shared/flows';
import {
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  type EdgeChange,
  type IsValidConnection,
  MarkerType,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import { type CSSProperties, type DragEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { NODE_WIDTH } from './auto-layout';
import { DeletableEdge, type DeletableFlowEdge } from './deletable-edge';
import { connect, removeItems } from './graph-ops';
import type { NodeRun } from './node-runs';
import { type StepFlowNode, StepNode, stepNodeHeight } from './step-node';
import { STEP_DRAG_TYPE } from './step-palette';
import { type StickyFlowNode, StickyNode } from './sticky-node';
import type { GraphHistory } from './use-graph-history';

const nodeTypes = { step: StepNode, sticky: StickyNode };
/** React Flow's own colours, taken from the app's tokens so light and dark match the rest of the app. */
const THEME = {
  '--xy-background-color': 'var(--surface)',
  '--xy-background-pattern-color': 'var(--input)',
  '--xy-minimap-background-color': 'var(--background)',
  '--xy-minimap-mask-background-color': 'color-mix(in srgb, var(--muted) 70%, transparent)',
  '--xy-controls-button-background-color': 'var(--background)',
  '--xy-controls-button-background-color-hover': 'var(--accent)',
  '--xy-controls-button-color': 'var(--foreground)',
  '--xy-controls-button-color-hover': 'var(--foreground)',
  '--xy-controls-button-border-color': 'var(--border)',
  '--xy-selection-background-color': 'color-mix(in srgb, var(--primary) 8%, transparent)',
  '--xy-selection-border': '1px dashed var(--primary)',
} as CSSProperties;
const edgeTypes = { deletable: DeletableEdge };
const DELETE_KEYS = ['Delete', 'Backspace'];
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];

type CanvasNode = StepFlowNode | StickyFlowNode;

const issueText = (data: StepFlowNode['data']) => data.issues.map((issue) => issue.message).join('\n');

function sameStepData(a: StepFlowNode['data'], b: StepFlowNode['data']): boolean {
  return (
    a.node === b.node &&
    a.run === b.run &&
    a.renaming === b.renaming &&
    a.soleSelection === b.soleSelection &&
    a.connected.join() === b.connected.join() &&
    issueText(a) === issueText(b)
  );
}

/**
 * The graph drawn with React Flow. The flow graph stays the one source of truth: React Flow's nodes are derived
 * from it on each render, and its change events are turned back into graph edits (drags undo as one step).
 */
export function FlowCanvas({
  graph,
  history,
  readOnly,
  selected,
  onSelect,
  issues,
  runs,
  renamingId,
  onDropStep,
  onOpenNode,
  onRename,
  onPaneClick,
}: {
  graph: FlowGraph;
  history: Pick<GraphHistory, 'commit' | 'preview' | 'commitFrom'>;
  readOnly: boolean;
  selected: ReadonlySet<string>;
  onSelect: (update: (previous: ReadonlySet<string>) => ReadonlySet<string>) => void;
  issues: Map<string, NodeIssue[]>;
  runs: Map<string, NodeRun>;
  renamingId: string | null;
  onDropStep: (type: string, position: { x: number; y: number }) => void;
  onOpenNode: (nodeId: string) => void;
  onRename: (nodeId: string) => void;
  onPaneClick: () => void;
}) {
  const { screenToFlowPosition } = useReactFlow();
  const phone = useMediaQuery('(max-width: 639px)');
  // React Flow measures nodes in the DOM; derived nodes must carry the sizes back or they count as unmeasured.
  const measured = useRef(new Map<string, { width: number; height: number }>());
  const [, setMeasureTick] = useState(0);
  const gestureStart = useRef<FlowGraph | null>(null);
  const stepCache = useRef(new Map<string, StepFlowNode>());
  const [hoveredEdge, setHoveredEdge] = useState<string | null>(null);
  const graphRef = useRef(graph);
  graphRef.current = graph;

  const stepIds = useMemo(() => new Set(graph.nodes.map((node) => node.id)), [graph.nodes]);
  const selectedSteps = graph.nodes.filter((node) => selected.has(node.id)).length;

  const nodes = useMemo<CanvasNode[]>(() => {
    const connected = new Map<string, string[]>();
    for (const edge of graph.edges)
      connected.set(edge.source, [...(connected.get(edge.source) ?? []), edge.sourceHandle]);
    const stickies: StickyFlowNode[] = graph.stickies.map((sticky) => ({
      id: sticky.id,
      type: 'sticky',
      position: sticky.position,
      width: sticky.width,
      height: sticky.height,
      zIndex: -1,
      selected: selected.has(sticky.id),
      measured: measured.current.get(sticky.id) ?? { width: sticky.width, height: sticky.height },
      data: { sticky },
      draggable: !readOnly,
      selectable: true,
    }));
    const previous = stepCache.current;
    const next = new Map<string, StepFlowNode>();
    const steps: StepFlowNode[] = graph.nodes.map((node) => {
      const size = measured.current.get(node.id);
      const data: StepFlowNode['data'] = {
        node,
        issues: issues.get(node.id) ?? [],
        run: runs.get(node.id),
        renaming: renamingId === node.id,
        connected: connected.get(node.id) ?? [],
        soleSelection: selected.has(node.id) && selectedSteps === 1,
      };
      const cached = previous.get(node.id);
      // While one card is dragged the others keep their objects, so React Flow and memo skip them.
      const reusable =
        cached &&
        cached.selected === selected.has(node.id) &&
        cached.draggable === !readOnly &&
        cached.measured?.width === (size?.width ?? NODE_WIDTH) &&
        cached.measured?.height === (size?.height ?? stepNodeHeight(node)) &&
        sameStepData(cached.data, data);
      const flowNode: StepFlowNode = reusable
        ? cached
        : {
            id: node.id,
            type: 'step',
            position: node.position,
            selected: selected.has(node.id),
            // Cards have a fixed size, known before React Flow measures them: fit-view can count every step at once.
            measured: size ?? { width: NODE_WIDTH, height: stepNodeHeight(node) },
            width: NODE_WIDTH,
            height: stepNodeHeight(node),
            draggable: !readOnly,
            connectable: !readOnly,
            data,
          };
      next.set(node.id, flowNode);
      return flowNode;
    });
    stepCache.current = next;
    return [...stickies, ...steps];
  }, [graph, selected, issues, runs, renamingId, readOnly, selectedSteps]);

  const edges = useMemo<DeletableFlowEdge[]>(
    () =>
      graph.edges.map((edge) => ({
        id: edge.id,
        type: 'deletable',
        source: edge.source,
        sourceHandle: edge.sourceHandle,
        target: edge.target,
        targetHandle: edge.targetHandle,
        selected: selected.has(edge.id),
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        data: {
          active: (runs.get(edge.source)?.counts[edge.sourceHandle] ?? 0) > 0,
          hovered: hoveredEdge === edge.id,
        },
      })),
    [graph.edges, selected, runs, hoveredEdge],
  );

  const applySelection = useCallback(
    (changes: Array<{ type: string; id?: string; selected?: boolean }>) => {
      const selects = changes.filter((change) => change.type === 'select');
      if (selects.length === 0) return;
      onSelect((previous) => {
        const next = new Set(previous);
        for (const change of selects) {
          if (!change.id) continue;
          if (change.selected) next.add(change.id);
          else next.delete(change.id);
        }
        return next;
      });
    },
    [onSelect],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      let current = graphRef.current;
      let moved = false;
      let gestureEnded = false;
      let remeasured = false;
      for (const change of changes) {
        if (change.type === 'dimensions') {
          if (change.dimensions) {
            measured.current.set(change.id, change.dimensions);
            remeasured = true;
          }
          if (change.resizing !== undefined && change.dimensions && !stepIds.has(change.id)) {
            const { width, height } = change.dimensions;
            current = {
              ...current,
              stickies: current.stickies.map((s) =>
                s.id === change.id ? { ...s, width: Math.round(width), height: Math.round(height) } : s,
              ),
            };
            moved = true;
            if (!change.resizing) gestureEnded = true;
          }
        } else if (change.type === 'position' && change.position) {
          const position = { x: Math.round(change.position.x), y: Math.round(change.position.y) };
          current = stepIds.has(change.id)
            ? { ...current, nodes: current.nodes.map((n) => (n.id === change.id ? { ...n, position } : n)) }
            : { ...current, stickies: current.stickies.map((s) => (s.id === change.id ? { ...s, position } : s)) };
          moved = true;
          if (change.dragging === false) gestureEnded = true;
        }
      }
      if (moved && !readOnly) {
        if (!gestureStart.current) gestureStart.current = graphRef.current;
        if (gestureEnded) {
          history.commitFrom(gestureStart.current, current);
          gestureStart.current = null;
        } else {
          history.preview(current);
        }
      }
      if (remeasured) setMeasureTick((tick) => tick + 1);
      applySelection(changes);
    },
    [applySelection, history, readOnly, stepIds],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<DeletableFlowEdge>[]) => applySelection(changes),
    [applySelection],
  );

  const isValidConnection = useCallback<IsValidConnection>((link) => {
    if (link.source === link.target) return false;
    const target = graphRef.current.nodes.find((node) => node.id === link.target);
    return Boolean(target && !isTrigger(target.type) && (stepType(target.type)?.inputs.length ?? 1) > 0);
  }, []);

  const onConnect = useCallback(
    (link: Connection) =>
      history.commit((current) =>
        connect(current, {
          source: link.source,
          sourceHandle: link.sourceHandle ?? 'main',
          target: link.target,
          targetHandle: link.targetHandle ?? 'main',
        }),
      ),
    [history],
  );

  const onDelete = useCallback(
    ({ nodes: gone, edges: goneEdges }: { nodes: CanvasNode[]; edges: DeletableFlowEdge[] }) => {
      if (readOnly) return;
      history.commit((current) =>
        removeItems(current, {
          nodeIds: gone.filter((node) => node.type === 'step').map((node) => node.id),
          stickyIds: gone.filter((node) => node.type === 'sticky').map((node) => node.id),
          edgeIds: goneEdges.map((edge) => edge.id),
        }),
      );
    },
    [history, readOnly],
  );

  const onDragOver = (event: DragEvent) => {
    if (readOnly || !event.dataTransfer.types.includes(STEP_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(STEP_DRAG_TYPE);
    if (readOnly || !type) return;
    event.preventDefault();
    const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
    onDropStep(type, { x: point.x - NODE_WIDTH / 2, y: point.y - 38 });
  };

  return (
    <ReactFlow<CanvasNode, DeletableFlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onDelete={onDelete}
      isValidConnection={isValidConnection}
      onNodeClick={(_, node) => node.type === 'step' && onOpenNode(node.id)}
      onNodeDoubleClick={(_, node) => node.type === 'step' && !readOnly && onRename(node.id)}
      onPaneClick={onPaneClick}
      onEdgeMouseEnter={(_, edge) => setHoveredEdge(edge.id)}
      onEdgeMouseLeave={() => setHoveredEdge(null)}
      onDragOver={onDragOver}
      onDrop={onDrop}
      deleteKeyCode={readOnly ? null : DELETE_KEYS}
      multiSelectionKeyCode={MULTI_SELECT_KEYS}
      selectionKeyCode="Shift"
      nodesConnectable={!readOnly}
      edgesFocusable={!readOnly}
      zoomOnDoubleClick={false}
      minZoom={0.2}
      maxZoom={2}
      fitView
      fitViewOptions={{ padding: 0.25, maxZoom: 1 }}
      proOptions={{ hideAttribution: true }}
      colorMode="system"
      style={THEME}
      defaultEdgeOptions={{ type: 'deletable' }}
    >
      <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
      <Controls showInteractive={false} position="bottom-left" />
      {!phone && (
        <MiniMap
          position="bottom-right"
          pannable
          zoomable
          nodeColor={(node) => (node.type === 'sticky' ? '#fde68a' : 'var(--primary)')}
          nodeBorderRadius={6}
          className="!rounded-lg !border !bg-background"
        />
      )}
    </ReactFlow>
  );
}
