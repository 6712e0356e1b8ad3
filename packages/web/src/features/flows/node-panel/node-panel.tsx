import { type NodeIssue, stepType } from '@flowmind/shared/flow-steps';
import type { ExecutionDetail, ExecutionStep, Flow, FlowGraph, FlowNode } from '@flowmind/shared/flows';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';

/**
 * Temporary settings panel: the step's name and its params as raw JSON. The full panel (forms from the catalogue,
 * input and output data, docs) is built on another branch and replaces this file at merge; keep the props.
 */
export function NodePanel({
  node,
  readOnly,
  issues,
  step,
  onChange,
  onTestStep,
  onClose,
}: {
  flowId: string;
  accountId: string;
  node: FlowNode;
  graph: FlowGraph;
  readOnly?: boolean;
  issues: NodeIssue[];
  step?: ExecutionStep | null;
  execution?: ExecutionDetail | null;
  /** Accepted for the full panel's sake (trigger addresses, filling the editor's side panel); unused here. */
  flow?: Flow;
  fill?: boolean;
  onChange(node: FlowNode): void;
  onTestStep?(): void;
  onClose(): void;
}) {
  const [paramsText, setParamsText] = useState(() => JSON.stringify(node.params, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex h-12 items-center gap-2 border-b px-3">
        <h2 className="min-w-0 flex-1 truncate font-semibold text-sm">{stepType(node.type)?.label ?? node.type}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close panel"
          className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      <div className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto p-3">
        <div className="grid gap-1 text-sm">
          <label htmlFor="node-panel-name" className="font-medium">
            Name
          </label>
          <Input
            id="node-panel-name"
            value={node.name}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...node, name: event.target.value })}
          />
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor="node-panel-params" className="font-medium">
            Params (JSON)
          </label>
          <Textarea
            id="node-panel-params"
            rows={10}
            className="font-mono text-xs"
            value={paramsText}
            readOnly={readOnly}
            onChange={(event) => {
              setParamsText(event.target.value);
              try {
                onChange({ ...node, params: JSON.parse(event.target.value) as Record<string, unknown> });
                setJsonError(null);
              } catch {
                setJsonError('Not valid JSON yet');
              }
            }}
          />
          {jsonError && <span className="text-destructive text-xs">{jsonError}</span>}
        </div>
        {issues.length > 0 && (
          <ul className="list-disc pl-5 text-destructive text-xs">
            {issues.map((issue) => (
              <li key={`${issue.field}-${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        )}
        {step && (
          <p className="text-muted-foreground text-xs">
            Last run: {step.status}
            {step.error ? ` — ${step.error}` : ''}
          </p>
        )}
        {onTestStep && !readOnly && (
          <Button variant="outline" size="sm" onClick={onTestStep}>
            Test step
          </Button>
        )}
      </div>
    </div>
  );
}
