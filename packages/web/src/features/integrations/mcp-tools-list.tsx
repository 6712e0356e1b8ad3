import { Loader2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { errorMessage } from '../../lib/api';
import { useMcpTools } from './integrations-api';

/** An MCP server's tools as it lists them now: the Test of an MCP connection. */
export function McpToolsList({ connectionId, name }: { connectionId: string; name: string }) {
  const tools = useMcpTools(connectionId);
  if (tools.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-[13px] text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        Asking {name} for its tools…
      </p>
    );
  if (tools.error)
    return (
      <p role="alert" className="rounded-md bg-destructive-soft px-3 py-2 text-[13px] text-destructive">
        {errorMessage(tools.error)}
      </p>
    );
  if (tools.data.tools.length === 0)
    return <p className="text-[13px] text-muted-foreground">{name} answered, but offers no tools.</p>;
  return (
    <div className="grid gap-1.5">
      <p role="status" className="text-[13px] text-foreground">
        {name} answered with {tools.data.tools.length} {tools.data.tools.length === 1 ? 'tool' : 'tools'}:
      </p>
      <ul aria-label={`Tools of ${name}`} className="grid gap-1.5">
        {tools.data.tools.map((tool) => (
          <li key={tool.name} className="rounded-md border bg-background px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <code className="break-all font-mono text-[12px]">{tool.name}</code>
              <Badge tone={tool.readOnly ? 'neutral' : 'primary'}>{tool.readOnly ? 'Reads' : 'May write'}</Badge>
            </div>
            {tool.description && <p className="mt-0.5 text-[13px] text-muted-foreground">{tool.description}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
