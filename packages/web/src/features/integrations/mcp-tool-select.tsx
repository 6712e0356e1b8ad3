import { NativeSelect } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { useMcpTools } from './integrations-api';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
};

/** A tool of the chosen MCP server, listed live from it; the saved name stays when the server is down. */
export function McpToolSelect({
  connectionId,
  value,
  onChange,
  ...control
}: ControlProps & { connectionId: string | null; value: string; onChange(value: string): void }) {
  const tools = useMcpTools(connectionId);
  if (!connectionId)
    return (
      <NativeSelect {...control} className="w-full" disabled value="">
        <option value="">Choose an MCP server first</option>
      </NativeSelect>
    );
  const options = tools.data?.tools ?? [];
  const missing = value && !options.some((tool) => tool.name === value);
  return (
    <div className="grid gap-1">
      <NativeSelect {...control} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">
          {tools.isPending
            ? 'Asking the server for its tools…'
            : tools.isError
              ? 'Could not list the tools'
              : options.length
                ? 'Choose…'
                : 'The server offers no tools'}
        </option>
        {missing && <option value={value}>{value}</option>}
        {options.map((tool) => (
          <option key={tool.name} value={tool.name}>
            {tool.readOnly ? tool.name : `${tool.name} (may write)`}
          </option>
        ))}
      </NativeSelect>
      {tools.isError && <p className="text-[13px] text-destructive">{errorMessage(tools.error)}</p>}
      {options.find((tool) => tool.name === value)?.description && (
        <p className="text-[13px] text-muted-foreground">{options.find((tool) => tool.name === value)?.description}</p>
      )}
    </div>
  );
}
