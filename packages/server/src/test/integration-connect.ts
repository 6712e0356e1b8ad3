import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type ChainStep, chainedGraph } from './flow-graphs';
import type { signUpVerified, TestServer } from './test-server';
import { waitFor } from './wait';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

/** Starts connecting `provider` for the member's personal account: the provider's authorize URL. */
export async function startOAuth(member: Member, provider: string): Promise<URL> {
  const started = await member.client.post(`/api/integrations/${provider}/connect`, {
    accountId: member.user.personalAccountId,
  });
  expect(started.status, started.text).toBe(200);
  return new URL(started.body.authorizeUrl);
}

/** Plays the browser at a local provider's consent page (it approves at once): where it sends the user back. */
export async function consentAt(authorizeUrl: URL | string): Promise<URL> {
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  return new URL(consent.headers.get('location') ?? '');
}

/** Finishes as the callback page does, with the code and state the provider sent back. */
export function completeOAuth(member: Member, provider: string, back: URL) {
  return member.client.post('/api/integrations/complete', {
    provider,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

/**
 * Connects a provider for the member's personal account through the whole OAuth dance against a
 * local provider server (its consent page redirects at once), as the browser's callback page would.
 */
export async function connectThroughOAuth(member: Member, provider: string) {
  const res = await completeOAuth(member, provider, await consentAt(await startOAuth(member, provider)));
  expect(res.status, res.text).toBe(200);
  return res.body.connection as { id: string; name: string; provider: string };
}

/**
 * Creates "webhook (POST) → `step`" in the member's personal account and asks to publish it:
 * the flow's id and the publish answer, for a test that reads a refusal.
 */
export async function createWebhookFlow(member: Member, step: ChainStep, name = step.name) {
  const graph = chainedGraph([
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { method: 'POST' } },
    step,
  ]);
  const created = await member.client.post('/api/flows', { accountId: member.user.personalAccountId, name, graph });
  expect(created.status, created.text).toBe(201);
  const published = await member.client.post(`/api/flows/${created.body.id}/publish`, {});
  return { id: created.body.id as string, published };
}

/** "webhook → `step`", published: its id and webhook id. */
export async function publishWebhookFlow(member: Member, step: ChainStep, name = step.name) {
  const { published } = await createWebhookFlow(member, step, name);
  expect(published.status, published.text).toBe(200);
  return published.body as { id: string; webhookId: string };
}

/** Calls a published webhook flow that answers at once, and waits for its execution's end. */
export async function callAndFinish(server: TestServer, member: Member, flow: { webhookId: string }, body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  const { executionId } = (await res.json()) as { executionId: string };
  return waitFor(
    async () => (await member.client.get(`/api/executions/${executionId}`)).body,
    (e) => ['succeeded', 'failed'].includes(e?.status),
  );
}

/**
 * Points a published flow (its version and its trigger's listener) from one connection to
 * another behind the service's back, as a version published before publishing checked its
 * connections would be: what runs must still refuse a connection of another account.
 */
export async function repointConnection(server: TestServer, flowId: string, from: string, to: string) {
  await server.db.execute(
    sql`update flow_versions set graph = replace(graph::text, ${from}, ${to})::jsonb where flow_id = ${flowId}`,
  );
  await server.db.execute(
    sql`update integration_triggers set connection_id = ${to}, params = replace(params::text, ${from}, ${to})::jsonb
        where flow_id = ${flowId} and connection_id = ${from}`,
  );
}

/** A connection's Test by `member`. */
export const testConnection = (member: Member, connectionId: string) =>
  member.client.post(`/api/integrations/connections/${connectionId}/test`);

/** The owner's Test names who the provider says the token acts as; another account's user is not found. */
export async function expectTestActsAs(
  { owner, stranger }: { owner: Member; stranger: Member },
  connectionId: string,
  actsAs: string,
) {
  const res = await testConnection(owner, connectionId);
  expect(res.status, res.text).toBe(200);
  expect(res.body.actsAs).toBe(actsAs);
  expect((await testConnection(stranger, connectionId)).status).toBe(404);
}
