import {
  AGENT_ACTION_LABELS,
  AGENT_ACTIONS,
  AGENT_LIMITS,
  type AgentResourceKind,
  agentToolKey,
  agentToolScope,
} from '@flowmind/shared/agents';
import type { IntegrationsResponse } from '@flowmind/shared/integrations';
import { INTEGRATIONS } from '@flowmind/shared/integrations/catalogue';
import type { NoteSummary } from '@flowmind/shared/notes';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  BookOpen,
  FileText,
  Hash,
  type LucideIcon,
  Plug,
  Server,
  Table2,
  Workflow,
  X,
} from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { SearchInput } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFlows } from '../flows/list/use-flows';
import { serviceLabel, useIntegrations } from '../integrations/integrations-api';
import { notesApi } from '../notes/notes-api';
import { useTables } from '../tables/use-tables';

type ToolKind = AgentResourceKind | 'connection';
type Resource = {
  kind: ToolKind;
  id: string;
  name: string;
  /** A connection's service ("Slack", "MCP server"), its icon and whether it must be reconnected. */
  service?: string;
  icon?: LucideIcon;
  needsReconnect?: boolean;
};

const KIND_ICONS = { table: Table2, flow: Workflow, note: FileText, connection: Plug } as const;
const KIND_NAMES = { table: 'table', flow: 'flow', note: 'note', connection: 'connection' } as const;
const toolKey = (kind: ToolKind, id: string) => (kind === 'connection' ? `connection:${id}` : agentToolKey(kind, id));

/** Connections whose actions or tools an agent can use: an integration's, or an MCP server. */
const TOOL_PROVIDERS = new Set<string>([...INTEGRATIONS.map((integration) => integration.provider), 'mcp']);
const PROVIDER_ICONS: Record<string, LucideIcon> = { slack: Hash, notion: BookOpen, mcp: Server };

type Connection = IntegrationsResponse['connections'][number];

/** The account's connections an agent can be given (those with actions or tools), found by name or service. */
export function toolConnections(data: IntegrationsResponse, query: string): Resource[] {
  return data.connections
    .filter((connection) => TOOL_PROVIDERS.has(connection.provider))
    .map((connection) => connectionResource(connection, data.providers))
    .filter((connection) => matches(query, `${connection.name} ${connection.service}`));
}

/** A connection as the picker shows it: its name, its service and its state. */
export function connectionResource(connection: Connection, providers: IntegrationsResponse['providers']): Resource {
  const service = serviceLabel(connection.provider, providers);
  return {
    kind: 'connection',
    id: connection.id,
    name: connection.name,
    service,
    icon: PROVIDER_ICONS[connection.provider] ?? Plug,
    needsReconnect: connection.status !== 'connected',
  };
}

const matches = (query: string, text: string) => !query || text.toLowerCase().includes(query);

/**
 * The account's flows, tables and notes as an agent's tools, and what it may create. Chosen ones
 * show first as chips; one that is gone (deleted or in the trash) is marked, and the form leaves it
 * out when it saves (`missing`).
 */
export function useAgentResources(accountId: string, tools: readonly string[]) {
  const tables = useTables(accountId);
  const flows = useFlows(accountId);
  const integrations = useIntegrations(accountId);
  const scope = useMemo(() => agentToolScope(tools), [tools]);
  const chosenNotes = useQueries({
    queries: [...scope.notes].map((noteId) => ({
      queryKey: ['agent-tool-note', noteId],
      queryFn: () => notesApi.get(noteId),
      retry: (count: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && count < 2,
      staleTime: 60_000,
    })),
  });
  const noteNames = new Map<string, string | null>();
  [...scope.notes].forEach((noteId, index) => {
    const query = chosenNotes[index];
    if (query?.data) noteNames.set(noteId, query.data.deletedAt ? null : query.data.title || 'Untitled');
    else if (query?.isError) noteNames.set(noteId, null);
  });
  const connectionOf = (id: string) => {
    const found = integrations.data?.connections.find((connection) => connection.id === id);
    return found && integrations.data ? connectionResource(found, integrations.data.providers) : null;
  };
  const nameOf = (kind: ToolKind, id: string): string | null | undefined => {
    if (kind === 'note') return noteNames.get(id);
    if (kind === 'connection') return integrations.data ? (connectionOf(id)?.name ?? null) : undefined;
    const list = kind === 'table' ? tables.data : flows.data;
    if (!list) return undefined;
    return list.find((item) => item.id === id)?.name ?? null;
  };
  const chosen = [
    ...[...scope.tables].map((id) => ({ kind: 'table' as const, id })),
    ...[...scope.flows].map((id) => ({ kind: 'flow' as const, id })),
    ...[...scope.notes].map((id) => ({ kind: 'note' as const, id })),
    ...[...scope.connections].map((id) => ({ kind: 'connection' as const, id })),
  ].map((item: { kind: ToolKind; id: string }) => ({
    ...item,
    ...(item.kind === 'connection' ? connectionOf(item.id) : null),
    name: nameOf(item.kind, item.id),
  }));
  return {
    tables,
    flows,
    integrations,
    chosen,
    /** Chosen tools whose flow, table, note or connection is gone. */
    missing: chosen.filter((item) => item.name === null).map((item) => toolKey(item.kind, item.id)),
  };
}

export type AgentResources = ReturnType<typeof useAgentResources>;

/** The picker over `resources`, which the form reads once (`useAgentResources`) for it and for saving. */
export function AgentToolsPicker({
  accountId,
  value,
  resources,
  onChange,
  error,
}: {
  accountId: string;
  value: string[];
  resources: AgentResources;
  onChange: (tools: string[]) => void;
  error?: string;
}) {
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLowerCase();
  const debounced = useDebouncedValue(filter.trim(), 250);
  const { tables, flows, integrations, chosen } = resources;
  const notes = useQuery({
    queryKey: ['agent-tool-notes', accountId, debounced],
    queryFn: ({ signal }) =>
      notesApi.list({ accountId, q: debounced || undefined, sort: 'updated', limit: 30 }, signal),
    placeholderData: keepPreviousData,
  });
  const selected = new Set(value);
  const full = value.length >= AGENT_LIMITS.tools;
  const toggle = (key: string, on: boolean) =>
    onChange(on ? [...value.filter((tool) => tool !== key), key] : value.filter((tool) => tool !== key));

  const groups: { kind: ToolKind; label: string; items: Resource[] | undefined; failed: boolean }[] = [
    {
      kind: 'table',
      label: 'Tables',
      items: tables.data
        ?.filter((table) => matches(query, table.name))
        .map((table) => ({ kind: 'table', id: table.id, name: table.name })),
      failed: tables.isError,
    },
    {
      kind: 'flow',
      label: 'Flows',
      items: flows.data
        ?.filter((flow) => matches(query, flow.name))
        .map((flow) => ({ kind: 'flow', id: flow.id, name: flow.name })),
      failed: flows.isError,
    },
    {
      kind: 'note',
      label: 'Notes',
      items: notes.data?.notes.map((note: NoteSummary) => ({
        kind: 'note',
        id: note.id,
        name: note.title || 'Untitled',
      })),
      failed: notes.isError,
    },
    {
      kind: 'connection',
      label: 'Connections',
      items: integrations.data && toolConnections(integrations.data, query),
      failed: integrations.isError,
    },
  ];
  const scope = agentToolScope(value);

  return (
    <fieldset className="grid gap-2" aria-describedby="agent-tools-hint">
      <legend className="mb-1.5 font-medium text-[13px]">Tools</legend>
      <p id="agent-tools-hint" className="-mt-1 text-[13px] text-muted-foreground">
        What it may use in this account. With nothing chosen it only chats. Changes still ask you first.
      </p>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tools">
          {chosen.map((item) => {
            const Icon = item.icon ?? KIND_ICONS[item.kind];
            const key = toolKey(item.kind, item.id);
            const label =
              item.name === undefined
                ? '…'
                : item.name === null
                  ? `Missing ${KIND_NAMES[item.kind]}`
                  : item.service
                    ? `${item.service}: ${item.name}`
                    : item.name;
            return (
              <li
                key={key}
                className={cn(
                  'flex max-w-full items-center gap-1 rounded-full border py-0.5 pr-1 pl-2 text-[13px]',
                  item.name === null && 'border-dashed text-muted-foreground line-through',
                  item.needsReconnect && 'border-destructive/50',
                )}
                title={item.needsReconnect ? 'Needs reconnecting in Integrations' : undefined}
              >
                <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate">{label}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove ${label}`}
                  onClick={() => toggle(key, false)}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <SearchInput
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder="Find tables, flows, notes and connections"
        aria-label="Find tables, flows, notes and connections"
      />
      <div className="max-h-56 overflow-y-auto rounded-md border p-1">
        {groups.map((group) => (
          <ResourceGroup
            key={group.kind}
            label={group.label}
            items={group.items}
            failed={group.failed}
            filtered={query !== ''}
          >
            {(item) => {
              const key = toolKey(item.kind, item.id);
              const Icon = item.icon ?? KIND_ICONS[item.kind];
              const on = selected.has(key);
              return (
                <label className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    className="accent-primary"
                    checked={on}
                    disabled={!on && full}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="truncate">{item.name}</span>
                  {item.service && <span className="shrink-0 text-[12px] text-muted-foreground">{item.service}</span>}
                  {item.needsReconnect && (
                    <span className="ml-auto flex shrink-0 items-center gap-1 text-[12px] text-destructive">
                      <AlertTriangle className="size-3" aria-hidden="true" />
                      Needs reconnect
                    </span>
                  )}
                </label>
              );
            }}
          </ResourceGroup>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {AGENT_ACTIONS.map((action) => (
          <label key={action} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-primary"
              checked={scope.actions.has(action)}
              disabled={!scope.actions.has(action) && full}
              onChange={(event) => toggle(`action:${action}`, event.target.checked)}
            />
            {AGENT_ACTION_LABELS[action]}
          </label>
        ))}
      </div>
      {full && <p className="text-[13px] text-muted-foreground">At most {AGENT_LIMITS.tools} tools.</p>}
      {error && <p className="text-[13px] text-destructive">{error}</p>}
    </fieldset>
  );
}

function ResourceGroup({
  label,
  items,
  failed,
  filtered,
  children,
}: {
  label: string;
  items: Resource[] | undefined;
  failed: boolean;
  filtered: boolean;
  children: (item: Resource) => ReactNode;
}) {
  return (
    <section aria-label={label} className="py-1">
      <h3 className="px-2 pb-0.5 font-medium text-[12px] text-muted-foreground uppercase tracking-wide">{label}</h3>
      {failed ? (
        <p className="px-2 py-1 text-[13px] text-destructive">Could not load the {label.toLowerCase()}.</p>
      ) : !items ? (
        <div className="grid gap-1 px-2 py-1">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : items.length === 0 ? (
        <p className="px-2 py-1 text-[13px] text-muted-foreground">
          {filtered
            ? 'None found.'
            : label === 'Connections'
              ? 'No connections yet. Connect a service or an MCP server in Integrations.'
              : `No ${label.toLowerCase()} yet.`}
        </p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
