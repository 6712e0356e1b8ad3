import { useExpressionScope } from './expression-context';
import { useExpressionPreview } from './node-panel-api';

const MAX_CHARS = 300;

function compact(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

/**
 * The value of the template for the step's first input item, or the error evaluating it. Before the step has any
 * input (a new step, a template nothing has run yet) there is nothing to evaluate against, which is said plainly
 * rather than shown as the template failing.
 */
export function ExpressionPreview({ template }: { template: string }) {
  const { flowId, nodeId, executionId, executionStatus } = useExpressionScope();
  const hasExpression = template.includes('{{');
  const { data } = useExpressionPreview({
    flowId,
    nodeId,
    executionId,
    executionStatus,
    template: hasExpression ? template : '',
  });
  if (!hasExpression || !flowId || !data) return null;
  if (data.noInput)
    return (
      <output
        aria-label="Expression preview"
        className="block rounded bg-muted px-2 py-1 text-[12px] text-muted-foreground italic"
      >
        No input yet — run the flow or pin test data
      </output>
    );
  const text = data.ok ? compact(data.value) : data.error;
  return (
    <output
      aria-label="Expression preview"
      className={
        data.ok
          ? 'block truncate rounded bg-muted px-2 py-1 font-mono text-[12px] text-muted-foreground'
          : 'block rounded bg-destructive-soft px-2 py-1 text-[12px] text-destructive'
      }
      title={text}
    >
      {text}
    </output>
  );
}
