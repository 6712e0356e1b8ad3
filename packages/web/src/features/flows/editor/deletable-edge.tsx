import { BaseEdge, type Edge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { X } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../../lib/cn';
import { useCanvasActions } from './editor-context';

export type FlowEdgeData = { active?: boolean; hovered?: boolean };
export type DeletableFlowEdge = Edge<FlowEdgeData, 'deletable'>;

/** A connection with a delete button at its middle (on hover or when selected). */
function DeletableEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  selected,
  data,
  markerEnd,
}: EdgeProps<DeletableFlowEdge>) {
  const actions = useCanvasActions();
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={24}
        style={{
          strokeWidth: selected ? 2.5 : 2,
          stroke: selected ? 'var(--primary)' : data?.active ? 'rgb(16 185 129)' : 'var(--input)',
        }}
      />
      {!actions.readOnly && (
        <EdgeLabelRenderer>
          <button
            type="button"
            aria-label="Delete connection"
            onClick={() => actions.removeEdge(id)}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            className={cn(
              'nodrag nopan pointer-events-auto absolute flex size-5 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm hover:border-destructive hover:text-destructive',
              selected || data?.hovered ? 'opacity-100' : 'opacity-0 hover:opacity-100 focus-visible:opacity-100',
            )}
            data-edge-delete={id}
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const DeletableEdge = memo(DeletableEdgeView);
