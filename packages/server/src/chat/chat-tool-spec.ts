import type { AgentToolScope } from '@flowmind/shared/agents';
import { AppError } from '@flowmind/shared/errors';
import type { Schema } from 'ai';
import type { z } from 'zod';
import type { ExecutionService } from '../flows/execution.service';
import type { FlowService } from '../flows/flow.service';
import type { AccountConnections } from '../integrations/credentials';
import type { IntegrationService } from '../integrations/integration.service';
import type { NoteService } from '../notes/note.service';
import type { FieldService } from '../tables/field.service';
import type { RecordService } from '../tables/record.service';
import type { TableService } from '../tables/table.service';

/** What the assistant's tools reach: the services the app's own pages use, with their checks. */
export type WorkspaceServices = {
  notes: NoteService;
  tables: TableService;
  fields: FieldService;
  records: RecordService;
  flows: FlowService;
  executions: ExecutionService;
  integrations: IntegrationService;
  /** An account's credential connections (MCP servers…), as flows' steps reach them. */
  connections: (accountId: string) => AccountConnections;
};

/**
 * Who the tools act for: the chat's owner, in the chat's account; in a chat with a custom agent,
 * only over what the agent was given (`scope`), else (the personal assistant) over everything.
 */
export type ToolContext = { accountId: string; userId: string; scope: AgentToolScope | null };

export type ToolSpec<Input> = {
  description: string;
  /** How the chat shows the tool when its name is not enough (a connection's, an MCP server's). */
  label?: string;
  input: z.ZodType<Input>;
  /** What the model is told the input is, when not `input` itself (an MCP tool's JSON Schema). */
  modelSchema?: Schema;
  /** Tools that change data wait for the user's approval before they run. */
  needsApproval: boolean;
  /** Whether an agent with this scope has the tool at all. */
  offered(scope: AgentToolScope): boolean;
  run(services: WorkspaceServices, context: ToolContext, input: Input): Promise<unknown>;
};

const RESOURCE_LABELS = { flows: 'flow', tables: 'table', notes: 'note' } as const;

/** Refuses a flow, table or note the agent was not given. */
export function allow(context: ToolContext, kind: keyof typeof RESOURCE_LABELS, id: string) {
  if (context.scope && !context.scope[kind].has(id))
    throw new AppError('forbidden', `This agent may not use that ${RESOURCE_LABELS[kind]}`);
}

export const inScope = (context: ToolContext, kind: keyof typeof RESOURCE_LABELS) => (item: { id: string }) =>
  !context.scope || context.scope[kind].has(item.id);

/** A tool's spec, typed by its input where it is written, kept untyped in the catalogue. */
export const spec = <Input>(value: ToolSpec<Input>) => value as ToolSpec<unknown>;
