import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { executionSteps, executions, flows } from '../../db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { executionRepository } from './execution.repository';
import { createExecutionWriter } from './writer';

let server: TestServer;
let accountId: string;
let flowId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpVerified(server, { name: 'Writer', email: 'writer@example.com' });
  accountId = user.user.personalAccountId as string;
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
    // Its steps are packed into its row, and read like any others.
    expect(await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, exe.id))).toEqual([]);
    const steps = await executionRepository(server.db).steps(exe.id);
    expect(steps.map((s) => [s.nodeId, s.output, s.input, s.logs, s.attempts, s.error])).toEqual([
      ['t', { main: [{ n: 1 }] }, {}, [], 1, null],
    ]);
    expect(steps[0]?.startedAt).toBeInstanceOf(Date);
    expect(await counts()).toEqual({
      total: (before.total ?? 0) + 1,
      succeeded: (before.succeeded ?? 0) + 1,
      last: exe.id,
    });
  });

  it('writes a run whole as one operation: inserted ended, its steps packed in its row, counted once', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const before = await counts();
    const exe = row('me');
    const end = { id: exe.id, flowId, createdAt: exe.createdAt, owner: 'me', status: 'failed' as const, error: null };
    const other = row('me');
    const first = { ...step(exe.id), startedAt: new Date('2026-11-28T10:00:00.123Z') };
    const [whole, alone] = await Promise.all([
      writer.insertEnded(exe, [first, { ...step(exe.id), runIndex: 1, error: 'Failed query: select secret' }], end),
      writer.insert(other),
    ]);
    expect([whole, alone]).toEqual([true, true]);
    const [saved] = await server.db.select().from(executions).where(eq(executions.id, exe.id));
    expect(saved).toMatchObject({ status: 'failed', leaseOwner: null });
    const steps = await executionRepository(server.db).steps(exe.id);
    expect(steps.map((s) => [s.runIndex, s.output, s.error])).toEqual([
      [0, { main: [{ n: 1 }] }, null],
      [1, { main: [{ n: 1 }] }, 'a database error (the details are in the server log)'],
    ]);
    // Times come back to the millisecond.
    expect(steps[0]?.startedAt.toISOString()).toBe('2026-11-28T10:00:00.123Z');
    expect(saved?.createdAt.getTime()).toBe(exe.createdAt.getTime());
    expect(await counts()).toEqual({ total: (before.total ?? 0) + 1, succeeded: before.succeeded, last: exe.id });
    // Written again (the same id): the first stands, and it is not counted twice.
    expect(await writer.insertEnded(exe, [], end)).toBe(false);
    expect((await counts()).total).toBe((before.total ?? 0) + 1);
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

  it('saves run data with NUL and lone surrogates (in strings and keys) as U+FFFD, next to a clean execution of its batch', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const clean = row('me');
    // Text that only looks like an escape (a backslash, then u0000) stays as it is.
    const literal = String.raw`C:\u0000 \\ud800`;
    const dirty = {
      ...row('me'),
      trigger: [{ 'k\u0000': 'a\u0000b', lone: '\ud800x', low: 'y\udc00', pair: '\ud83d\ude00', literal }],
    };
    const dirtyStep = { ...step(dirty.id), output: { main: [{ text: 'nul\u0000', half: '\udbff' }] } };
    const results = await Promise.all([
      writer.insert(clean),
      writer.saveStep(step(clean.id)),
      writer.insert(dirty),
      writer.saveStep(dirtyStep),
      writer.setResponse(dirty.id, { status: 200, headers: {}, body: '\u0000' }),
    ]);
    expect(results).toEqual([true, true, true, true, true]);
    const saved = new Map((await server.db.select().from(executions)).map((r) => [r.id, r]));
    expect(saved.get(clean.id)?.trigger).toEqual([{ n: 1 }]);
    expect(saved.get(dirty.id)?.trigger).toEqual([
      { 'k\ufffd': 'a\ufffdb', lone: '\ufffdx', low: 'y\ufffd', pair: '\ud83d\ude00', literal },
    ]);
    expect(saved.get(dirty.id)?.response).toEqual({ status: 200, headers: {}, body: '\ufffd' });
    const [savedStep] = await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, dirty.id));
    expect(savedStep?.output).toEqual({ main: [{ text: 'nul\ufffd', half: '\ufffd' }] });
  });

  it('an execution that cannot be written fails alone: the others of its batch are saved, its error names no query and no other execution', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const others = Array.from({ length: 4 }, () => row('me'));
    // Refused by the database (not an integer) and unwritable before it (too deep to serialize).
    const refused = { ...row('me'), version: 1.5 };
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const tooDeep = row('me');
    const settled = await Promise.allSettled([
      writer.insert(others[0] as ReturnType<typeof row>),
      writer.insert(refused),
      writer.saveStep(step(refused.id)),
      writer.insert(others[1] as ReturnType<typeof row>),
      writer.insert(tooDeep),
      writer.saveStep({ ...step(tooDeep.id), output: { main: [{ deep }] } }),
      writer.insert(others[2] as ReturnType<typeof row>),
      writer.saveStep(step((others[2] as ReturnType<typeof row>).id)),
      writer.finish({
        id: (others[3] as ReturnType<typeof row>).id,
        flowId,
        createdAt: new Date(),
        owner: 'me',
        status: 'succeeded',
        error: null,
      }),
      writer.insert(others[3] as ReturnType<typeof row>),
    ]);
    expect(settled.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const saved = new Set((await server.db.select({ id: executions.id }).from(executions)).map((r) => r.id));
    for (const exe of others) expect(saved.has(exe.id)).toBe(true);
    expect(saved.has(refused.id) || saved.has(tooDeep.id)).toBe(false);
    for (const result of settled) {
      if (result.status !== 'rejected') continue;
      const message = String((result.reason as Error).message);
      expect(message).not.toMatch(/insert into|select |Failed query/i);
      for (const exe of others) expect(message).not.toContain(exe.id);
      expect(message).not.toContain(accountId);
    }
  });

  it('stores an error text without the query a database error quoted', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const exe = row('me');
    await writer.insert(exe);
    const leaked = `Flowmind could not finish this run: Failed query: insert into executions (id) values ($1)\nparams: ${accountId}`;
    await writer.saveStep({ ...step(exe.id), status: 'failed', error: leaked });
    expect(
      await writer.finish({
        id: exe.id,
        flowId,
        createdAt: exe.createdAt,
        owner: 'me',
        status: 'failed',
        error: { nodeId: null, nodeName: null, message: leaked },
      }),
    ).toBe(true);
    const [saved] = await server.db.select().from(executions).where(eq(executions.id, exe.id));
    const [savedStep] = await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, exe.id));
    for (const text of [(saved?.error as { message?: string } | null)?.message ?? '', savedStep?.error ?? '']) {
      expect(text).toMatch(/^Flowmind could not finish this run: a database error/);
      expect(text).not.toMatch(/insert into|Failed query/i);
      expect(text).not.toContain(accountId);
    }
  });

  it('a new execution (a sub-flow’s) and a wait step are saved with U+FFFD for NUL and lone surrogates too', async () => {
    const repo = executionRepository(server.db);
    const graph = { nodes: [], edges: [], stickies: [] };
    const created = await repo.create({
      accountId,
      flowId,
      versionId: null,
      version: null,
      graph,
      mode: 'manual',
      trigger: [{ 'k\u0000': 'a\u0000b', lone: '\ud800' }],
      status: 'running',
      leaseOwner: 'owner-w',
    });
    const [saved] = await server.db.select().from(executions).where(eq(executions.id, created.id));
    expect(saved?.trigger).toEqual([{ 'k\ufffd': 'a\ufffdb', lone: '\ufffd' }]);
    await repo.waitStep(
      {
        executionId: created.id,
        accountId,
        nodeId: 'wait',
        nodeName: 'Wait',
        nodeType: 'wait',
        runIndex: 0,
        status: 'waiting',
        input: { main: [{ text: 'x\u0000' }] },
        output: null,
        logs: [],
        error: null,
        attempts: 1,
        startedAt: new Date(),
        finishedAt: null,
      },
      'owner-w',
      new Date(Date.now() + 60_000),
    );
    const [step] = await server.db.select().from(executionSteps).where(eq(executionSteps.executionId, created.id));
    expect(step?.input).toEqual({ main: [{ text: 'x\ufffd' }] });
  });

  it('writes a fenced step only while its worker still holds the execution, and says whether it did', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const held = row('w-a');
    await writer.insert(held);
    // Another worker took the execution over (this one was paused past its lease).
    await server.db.update(executions).set({ leaseOwner: 'w-b' }).where(eq(executions.id, held.id));
    const started = { ...step(held.id), status: 'started' as const, output: null, finishedAt: null };
    expect(await writer.saveStep(started, { fence: 'w-a' })).toBe(false);
    const stepsOf = (id: string) => server.db.select().from(executionSteps).where(eq(executionSteps.executionId, id));
    expect(await stepsOf(held.id)).toHaveLength(0);
    // In a batch with other writes, only the fenced-out step is left out.
    const other = row('w-x');
    const [lost, kept, inserted] = await Promise.all([
      writer.saveStep({ ...started, nodeId: 'lost' }, { fence: 'w-a' }),
      writer.saveStep({ ...started, nodeId: 'kept' }, { fence: 'w-b' }),
      writer.insert(other),
    ]);
    expect([lost, kept, inserted]).toEqual([false, true, true]);
    expect((await stepsOf(held.id)).map((saved) => saved.nodeId)).toEqual(['kept']);
    // An execution created in the same batch is its creator's: its fenced step is written.
    const fresh = row('w-c');
    const [created, first] = await Promise.all([
      writer.insert(fresh),
      writer.saveStep({ ...started, executionId: fresh.id }, { fence: 'w-c' }),
    ]);
    expect([created, first]).toEqual([true, true]);
    expect(await stepsOf(fresh.id)).toHaveLength(1);
  });

  it('discards an ended execution its flow does not keep: deleted with its steps, uncounted, only by its owner', async () => {
    const writer = createExecutionWriter({ db: server.db, logger: pino({ level: 'silent' }) });
    const before = await counts();
    const rowsOf = async (id: string) => server.db.select().from(executions).where(eq(executions.id, id));
    const stepsOf = async (id: string) =>
      server.db.select().from(executionSteps).where(eq(executionSteps.executionId, id));

    // Written earlier, then discarded by its owner: gone, steps and all.
    const earlier = row('me');
    expect(await Promise.all([writer.insert(earlier), writer.saveStep(step(earlier.id))])).toEqual([true, true]);
    expect(await writer.discard({ id: earlier.id, owner: 'someone-else' })).toBe(false);
    expect(await rowsOf(earlier.id)).toHaveLength(1);
    expect(await writer.discard({ id: earlier.id, owner: 'me' })).toBe(true);
    expect(await rowsOf(earlier.id)).toEqual([]);
    expect(await stepsOf(earlier.id)).toEqual([]);

    // Created and discarded in one batch: never written, next to another execution that is.
    const fleeting = row('me');
    const kept = row('me');
    const results = await Promise.all([
      writer.insert(fleeting),
      writer.saveStep(step(fleeting.id)),
      writer.insert(kept),
      writer.discard({ id: fleeting.id, owner: 'me' }),
      writer.finish({ id: kept.id, flowId, createdAt: kept.createdAt, owner: 'me', status: 'succeeded', error: null }),
    ]);
    expect(results).toEqual([true, true, true, true, true]);
    expect(await rowsOf(fleeting.id)).toEqual([]);
    expect(await stepsOf(fleeting.id)).toEqual([]);
    expect((await rowsOf(kept.id))[0]?.status).toBe('succeeded');
    // Only the kept one was counted.
    expect((await counts()).total).toBe((before.total ?? 0) + 1);
  });
});
