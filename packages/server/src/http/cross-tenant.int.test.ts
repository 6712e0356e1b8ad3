import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../db/schema-integrations';
import { startChatTestServer, streamEvents } from '../test/chat-streams';
import { webhookAnsweredBy } from '../test/flow-graphs';
import { signUpVerified, type TestServer } from '../test/test-server';
import { waitFor } from '../test/wait';

/**
 * Every route of the OpenAPI document that names a resource in its path, called by a signed-in
 * user of another account with the owner's ids and a valid body: each must answer 404, as if the
 * resource did not exist. The routes come from the document, so a new route is covered the day
 * it is added; a path parameter nobody knows how to fill fails the test until it is taught here.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;
type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Json };
type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
};

let chat: Awaited<ReturnType<typeof startChatTestServer>>;
let server: TestServer;
let owner: Member;
let stranger: Member;
let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
/** The owner's resources, by path parameter name; `pick` tells apart names used by two resources. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  chat = await startChatTestServer();
  server = chat.server;
  owner = await signUpVerified(server, { name: 'Olive Owner', email: 'olive@example.com' });
  stranger = await signUpVerified(server, { name: 'Stan Stranger', email: 'stan@example.com' });
  const c = owner.client;
  const accountId = owner.user.personalAccountId;
  const made = async (path: string, body: Json) => {
    const res = await c.post(path, body);
    expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };

  ids.accountId = accountId;
  ids.userId = owner.user.id;
  const business = await made('/api/accounts', { name: 'Olive Ltd', handle: 'olive-ltd' });
  const invite = await made(`/api/accounts/${business.id}/invites`, { email: 'someone@example.com', role: 'member' });
  ids.inviteId = invite.id;
  const mail = await server.mail.waitFor('someone@example.com', /invited you/i);
  ids.token = server.mail.link(mail, 'http://localhost:3000/invites/').split('/invites/')[1] as string;

  const table = await made('/api/tables', { accountId, name: 'Secrets' });
  ids.tableId = table.id;
  const field = await made(`/api/tables/${table.id}/fields`, {
    name: 'Status',
    options: { type: 'single_select', choices: [{ id: 'opt_open', name: 'Open', color: 'blue' }] },
  });
  ids.fieldId = field.id;
  const records = await made(`/api/tables/${table.id}/records`, { records: [{ values: {} }] });
  ids.recordId = records.records?.[0]?.id ?? records[0]?.id;
  const view = await made(`/api/tables/${table.id}/views`, { name: 'Board', type: 'kanban' });
  ids.viewId = view.id;

  const flow = await made('/api/flows', { accountId, name: 'Private flow', graph: webhookAnsweredBy({ ok: true }) });
  ids.flowId = flow.id;
  await made(`/api/flows/${flow.id}/publish`, {});
  const flowVersions = (await c.get(`/api/flows/${flow.id}/versions`)).body;
  ids.flowVersionId = (flowVersions.versions ?? flowVersions)[0]?.id;
  const run = await made(`/api/flows/${flow.id}/run`, { trigger: [{ body: {} }] });
  ids.executionId = run.id;
  await waitFor(
    async () => (await c.get(`/api/executions/${run.id}`)).body,
    (e) => ['succeeded', 'failed'].includes(e.status),
  );
  ids.nodeId = 'hook';
  ids.runIndex = '0';

  const note = await made('/api/notes', { accountId, title: 'Diary', markdown: 'Private' });
  ids.noteId = note.id;
  const versions = (await c.get(`/api/notes/${note.id}/versions`)).body;
  ids.noteVersionId = versions.versions?.[0]?.id ?? 'nve_none';

  const focus = await made('/api/focus/sessions', { accountId, kind: 'focus' });
  ids.focusSessionId = focus.id ?? focus.session?.id;
  const provider = await made('/api/ai/providers', {
    accountId,
    kind: 'openai-compatible',
    name: 'Mine',
    baseUrl: 'https://api.example.com/v1',
    apiKey: 'sk-test',
    models: ['gpt-4o-mini'],
  });
  ids.providerId = provider.id;
  const agent = await made('/api/agents', { accountId, name: 'Secret agent' });
  ids.agentId = agent.id;
  // This server has no Slack app to go through, so the owner's connection is stored as a connect would.
  ids.provider = 'slack';
  ids.connectionId = 'icn_owners_connection';
  ids.list = 'channels';
  await server.db.insert(integrationConnections).values({
    id: ids.connectionId,
    accountId,
    provider: 'slack',
    externalId: 'T0OWNER',
    name: 'Olive workspace',
    scopes: ['chat:write'],
    accessTokenSealed: 'v1.sealed',
    createdBy: owner.user.id,
  });

  const session = await made('/api/chats', { accountId });
  ids.chatSessionId = session.id;
  await streamEvents(server, owner, 'POST', `/api/chats/${session.id}/messages`, { text: 'Hello' });
  const detail = (await c.get(`/api/chats/${session.id}`)).body;
  ids.messageId = detail.messages.at(-1).id;
  ids.toolCallId = 'call_1';

  document = (await c.get('/api/openapi.json')).body;
});

afterAll(() => chat?.close());

/**
 * Routes addressed by a secret link rather than an id: holding the link is the right to see it.
 * An invite link opened by the wrong user says which address to sign in with (403), as the
 * public invite page the link opens already shows.
 */
const BY_SECRET_LINK: Record<string, number> = { 'POST /api/invites/{token}/respond': 403 };

/** The id a path parameter takes on `path`: some names mean different resources on different routes. */
function idFor(name: string, path: string): string | undefined {
  if (name === 'versionId') return path.startsWith('/api/notes/') ? ids.noteVersionId : ids.flowVersionId;
  if (name === 'sessionId') return path.startsWith('/api/focus/') ? ids.focusSessionId : ids.chatSessionId;
  return ids[name];
}

const resolveRef = (schema: Json): Json => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return resolveRef(document.components.schemas[ref.replace('#/components/schemas/', '')] ?? {});
};

/** A small value the schema accepts, so a refusal is about the resource and not the input. */
function sample(raw: Json | undefined, depth = 0): unknown {
  const schema = resolveRef(raw ?? {});
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options?.length) return sample(options.find((o) => resolveRef(o).type !== 'null') ?? options[0], depth);
  }
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] as Json, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Json = {};
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (depth < 6) out[name] = sample(properties[name], depth + 1);
    return out;
  }
  if (type === 'array') {
    const min = Number(schema.minItems ?? 0);
    return Array.from({ length: min }, () => sample(schema.items as Json, depth + 1));
  }
  if (type === 'integer' || type === 'number') return Number(schema.minimum ?? schema.exclusiveMinimum ?? 0) + 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'email') return 'someone@example.com';
    if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com';
    if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
    if (schema.format === 'date') return '2026-01-01';
    return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
  }
  return null;
}

describe('another account’s ids', () => {
  it('are not found on any route of the OpenAPI document that names a resource', async () => {
    const unknownParameters = new Set<string>();
    const answers: string[] = [];
    let tried = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path');
        // Public routes (shared pages, forms, webhooks) are reached by their link on purpose.
        if (pathParameters.length === 0 || operation.security?.length === 0) continue;
        let url = path;
        for (const parameter of pathParameters) {
          const value = parameter.name === 'subpath' ? 'x' : idFor(parameter.name, path);
          if (value === undefined) unknownParameters.add(parameter.name);
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(value ?? 'unknown'));
        }
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          const own = idFor(parameter.name, path);
          if (own) query.set(parameter.name, own);
          else if (parameter.required) query.set(parameter.name, String(sample(parameter.schema)));
        }
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const body = schema ? sample(schema) : undefined;
        const target = query.size > 0 ? `${url}?${query}` : url;
        const res = await stranger.client.request(method.toUpperCase(), target, body);
        tried += 1;
        const expected = BY_SECRET_LINK[`${method.toUpperCase()} ${path}`] ?? 404;
        if (res.status !== expected)
          answers.push(`${method.toUpperCase()} ${path} → ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect([...unknownParameters]).toEqual([]);
    expect(tried).toBeGreaterThan(80);
    expect(answers).toEqual([]);
  });
});
