import type { NodeIssue } from '@flowmind/shared/flow-steps';
import type { ExecutionDetail, Flow, FlowGraph, FlowNode } from '@flowmind/shared/flows';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { NodePanel } from '../node-panel/node-panel';
import type { NodeRun } from './node-runs';
import { SidePanel } from './side-panel';

/**
 * The open step's panel beside the canvas. On an execution it says how the step went and can re-run from it;
 * on the draft its data is the step's in the last run.
 */
export function StepSidePanel({
  mode,
  flow,
  node,
  graph,
  readOnly,
  issues,
  runs,
  execution,
  lastRun,
  onChange,
  onTestStep,
  onRerunFrom,
  onClose,
}: {
  mode: 'edit' | 'version' | 'execution';
  flow: Flow;
  node: FlowNode;
  graph: FlowGraph;
  readOnly: boolean;
  issues: NodeIssue[];
  runs: Map<string, NodeRun>;
  execution: ExecutionDetail | null;
  lastRun: ExecutionDetail | null;
  onChange: (node: FlowNode) => void;
  onTestStep?: () => void;
  onRerunFrom: (execution: ExecutionDetail) => void;
  onClose: () => void;
}) {
  return (
    <SidePanel label="Step settings">
      {mode === 'execution' && execution && (
        <div className="flex items-center gap-2 border-b bg-muted/50 px-3 py-2">
          <span className="min-w-0 flex-1 truncate text-muted-foreground text-xs">
            {runs.get(node.id)?.error ?? `Step ${runs.get(node.id)?.status ?? 'did not run'}`}
          </span>
          <Button variant="outline" size="sm" onClick={() => onRerunFrom(execution)}>
            <RotateCcw /> Re-run from here
          </Button>
        </div>
      )}
      <div className="min-h-0 flex-1">
        <NodePanel
          key={`${mode}-${node.id}`}
          flowId={flow.id}
          accountId={flow.accountId}
          node={node}
          graph={graph}
          readOnly={readOnly}
          issues={issues}
          step={
            runs.get(node.id)?.step ??
            (mode === 'edit' ? (lastRun?.steps.filter((s) => s.nodeId === node.id).pop() ?? null) : null)
          }
          execution={mode === 'version' ? null : (execution ?? lastRun)}
          flow={flow}
          fill
          onChange={onChange}
          onTestStep={onTestStep}
          onClose={onClose}
        />
      </div>
    </SidePanel>
  );
}
