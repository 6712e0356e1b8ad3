import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';

/** An expression box that can take a field path from the Data tab. */
export type InsertTarget = { insertPath(path: string): void };

type ExpressionScope = {
  /** The sample scope suggestions come from (see expression-sample.ts). */
  sample: Record<string, unknown>;
  flowId: string;
  nodeId: string;
  executionId?: string;
  /** The shown execution's status: a preview asked for while it ran is asked again once it has finished. */
  executionStatus?: string;
  readOnly: boolean;
  /** Called by an expression box when it gains focus, so a click in the Data tab knows where to insert. */
  setInsertTarget(target: InsertTarget | null): void;
  /** The box focused last, if any. */
  insertTarget(): InsertTarget | null;
};

const ExpressionScopeContext = createContext<ExpressionScope | null>(null);

export function ExpressionScopeProvider({
  sample,
  flowId,
  nodeId,
  executionId,
  executionStatus,
  readOnly,
  children,
}: {
  sample: Record<string, unknown>;
  flowId: string;
  nodeId: string;
  executionId?: string;
  executionStatus?: string;
  readOnly: boolean;
  children: ReactNode;
}) {
  const target = useRef<InsertTarget | null>(null);
  const value = useMemo<ExpressionScope>(
    () => ({
      sample,
      flowId,
      nodeId,
      executionId,
      executionStatus,
      readOnly,
      setInsertTarget: (next) => {
        target.current = next;
      },
      insertTarget: () => target.current,
    }),
    [sample, flowId, nodeId, executionId, executionStatus, readOnly],
  );
  return <ExpressionScopeContext.Provider value={value}>{children}</ExpressionScopeContext.Provider>;
}

const noScope: ExpressionScope = {
  sample: {},
  flowId: '',
  nodeId: '',
  readOnly: false,
  setInsertTarget: () => {},
  insertTarget: () => null,
};

export function useExpressionScope(): ExpressionScope {
  return useContext(ExpressionScopeContext) ?? noScope;
}
