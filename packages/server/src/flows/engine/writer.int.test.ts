import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { executionSteps, executions, flows } from '../../db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { createExecutionWriter } from './writer';

let server: TestServer;
let accountId: string;
let flowId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpVerified(server, { name: 'Writer', email: 'writer@example.com' });
  accountId = user.user.personal_account_id as string;
  const graph = {
    nodes: [{ id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} }],
    edges: [],
  };
  flowId = (await user.client.post('/api/flows', { accountId, name: 'Counted', graph })).body.id;
});
afterAll(() => server.close());

const row = (owner: string) => {
  const now = new Date();
  return {
    id: newId('exe'),
    accountId,
    flowId,
    versionId: null,
    version: null,
    graph: null,
    status: 'running',
    mode: 'manual' as const,
    trigger: [{ n: 1 }],
    leaseOwner: owner,
    leaseUntil: new Date(now.getTime() + 30_000),
    createdAt: now,
    startedAt: now,
  };
};
const step = (executionId: string) => ({
  executionId,
  accountId,
  nodeId: 't',
  nodeName: 'Start',
  nodeType: 'trigger.manual',
  runIndex: 0,
  status: 'succeeded' as const,
  input: {},
  output: { main: [{ n: 1 }] },
  logs: [],
  error: null,
  attempts: 1,
  startedAt: new Date(),
  finishedAt: new Date(),
});
const counts = async () => {
  const [flow] = await server.db.select().from(flows).where(eq(flows.id, flowId));
  return { total: flow?.executionsTotal, succeeded: flow?.executionsSucceeded, last: flow?.lastExecutionId };
};

describe('the execution writer', () => {
  it('writes an execution created and ended in one batch as one finished row, counted once', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const before = await counts();
    const exe = row('me');
    const done = Promise.all([
      writer.insert(exe),
      writer.saveStep(step(exe.id)),
      writer.setResponse(exe.id, { status: 200, headers: {}, body: { ok: true } }),
      writer.finish({ id: exe.id, flowId, createdAt: exe.createdAt, owner: 'me', status: 'succeeded', error: null }),
    ]);
    expect(await done).toEqual([true, true, true, true]);
    const [saved] = await server.db.select().from(executions).where(eq(executions.id, exe.id));
    expect(saved).toMatchObject({ status: 'succeeded', leaseOwner: null, response: { body: { ok: true } } });
    expect(saved?.finishedAt).toBeInstanceOf(Date);
    const steps = await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, exe.id));
    expect(steps.map((s) => s.output)).toEqual([{ main: [{ n: 1 }] }]);
    expect(await counts()).toEqual({
      total: (before.total ?? 0) + 1,
      succeeded: (before.succeeded ?? 0) + 1,
      last: exe.id,
    });
  });

  it('ends an execution written earlier only for the owner of its lease, and only once', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const exe = row('owner-a');
    await writer.insert(exe);
    const before = await counts();
    const finish = { id: exe.id, flowId, createdAt: exe.createdAt, status: 'succeeded' as const, error: null };
    expect(await writer.finish({ ...finish, owner: 'owner-b' })).toBe(false);
    const [stillRunning] = await server.db.select().from(executions).where(eq(executions.id, exe.id));
    expect(stillRunning?.status).toBe('running');
    expect(await writer.finish({ ...finish, owner: 'owner-a' })).toBe(true);
    expect(await writer.finish({ ...finish, owner: 'owner-a' })).toBe(false);
    expect((await counts()).total).toBe((before.total ?? 0) + 1);
  });

  it('a finish by another owner in the same batch as the insert does not end the new row', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const exe = row('owner-a');
    const [inserted, ended] = await Promise.all([
      writer.insert(exe),
      writer.finish({ id: exe.id, flowId, createdAt: exe.createdAt, owner: 'owner-b', status: 'failed', error: null }),
    ]);
    expect([inserted, ended]).toEqual([true, false]);
    const [saved] = await server.db.select().from(executions).where(eq(executions.id, exe.id));
    expect(saved?.status).toBe('running');
  });

  it('writes many executions written earlier in one batch: responses, steps and ends, counted once each', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const rows = Array.from({ length: 5 }, () => row('owner-a'));
    await Promise.all(rows.map((exe) => writer.insert(exe)));
    const before = await counts();
    const [answered, answeredAndEnded, ended, failed, late] = rows as [
      ReturnType<typeof row>,
      ReturnType<typeof row>,
      ReturnType<typeof row>,
      ReturnType<typeof row>,
      ReturnType<typeof row>,
    ];
    const end = (exe: ReturnType<typeof row>, status: 'succeeded' | 'failed', owner = 'owner-a') =>
      writer.finish({ id: exe.id, flowId, createdAt: exe.createdAt, owner, status, error: null });
    const results = await Promise.all([
      writer.setResponse(answered.id, { status: 201 }),
      writer.saveStep(step(answered.id)),
      writer.setResponse(answeredAndEnded.id, { status: 202 }),
      end(answeredAndEnded, 'succeeded'),
      end(ended, 'succeeded'),
      end(failed, 'failed'),
      end(late, 'failed', 'owner-b'),
    ]);
    expect(results).toEqual([true, true, true, true, true, true, false]);
    const saved = new Map(
      (await server.db.select().from(executions).where(eq(executions.flowId, flowId))).map((r) => [r.id, r]),
    );
    expect(saved.get(answered.id)).toMatchObject({ status: 'running', response: { status: 201 } });
    expect(saved.get(answeredAndEnded.id)).toMatchObject({ status: 'succeeded', response: { status: 202 } });
    expect(saved.get(ended.id)).toMatchObject({ status: 'succeeded', leaseOwner: null });
    expect(saved.get(failed.id)).toMatchObject({ status: 'failed' });
    expect(saved.get(late.id)).toMatchObject({ status: 'running', leaseOwner: 'owner-a' });
    const steps = await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, answered.id));
    expect(steps).toHaveLength(1);
    const after = await counts();
    expect(after.total).toBe((before.total ?? 0) + 3);
    expect(after.succeeded).toBe((before.succeeded ?? 0) + 2);
  });
});
