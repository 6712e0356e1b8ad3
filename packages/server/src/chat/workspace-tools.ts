import { AppError } from '@flowmind/shared/errors';
import {
  DRAFT_STEP_LIMIT,
  DRAFT_STEP_TYPES,
  describeStepCatalogue,
  draftGraph,
  TRIGGER_TYPES,
} from '@flowmind/shared/flow-drafts';
import { FLOW_TEMPLATES } from '@flowmind/shared/flow-templates';
import { z } from 'zod';
import { integrationChatTools } from '../integrations/integration-tools';
import { allow, inScope, spec, type ToolContext, type ToolSpec, type WorkspaceServices } from './chat-tool-spec';

/** At most this much of a note's text goes to the model. */
const NOTE_TEXT_LIMIT = 40_000;

/** A table's fields by name (case-insensitive), for tools that speak in field names. */
async function fieldsByName(services: WorkspaceServices, context: ToolContext, tableId: string) {
  const fields = await services.fields.list({ tableId, userId: context.userId });
  return { fields, byName: new Map(fields.map((field) => [field.name.toLowerCase(), field])) };
}

/** The assistant's own tools over the workspace: notes, tables, records and flows, each through its service's checks. */
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
