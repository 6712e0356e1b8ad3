import { CONNECTION_PARAM_KEYS } from '@flowmind/shared/flow-steps';
import type { ConnectionUsage } from '@flowmind/shared/integrations';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The tool an agent is given to reach a connection (`shared/agents.ts`). */
export const connectionToolKey = (connectionId: string) => `connection:${connectionId}`;

// node-postgres answers raw statements with `{ rows }`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Who names which of an account's connections: flows through a node's connection param (any
 * `CONNECTION_PARAM_KEYS`: an integration step's, an HTTP request's credential, an MCP server) in
 * their draft or published graph (a published flow runs its version even after the draft moved
 * on), agents through a `connection:{id}` tool. Both are read in the account only.
 */
export function connectionUsageRepository(db: Db) {
  return {
    async usage(accountId: string, connectionIds: string[]): Promise<Map<string, ConnectionUsage>> {
      const found = new Map<string, ConnectionUsage>(connectionIds.map((id) => [id, { flows: [], agents: [] }]));
      if (connectionIds.length === 0) return found;
      const ids = sql`array[${sql.join(
        connectionIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
      const keys = sql`array[${sql.join(
        CONNECTION_PARAM_KEYS.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`;
      const flows = rowsOf<{ connection_id: string; id: string; name: string }>(
        await db.execute(sql`
        select distinct used.connection_id, f.id, f.name
        from flows f
        left join flow_versions v on v.id = f.published_version_id and v.account_id = f.account_id
        cross join lateral (
          select param.value as connection_id
          from jsonb_array_elements(
            case when jsonb_typeof(f.graph -> 'nodes') = 'array' then f.graph -> 'nodes' else '[]'::jsonb end
            || case when jsonb_typeof(v.graph -> 'nodes') = 'array' then v.graph -> 'nodes' else '[]'::jsonb end
          ) node
          cross join lateral jsonb_each_text(
            case when jsonb_typeof(node -> 'params') = 'object' then node -> 'params' else '{}'::jsonb end
          ) param
          where param.key = any(${keys})
        ) used
        where f.account_id = ${accountId} and f.deleted_at is null and used.connection_id = any(${ids})
        order by f.name, f.id`),
      );
      const tools = connectionIds.map(connectionToolKey);
      const agents = rowsOf<{ tool: string; id: string; name: string }>(
        await db.execute(sql`
        select tool, a.id, a.name
        from agents a cross join lateral jsonb_array_elements_text(a.tools) tool
        where a.account_id = ${accountId} and tool = any(array[${sql.join(
          tools.map((tool) => sql`${tool}`),
          sql`, `,
        )}]::text[])
        order by a.name, a.id`),
      );
      for (const row of flows) found.get(row.connection_id)?.flows.push({ id: row.id, name: row.name });
      for (const row of agents)
        found.get(row.tool.slice('connection:'.length))?.agents.push({ id: row.id, name: row.name });
      return found;
    },
  };
}
