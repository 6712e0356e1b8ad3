import type { Item, StepLog } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { MAX_LOG_LINES } from './run-code';
import { CodeError, createSandbox } from './sandbox';

const sandbox = createSandbox();

async function run(code: string, { items = [{ a: 1 }, { a: 2 }] as Item[], globals = {}, timeoutMs = 2000 } = {}) {
  const logs: Omit<StepLog, 'at'>[] = [];
  const output = await sandbox.runCode({
    code,
    items,
    globals,
    timeoutMs,
    log: (level, message) => logs.push({ level, message }),
  });
  return { output, logs };
}

async function failure(code: string, options: Parameters<typeof run>[1] = {}): Promise<string> {
  const error = await run(code, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodeError);
  return (error as Error).message;
}

describe('runCode', () => {
  it('maps items and keeps the shape of what the code returns', async () => {
    expect((await run('return items.map((item) => ({ b: item.a * 2 }))')).output).toEqual([{ b: 2 }, { b: 4 }]);
    expect((await run('return { one: true }')).output).toEqual([{ one: true }]);
    expect((await run('items.length')).output).toEqual([]);
    expect((await run("return [1, 'a', null, [2], { k: 1 }]")).output).toEqual([
      { value: 1 },
      { value: 'a' },
      { value: null },
      { value: [2] },
      { k: 1 },
    ]);
  });

  it('refuses other return values in words', async () => {
    expect(await failure("return 'x'")).toBe(
      'Code must return an array of objects (or one object); it returned a string',
    );
    expect(await failure('return 42')).toMatch(/it returned a number$/);
    expect(await failure('return null')).toMatch(/it returned null$/);
  });

  it('gives $json, $input, $ and the globals', async () => {
    const globals = {
      $trigger: { json: { source: 'hook' }, items: [{ source: 'hook' }] },
      $node: { Fetch: { json: { status: 200 }, items: [{ status: 200 }, { status: 404 }] } },
      $execution: { id: 'exe_1', mode: 'manual' },
    };
    const { output } = await run(
      `return {
        first: $json.a,
        input: $input.first().json.a,
        all: $input.all().length,
        item: $input.item.json.a,
        trigger: $trigger.json.source,
        node: $node.Fetch.json.status,
        last: $('Fetch').last().json.status,
        execution: $execution.id,
      }`,
      { globals },
    );
    expect(output).toEqual([
      { first: 1, input: 1, all: 2, item: 1, trigger: 'hook', node: 200, last: 404, execution: 'exe_1' },
    ]);
  });

  it('runs async code to its end', async () => {
    const { output } = await run(`
      const double = async (n) => { await null; return n * 2; };
      const values = await Promise.all(items.map((item) => double(item.a)));
      return values.map((v) => ({ v }));
    `);
    expect(output).toEqual([{ v: 2 }, { v: 4 }]);
    expect(await failure('await new Promise(() => {})')).toMatch(/never finished/);
  });

  it('sends console output to the logs, objects as JSON, with caps', async () => {
    const { logs } = await run(`
      console.log('hello', { x: 1 }, [1, 2]);
      console.info(42);
      console.warn(new Error('careful'));
      console.error(undefined, null);
    `);
    expect(logs).toEqual([
      { level: 'log', message: 'hello {"x":1} [1,2]' },
      { level: 'info', message: '42' },
      { level: 'warn', message: 'Error: careful' },
      { level: 'error', message: 'undefined null' },
    ]);
    const long = await run("console.log('x'.repeat(50000))");
    expect(long.logs[0]!.message.length).toBeLessThan(10_300);
    expect(long.logs[0]!.message).toMatch(/cut at 10 KB\)$/);
    const many = await run('for (let i = 0; i < 5000; i++) console.log(i)');
    expect(many.logs).toHaveLength(MAX_LOG_LINES + 1);
    expect(many.logs.at(-1)).toEqual({ level: 'warn', message: 'More than 1000 log lines: the rest are not kept' });
  });

  it('stops an endless loop at the timeout', async () => {
    const started = Date.now();
    expect(await failure('while (true) {}', { timeoutMs: 1000 })).toBe('Code step timed out after 1 s');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3000);
    expect(await failure('await null; for (;;) {}', { timeoutMs: 500 })).toBe('Code step timed out after 0.5 s');
  });

  it('stops a memory bomb at the limit, and the next run has its memory back', async () => {
    expect(await failure("const a = []; while (true) a.push('x'.repeat(1e7))")).toBe(
      'Code step ran out of memory (limit 64 MB)',
    );
    expect(await failure('const a = []; while (true) a.push({ a: 1, b: [1, 2, 3] })')).toBe(
      'Code step ran out of memory (limit 64 MB)',
    );
    expect((await run("const s = 'y'.repeat(30e6); return { n: s.length }")).output).toEqual([{ n: 30e6 }]);
  });

  it('stops deep recursion, in code and in native calls', async () => {
    const message = 'Code step exceeded the maximum call stack (too deep recursion)';
    expect(await failure('const f = (n) => f(n + 1) + 1; return f(0)')).toBe(message);
    // JSON.stringify recursing in C can exhaust the host's stack first; the instance is replaced.
    expect(
      await failure(
        'let o = {}; const root = o; for (let i = 0; i < 1e5; i++) { o.a = {}; o = o.a } JSON.stringify(root)',
      ),
    ).toBe(message);
    expect((await run('return { ok: true }')).output).toEqual([{ ok: true }]);
  });

  it.each([
    ['process.exit()', "Code step failed: ReferenceError: 'process' is not defined (line 1)"],
    ["require('fs')", "Code step failed: ReferenceError: 'require' is not defined (line 1)"],
    ["await fetch('http://x')", "Code step failed: ReferenceError: 'fetch' is not defined (line 1)"],
    ['new XMLHttpRequest()', "Code step failed: ReferenceError: 'XMLHttpRequest' is not defined (line 1)"],
    ['setTimeout(() => {}, 1)', "Code step failed: ReferenceError: 'setTimeout' is not defined (line 1)"],
    [
      "globalThis.constructor.constructor('return process')().exit()",
      "Code step failed: ReferenceError: 'process' is not defined",
    ],
    ["await import('fs')", 'Code step failed: Error: import is not available in the code step (line 1)'],
  ])('%s reaches nothing of the host', async (code, message) => {
    expect(await failure(code)).toContain(message);
    expect(process.exitCode).toBeUndefined();
  });

  it('names the line of an error', async () => {
    expect(await failure('const a = 1;\n\nconst b = a.x.y;')).toBe(
      "Code step failed: TypeError: cannot read property 'y' of undefined (line 3)",
    );
    expect(await failure('const a = 1;\nconst = 2;')).toMatch(/^Code step failed: SyntaxError: .* \(line 2\)$/);
    expect(await failure("throw new Error('mine')")).toBe('Code step failed: Error: mine (line 1)');
  });

  it('survives a QuickJS leak in promise callbacks: the result stands and the instance is replaced', async () => {
    const leaky =
      "return Promise.resolve(1).then(() => { const s = JSON.stringify({ big: 'x'.repeat(4e6) }); return { n: s.length } })";
    expect((await run(leaky)).output).toEqual([{ n: 4_000_010 }]);
    expect((await run('return { after: true }')).output).toEqual([{ after: true }]);
  });

  it('caps the output size', async () => {
    expect(await failure("return { big: 'x'.repeat(11e6) }")).toBe(
      'Code step output is too large (10.5 MB of JSON; limit 10 MB)',
    );
  });

  it('passes data as JSON both ways', async () => {
    const items = [{ date: '2026-01-01', nested: { list: [1, { deep: true }] }, text: 'é ✓ 😀' }];
    expect((await run('return items', { items })).output).toEqual(items);
    expect((await run('return { when: new Date(0), skip: undefined, fn() {} }')).output).toEqual([
      { when: '1970-01-01T00:00:00.000Z' },
    ]);
  });
});
