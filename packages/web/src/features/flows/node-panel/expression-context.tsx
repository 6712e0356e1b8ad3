import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';

/** An expression box that can take a field path from the Data tab. */
export type InsertTarget = { insertPath(path: string): void };

type ExpressionScope = {
  /** The sample scope suggestions come from (see expression-sample.ts). */
  sample: Record<string, unknown>;
  flowId: string;
  nodeId: string;
  executionId?: string;
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
  readOnly,
  children,
}: {
  sample: Record<string, unknown>;
  flowId: string;
  nodeId: string;
  executionId?: string;
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
      readOnly,
      setInsertTarget: (next) => {
        target.current = next;
      },
      insertTarget: () => target.current,
    }),
    [sample, flowId, nodeId, executionId, readOnly],
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
