import { stepType } from '@flowmind/shared/flow-steps';
import type { FlowGraph, FlowNode } from '@flowmind/shared/flows';
import { FlaskConical, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { stepIcon } from '../editor/step-icon';
import { nameProblem } from './param-form-logic';
import { Switch } from './switch';

export function NodePanelHeader({
  node,
  graph,
  readOnly,
  onChange,
  onTestStep,
  onClose,
}: {
  node: FlowNode;
  graph: FlowGraph;
  readOnly?: boolean;
  onChange(node: FlowNode): void;
  onTestStep?: () => void;
  onClose(): void;
}) {
  const info = stepType(node.type);
  const Icon = stepIcon(info?.icon);
  const [draft, setDraft] = useState(node.name);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft(node.name);
    setProblem(null);
  }, [node.name]);

  function commit() {
    const error = nameProblem(draft, node, graph);
    if (error) {
      setProblem(error);
      return;
    }
    setProblem(null);
    if (draft.trim() !== node.name) onChange({ ...node, name: draft.trim() });
  }

  return (
    <div className="grid gap-2 px-4 pt-3 pb-2">
      <div className="flex items-start gap-2.5">
        <div
          className={cn(
            'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg',
            node.disabled ? 'bg-muted text-muted-foreground' : 'bg-primary-soft text-primary-soft-foreground',
          )}
        >
          <Icon className="size-[18px]" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <input
            aria-label="Step name"
            aria-invalid={problem ? true : undefined}
            value={draft}
            maxLength={80}
            readOnly={readOnly}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              } else if (event.key === 'Escape' && draft !== node.name) {
                // Esc first undoes the rename; a second Esc closes the panel.
                event.stopPropagation();
                setDraft(node.name);
                setProblem(null);
              }
            }}
            className="-mx-1.5 w-full truncate rounded-md border border-transparent bg-transparent px-1.5 py-0.5 font-semibold text-base outline-none hover:border-border focus:border-ring focus:ring-3 focus:ring-ring/20 aria-invalid:border-destructive read-only:hover:border-transparent"
          />
          <p className="truncate text-muted-foreground text-xs">
            {info?.label ?? node.type}
            {node.disabled && ' · disabled'}
          </p>
          {problem && <p className="mt-0.5 text-[12px] text-destructive">{problem}</p>}
        </div>
        <Button variant="ghost" size="icon-sm" aria-label="Close (Esc)" title="Close (Esc)" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-[13px] text-muted-foreground">
          <Switch
            aria-label="Step enabled"
            checked={!node.disabled}
            disabled={readOnly}
            onCheckedChange={(enabled) => onChange({ ...node, disabled: enabled ? undefined : true })}
          />
          {node.disabled ? 'Disabled: items pass through' : 'Enabled'}
        </div>
        <Button size="sm" variant="outline" disabled={readOnly || !onTestStep} onClick={onTestStep}>
          <FlaskConical aria-hidden="true" />
          Test step
        </Button>
      </div>
    </div>
  );
}
