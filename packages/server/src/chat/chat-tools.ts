import type { AgentToolScope } from '@flowmind/shared/agents';
import type { ChatPart } from '@flowmind/shared/chat';
import { AppError } from '@flowmind/shared/errors';
import {
  DRAFT_STEP_LIMIT,
  DRAFT_STEP_TYPES,
  describeStepCatalogue,
  draftGraph,
  TRIGGER_TYPES,
} from '@flowmind/shared/flow-drafts';
import { FLOW_TEMPLATES } from '@flowmind/shared/flow-templates';
import type { ModelMessage, Schema, Tool } from 'ai';
import { z } from 'zod';
import type { AgentConnection } from '../agents/agent-gallery.service';
import type { ExecutionService } from '../flows/execution.service';
import type { FlowService } from '../flows/flow.service';
import type { AccountConnections } from '../integrations/credentials';
import type { IntegrationService } from '../integrations/integration.service';
import { connectionChatTools, integrationChatTools } from '../integrations/integration-tools';
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
function allow(context: ToolContext, kind: keyof typeof RESOURCE_LABELS, id: string) {
  if (context.scope && !context.scope[kind].has(id))
    throw new AppError('forbidden', `This agent may not use that ${RESOURCE_LABELS[kind]}`);
}

const inScope = (context: ToolContext, kind: keyof typeof RESOURCE_LABELS) => (item: { id: string }) =>
  !context.scope || context.scope[kind].has(item.id);

/** At most this much of a note's text goes to the model. */
const NOTE_TEXT_LIMIT = 40_000;

const spec = <Input>(value: ToolSpec<Input>) => value as ToolSpec<unknown>;

/** A table's fields by name (case-insensitive), for tools that speak in field names. */
async function fieldsByName(services: WorkspaceServices, context: ToolContext, tableId: string) {
  const fields = await services.fields.list({ tableId, userId: context.userId });
  return { fields, byName: new Map(fields.map((field) => [field.name.toLowerCase(), field])) };
}

export const CHAT_TOOLS: Record<string, ToolSpec<unknown>> = {
  search_notes: spec({
    description: "Search the user's notes (titles and text). Returns matching notes with a snippet.",
    input: z.object({ query: z.string().min(1).max(200).describe('Words to look for') }),
    needsApproval: false,
    offered: (scope) => scope.notes.size > 0,
    async run({ notes }, context, { query }) {
      const { accountId, userId } = context;
      // An agent's notes are searched among the first matches of all (its notes are a few).
      const found = await notes.list(userId, {
        accountId,
        q: query,
        sort: 'updated',
        trash: false,
        limit: context.scope ? 200 : 10,
      });
      return found.notes
        .filter(inScope(context, 'notes'))
        .slice(0, 10)
        .map((note) => ({
          id: note.id,
          title: note.title || 'Untitled',
          snippet: note.highlight ? note.highlight.body.map((segment) => segment.text).join('') : note.excerpt,
          updatedAt: note.updatedAt,
        }));
    },
  }),
  read_note: spec({
    description: "Read one of the user's notes in full, as Markdown (by its id from search_notes).",
    input: z.object({ noteId: z.string().min(1) }),
    needsApproval: false,
    offered: (scope) => scope.notes.size > 0,
    async run({ notes }, context, { noteId }) {
      allow(context, 'notes', noteId);
      const note = await notes.requireNote(noteId, context.userId, { allowTrashed: false });
      if (note.account_id !== context.accountId) throw new AppError('not_found', 'Note not found');
      const { body } = await notes.exportNote(context.userId, noteId, 'md');
      return {
        id: note.id,
        title: note.title || 'Untitled',
        markdown: body.length > NOTE_TEXT_LIMIT ? `${body.slice(0, NOTE_TEXT_LIMIT)}\n\n[…the rest is cut]` : body,
      };
    },
  }),
  create_note: spec({
    description: "Create a note in the user's notes, with a title and a Markdown body.",
    input: z.object({
      title: z.string().min(1).max(200),
      markdown: z.string().max(100_000).describe('The body, in Markdown'),
    }),
    needsApproval: true,
    offered: (scope) => scope.actions.has('create_note'),
    async run({ notes }, { accountId, userId }, { title, markdown }) {
      const note = await notes.create(userId, { accountId, title, markdown });
      return { id: note.id, title: note.title, url: `/notes?note=${note.id}` };
    },
  }),
  list_tables: spec({
    description: "List the user's tables with their fields (name and type).",
    input: z.object({}),
    needsApproval: false,
    offered: (scope) => scope.tables.size > 0,
    async run(services, context) {
      const tables = (await services.tables.list({ accountId: context.accountId, userId: context.userId }))
        .filter(inScope(context, 'tables'))
        .slice(0, 30);
      return Promise.all(
        tables.map(async (table) => ({
          id: table.id,
          name: table.name,
          fields: (await services.fields.list({ tableId: table.id, userId: context.userId })).map((field) => ({
            name: field.name,
            type: field.type,
          })),
        })),
      );
    },
  }),
  query_records: spec({
    description: 'Read records of a table (by its id from list_tables), optionally those matching a search.',
    input: z.object({
      tableId: z.string().min(1),
      search: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).optional(),
    }),
    needsApproval: false,
    offered: (scope) => scope.tables.size > 0,
    async run(services, context, { tableId, search, limit }) {
      allow(context, 'tables', tableId);
      const { fields } = await fieldsByName(services, context, tableId);
      const page = await services.records.list({
        tableId,
        userId: context.userId,
        query: { search, limit: limit ?? 20 },
      });
      return page.records.map((record) => ({
        id: record.id,
        values: Object.fromEntries(fields.map((field) => [field.name, record.values[field.id] ?? null])),
      }));
    },
  }),
  add_record: spec({
    description: 'Add one record to a table (by its id from list_tables), with values keyed by field name.',
    input: z.object({
      tableId: z.string().min(1),
      values: z.record(z.string(), z.unknown()).describe('Field name → value'),
    }),
    needsApproval: true,
    offered: (scope) => scope.tables.size > 0,
    async run(services, context, { tableId, values }) {
      allow(context, 'tables', tableId);
      const { byName } = await fieldsByName(services, context, tableId);
      const byId: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values)) {
        const field = byName.get(name.toLowerCase());
        if (!field) throw new AppError('bad_request', `The table has no field named "${name}"`);
        byId[field.id] = value;
      }
      const created = await services.records.create({
        tableId,
        userId: context.userId,
        input: { records: [{ values: byId }] },
      });
      return { created: created.records.map((record) => record.id), url: `/tables/${tableId}` };
    },
  }),
  list_flows: spec({
    description: "List the user's flows (automations).",
    input: z.object({}),
    needsApproval: false,
    offered: (scope) => scope.flows.size > 0,
    async run({ flows }, context) {
      const { accountId, userId } = context;
      const all = (await flows.list({ accountId, userId })).filter(inScope(context, 'flows'));
      return all.slice(0, 50).map((flow) => ({
        id: flow.id,
        name: flow.name,
        description: flow.description,
        active: flow.active,
        publishedVersion: flow.publishedVersion,
      }));
    },
  }),
  run_flow: spec({
    description: 'Run a flow now (by its id from list_flows), optionally giving its trigger one item of input.',
    input: z.object({
      flowId: z.string().min(1),
      input: z.record(z.string(), z.unknown()).optional().describe('What the trigger gives the flow'),
    }),
    needsApproval: true,
    offered: (scope) => scope.flows.size > 0,
    async run({ executions }, context, { flowId, input }) {
      allow(context, 'flows', flowId);
      const { userId } = context;
      const execution = await executions.run({ flowId, userId, input: input ? { trigger: [input] } : {} });
      return { executionId: execution.id, status: execution.status, url: `/flows/${flowId}` };
    },
  }),
  draft_flow: spec({
    description: [
      "Create a new draft flow (not yet published or turned on) from the user's description.",
      'Either start from a template (templateId) when one fits:',
      FLOW_TEMPLATES.map((template) => `${template.id} (${template.name})`).join('; '),
      'or give a trigger and the steps that follow it, one after another, with the settings you can fill in',
      "(settings may use {{ $json.field }} expressions for the previous step's data). Without either, the flow",
      'starts with a manual trigger. The result lists what the user still has to fill in. Step types:',
      describeStepCatalogue(),
    ].join(' '),
    input: z.object({
      name: z.string().min(1).max(120),
      description: z.string().max(2000),
      templateId: z.enum(FLOW_TEMPLATES.map((template) => template.id) as [string, ...string[]]).optional(),
      trigger: z
        .object({
          type: z.enum(TRIGGER_TYPES as [string, ...string[]]),
          params: z.record(z.string(), z.unknown()).optional(),
        })
        .optional(),
      steps: z
        .array(
          z.object({
            type: z.enum(DRAFT_STEP_TYPES as [string, ...string[]]),
            name: z.string().min(1).max(80).optional(),
            params: z.record(z.string(), z.unknown()).optional(),
          }),
        )
        .max(DRAFT_STEP_LIMIT)
        .optional(),
    }),
    needsApproval: true,
    offered: (scope) => scope.actions.has('draft_flow'),
    async run({ flows }, { accountId, userId }, { name, description, templateId, trigger, steps }) {
      if (templateId) {
        const flow = await flows.create({ userId, input: { accountId, name, description, templateId } });
        return { id: flow.id, name: flow.name, url: `/flows/${flow.id}` };
      }
      const { graph, issues } = draftGraph({ trigger, steps, description });
      const flow = await flows.create({ userId, input: { accountId, name, description, graph } });
      return {
        id: flow.id,
        name: flow.name,
        url: `/flows/${flow.id}`,
        steps: graph.nodes.map((node) => node.name),
        toFillIn: issues,
      };
    },
  }),
  // The connected services' actions (Slack…), generated from the integrations' folders.
  ...integrationChatTools(),
};

/** The tools a chat has, by name, and what the model should know of those that could not be had. */
export type ChatToolSet = { tools: Record<string, ToolSpec<unknown>>; notes: string[] };

/** The workspace's tools an agent with this scope has (all of them for the assistant). */
export const offeredTools = (scope: AgentToolScope | null) =>
  Object.entries(CHAT_TOOLS).filter(([, toolSpec]) => !scope || toolSpec.offered(scope));

/**
 * The tools of a chat: all the workspace's for the personal assistant; for a custom agent, those
 * its scope offers and the actions of the connections it was given (`connections`, already checked
 * to be the chat's account's), each bound to its connection. Built for each answer and again at an
 * approval, so a tool taken from the agent meanwhile is no longer there.
 */
export async function chatToolsFor(
  services: WorkspaceServices,
  context: ToolContext,
  connections: readonly AgentConnection[],
): Promise<ChatToolSet> {
  if (!context.scope) return { tools: CHAT_TOOLS, notes: [] };
  const tools = Object.fromEntries(offeredTools(context.scope));
  if (connections.length === 0) return { tools, notes: [] };
  const bound = await connectionChatTools(services, context, connections, new Set(Object.keys(tools)));
  return { tools: { ...tools, ...bound.tools }, notes: bound.notes };
}

/**
 * The tools as the AI SDK takes them: those needing approval have no `execute`, so a call to one
 * ends the step. None at all (undefined) when there are none.
 */
export function sdkTools(
  services: WorkspaceServices,
  context: ToolContext,
  tools: Record<string, ToolSpec<unknown>>,
): Record<string, Tool> | undefined {
  const offered = Object.entries(tools);
  if (offered.length === 0) return undefined;
  return Object.fromEntries(
    offered.map(([name, toolSpec]) => {
      const inputSchema = toolSpec.modelSchema ?? toolSpec.input;
      return [
        name,
        toolSpec.needsApproval
          ? ({ description: toolSpec.description, inputSchema } satisfies Tool)
          : ({
              description: toolSpec.description,
              inputSchema,
              execute: async (input: unknown) => {
                if (!toolSpec.modelSchema) return toolSpec.run(services, context, input);
                // The SDK does not check input against a JSON Schema given this way: the tool's own schema does.
                const parsed = toolSpec.input.safeParse(input);
                if (!parsed.success)
                  throw new AppError('bad_request', `Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
                return toolSpec.run(services, context, parsed.data);
              },
            } satisfies Tool),
      ];
    }),
  );
}

/** Runs an approved tool call; the error's message becomes the call's result for the model. */
export async function runApprovedTool(
  services: WorkspaceServices,
  context: ToolContext,
  tools: Record<string, ToolSpec<unknown>>,
  name: string,
  input: unknown,
  /** Why some tools cannot be had now (an MCP server down), told with an unknown tool. */
  unavailable: readonly string[] = [],
): Promise<{ output: unknown } | { error: string }> {
  const toolSpec = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!toolSpec) return { error: [`Unknown tool ${name}`, ...unavailable].join('. ') };
  const parsed = toolSpec.input.safeParse(input);
  if (!parsed.success) return { error: `Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}` };
  try {
    return { output: await toolSpec.run(services, context, parsed.data) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const DENIED = 'The user did not approve this action.';

/**
 * An answer's parts as the model reads them: text and tool calls from the assistant, each call's
 * result (or error, or refusal) as a tool message right after it.
 */
export function answerToModelMessages(parts: readonly ChatPart[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  let content: Exclude<Extract<ModelMessage, { role: 'assistant' }>['content'], string> = [];
  for (const part of parts) {
    if (part.type === 'text') {
      if (part.text) content.push({ type: 'text', text: part.text });
    } else if (part.type === 'tool') {
      if (part.state === 'awaiting-approval' || part.state === 'running') continue;
      content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      messages.push({ role: 'assistant', content });
      content = [];
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output:
              part.state === 'done'
                ? { type: 'json', value: (part.output ?? null) as never }
                : { type: 'error-text', value: part.state === 'denied' ? DENIED : (part.error ?? 'Failed') },
          },
        ],
      });
    }
  }
  if (content.length > 0) messages.push({ role: 'assistant', content });
  return messages;
}
