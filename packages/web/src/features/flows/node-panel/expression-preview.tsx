import { useExpressionScope } from './expression-context';
import { useExpressionPreview } from './node-panel-api';

const MAX_CHARS = 300;

function compact(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

/** The value of the template for the step's first input item, or the error evaluating it. */
export function ExpressionPreview({ template }: { template: string }) {
  const { flowId, nodeId, executionId } = useExpressionScope();
  const hasExpression = template.includes('{{');
  const { data } = useExpressionPreview({ flowId, nodeId, executionId, template: hasExpression ? template : '' });
  if (!hasExpression || !flowId || !data) return null;
  return (
    <output
      aria-label="Expression preview"
      className={
        data.ok
          ? 'block truncate rounded bg-muted px-2 py-1 font-mono text-[12px] text-muted-foreground'
          : 'block rounded bg-destructive-soft px-2 py-1 text-[12px] text-destructive'
      }
      title={data.ok ? compact(data.value) : data.error}
    >
      {data.ok ? compact(data.value) : data.error}
    </output>
  );
}
