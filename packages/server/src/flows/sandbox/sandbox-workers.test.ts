import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import type { Item, StepLog } from '@flowmind/shared/flows';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeError, createSandbox, DEFAULT_MEMORY_LIMIT_BYTES } from './sandbox';
import { nothingSent, scopePart } from './scope-part';
import { createWorkerPool, JobStopped } from './worker-pool';

const sandbox = createSandbox({ workers: 2, executionBudgetMs: 1500 });
afterAll(() => sandbox.close());

const run = (code: string, more: { timeoutMs?: number; executionId?: string; signal?: AbortSignal } = {}) => {
  const logs: string[] = [];
  const output = sandbox.runCode({
    code,
    items: [{ n: 1 }] as Item[],
    globals: {},
    timeoutMs: 2000,
    log: (_level: StepLog['level'], message: string) => logs.push(message),
    ...more,
  });
  return { output, logs };
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof CodeError ? error.message : error),
  );

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

const scope: ExpressionScope = {
  $json: { name: 'Ada' },
  $index: 0,
  $items: [{ name: 'Ada' }],
  $node: { Fetch: { json: { status: 200 }, items: [{ status: 200 }] }, Other: { json: {}, items: [{ big: 'x' }] } },
  $trigger: { json: {}, items: [] },
  $execution: { id: 'exe', mode: 'test' },
  $flow: { id: 'flw', name: 'Flow' },
  $now: '2026-01-01T00:00:00.000Z',
};

describe('sandbox workers', () => {
  it('lets one account hold all code workers but one, so another account’s code runs meanwhile', async () => {
    const shared = createSandbox({ workers: 3 });
    try {
      const finished: string[] = [];
      const code = (accountId: string, label: string, source: string) =>
        shared
          .runCode({ code: source, items: [{}], globals: {}, timeoutMs: 3000, log: () => {}, accountId })
          .catch(() => [])
          .then(() => finished.push(label));
      // Workers start as jobs come: two at once leave two workers started (and a spare starting).
      await Promise.all([code('acc_warm', 'warm', 'return items'), code('acc_warm2', 'warm', 'return items')]);
      // Two code workers (one is kept for expressions): the spinning account may hold one of them.
      const spinning = [code('acc_a', 'a1', 'while (true) {}'), code('acc_a', 'a2', 'while (true) {}')];
      await new Promise((resolve) => setTimeout(resolve, 100));
      await code('acc_b', 'b', 'return items');
      expect(finished).toEqual(['warm', 'warm', 'b']);
      await Promise.all(spinning);
      expect(finished).toEqual(['warm', 'warm', 'b', 'a1', 'a2']);
    } finally {
      await shared.close();
    }
  });

  it('keeps the calling thread free while code spins', async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    await run('return [{ warm: true }]').output;
    last = performance.now();
    longestGap = 0;
    expect(await failure(run('while (true) {}').output)).toBe('Code step timed out after 2 s');
    clearInterval(ticker);
    // In the calling thread the loop held it for the whole 2 s.
    expect(longestGap).toBeLessThan(1000);
  });

  it('replaces a worker that died and runs the next code step', async () => {
    await run('return []').output;
    const [victim] = sandbox.workers();
    await victim!.terminate();
    await until(() => !sandbox.workers().includes(victim!));
    expect(await run('return items.map((i) => ({ n: i.n + 1 }))').output).toEqual([{ n: 2 }]);
  });

  it('stops running code when its step is stopped, by replacing its worker', async () => {
    const abort = new AbortController();
    const spinning = run("console.log('started'); while (true) {}", { timeoutMs: 30_000, signal: abort.signal });
    await until(() => spinning.logs.length > 0);
    const before = sandbox.workers();
    abort.abort();
    expect(await failure(spinning.output)).toBe('Code step stopped');
    expect(spinning.logs).toEqual(['started']);
    expect(before.filter((worker) => !sandbox.workers().includes(worker))).toHaveLength(1);
    expect(await run('return { ok: true }').output).toEqual([{ ok: true }]);
  });

  it('terminates a worker whose job runs past its hard limit, whatever the VM does', async () => {
    const pool = createWorkerPool({
      size: 2,
      setup: { memoryLimitBytes: DEFAULT_MEMORY_LIMIT_BYTES, stackSizeBytes: 256 * 1024 },
    });
    const job = (code: string, timeoutMs: number, hardMs: number) =>
      pool.submit({
        kind: 'code',
        prepare: () => ({ type: 'code', code, items: [], globals: {}, timeoutMs }),
        hardMs,
      });
    try {
      expect(await job('return []', 1000, 60_000)).toMatchObject({ ok: true, items: [] });
      const before = pool.workers();
      // The VM's own deadline is far off: only the pool's hard limit can end this.
      const stopped = await job('while (true) {}', 60_000, 300).catch((error: unknown) => error);
      expect(stopped).toBeInstanceOf(JobStopped);
      expect((stopped as JobStopped).reason).toBe('timeout');
      expect(before.filter((worker) => !pool.workers().includes(worker))).toHaveLength(1);
      expect(await job('return [{ after: 1 }]', 1000, 60_000)).toMatchObject({ ok: true, items: [{ after: 1 }] });
    } finally {
      await pool.close();
    }
  });

  it('starts workers as jobs wait for them, up to its size, and ends them once idle', async () => {
    const pool = createWorkerPool({
      size: 3,
      setup: { memoryLimitBytes: DEFAULT_MEMORY_LIMIT_BYTES, stackSizeBytes: 256 * 1024 },
      idleMs: 300,
    });
    const job = (code: string, kind: 'code' | 'expression' = 'code') =>
      pool.submit(
        kind === 'code'
          ? { kind, prepare: () => ({ type: 'code', code, items: [], globals: {}, timeoutMs: 2000 }), hardMs: 5000 }
          : {
              kind,
              prepare: () => ({
                type: 'expression',
                session: 1,
                code,
                part: { roots: {}, nodes: {}, names: [] },
                timeoutMs: 1000,
              }),
              hardMs: 5000,
            },
      );
    try {
      expect(pool.workers()).toHaveLength(0);
      expect(await job('return []')).toMatchObject({ ok: true });
      // The worker that ran it, and a spare started while it was busy.
      expect(pool.workers()).toHaveLength(2);
      // One after another, jobs keep to those two.
      expect(await job('return [{ n: 2 }]')).toMatchObject({ ok: true, items: [{ n: 2 }] });
      expect(pool.workers()).toHaveLength(2);
      // At once, they get a worker each: two for code (all but one), the third for an expression.
      const spinning = [job('const end = Date.now() + 500; while (Date.now() < end) {} return []'), job('return []')];
      const expression = job('1 + 1', 'expression');
      expect(await expression).toMatchObject({ ok: true, json: '2' });
      await Promise.all(spinning);
      expect(pool.workers()).toHaveLength(3);
      await until(() => pool.workers().length === 0);
      expect(await job('return [{ again: true }]')).toMatchObject({ ok: true, items: [{ again: true }] });
    } finally {
      await pool.close();
    }
  });

  it('refuses more code once an execution has used its sandbox time', async () => {
    const spin = () => failure(run('while (true) {}', { timeoutMs: 1000, executionId: 'exe_budget' }).output);
    expect(await spin()).toBe('Code step timed out after 1 s');
    expect(await spin()).toBe('Code step timed out after 1 s');
    expect(await spin()).toBe('Code step not run: this execution has used its 1.5 s of sandbox time');
    // Other executions are not charged.
    expect(await run('return []', { executionId: 'exe_other' }).output).toEqual([]);
  });

  it('caps a code step timeout at the server maximum', async () => {
    const capped = createSandbox({ workers: 2, codeTimeoutMaxMs: 1000 });
    try {
      const spinning = capped.runCode({ code: 'while (true) {}', items: [], globals: {}, timeoutMs: 30_000, log() {} });
      expect(await failure(spinning)).toBe('Code step timed out after 1 s');
    } finally {
      await capped.close();
    }
  });

  it('sends an expression only the scope it names, and the rest when it reaches more', async () => {
    expect(scopePart(scope, '$json.name.toUpperCase()', nothingSent())).toEqual({
      roots: { $json: scope.$json },
      nodes: {},
      names: ['Fetch', 'Other'],
    });
    const sent = nothingSent();
    scopePart(scope, '$json.name', sent);
    expect(scopePart(scope, "$('Fetch').first().json.status + $json.name", sent)).toEqual({
      roots: { $index: 0 },
      nodes: { Fetch: scope.$node.Fetch },
    });

    const session = sandbox.expressionSession(scope);
    try {
      expect(await session.evaluate("{{ $('Fetch').first().json.status }}")).toBe(200);
      expect(await session.evaluate("{{ globalThis['$it' + 'ems'].length + Object.keys($node).length }}")).toBe(3);
      expect(await session.evaluate("{{ $node['Oth' + 'er'].items[0].big }}")).toBe('x');
    } finally {
      session.dispose();
    }
  });
});
