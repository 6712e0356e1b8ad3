import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSandbox, ExpressionError, type ExpressionSession, expressionStats } from './sandbox';

const sandbox = createSandbox();
// For the limits other than time: on a busy machine 1 s of wall clock can pass before memory or stack runs out.
const patient = createSandbox({ expressionTimeoutMs: 30_000 });

const scope: ExpressionScope = {
  $json: {
    name: 'Ada',
    count: 2,
    tags: ['a', 'b'],
    user: { email: 'ada@example.com' },
    none: null,
    'full name': 'A L',
  },
  $index: 1,
  $items: [{ name: 'Bob' }, { name: 'Ada' }],
  $node: {
    Fetch: { json: { status: 200 }, items: [{ status: 200 }, { status: 404 }, { status: 500 }] },
    'Send mail': { json: { sent: true }, items: [{ sent: true }] },
  },
  $trigger: { json: { id: 't1' }, items: [{ id: 't1' }] },
  $execution: { id: 'exe_1', mode: 'manual' },
  $flow: { id: 'flw_1', name: 'Welcome' },
  $now: '2026-01-01T00:00:00.000Z',
};

let session: ExpressionSession;
const open = (from = sandbox) => {
  session = from.expressionSession(scope);
  return session;
};
afterEach(() => session?.dispose());
afterAll(async () => {
  await sandbox.close();
  await patient.close();
});

async function failure(template: string): Promise<ExpressionError> {
  const error = await session.evaluate(template).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExpressionError);
  return error as ExpressionError;
}

describe('expression sessions', () => {
  it('keeps the type of a single expression', async () => {
    open();
    expect(await session.evaluate('{{ $json.count }}')).toBe(2);
    expect(await session.evaluate('{{ $json.count * 2 }}')).toBe(4);
    expect(await session.evaluate('{{ $json.tags }}')).toEqual(['a', 'b']);
    expect(await session.evaluate('{{ $json.count > 1 }}')).toBe(true);
    expect(await session.evaluate('{{ $json.none }}')).toBeNull();
    expect(await session.evaluate('{{ $json.missing }}')).toBeUndefined();
    expect(await session.evaluate('{{ { total: $json.count + 1 } }}')).toEqual({ total: 3 });
  });

  it('interpolates mixed text', async () => {
    open();
    expect(await session.evaluate('Hi {{ $json.name }}, you have {{ $json.count }} ({{ $json.user }})')).toBe(
      'Hi Ada, you have 2 ({"email":"ada@example.com"})',
    );
    expect(await session.evaluate('[{{ $json.none }}|{{ $json.missing }}|{{ $json.name.length > 2 }}]')).toBe(
      '[||true]',
    );
  });

  it('leaves other values and plain text alone', async () => {
    open();
    expect(await session.evaluate(42)).toBe(42);
    expect(await session.evaluate(null)).toBeNull();
    expect(await session.evaluate('no braces')).toBe('no braces');
    expect(await session.evaluate('open {{ $json.name')).toBe('open {{ $json.name');
  });

  it('reads earlier steps through $node and $()', async () => {
    open();
    expect(await session.evaluate('{{ $node["Fetch"].json.status }}')).toBe(200);
    expect(await session.evaluate('{{ $node["Send mail"].json.sent && "yes" }}')).toBe('yes');
    expect(await session.evaluate("{{ $('Fetch').first().json.status }}")).toBe(200);
    expect(await session.evaluate("{{ $('Fetch').last().json.status }}")).toBe(500);
    expect(await session.evaluate("{{ $('Fetch').all().map((i) => i.json.status) }}")).toEqual([200, 404, 500]);
    // `item` is the item at $index (1).
    expect(await session.evaluate("{{ $('Fetch').item.json.status }}")).toBe(404);
    expect(await session.evaluate('{{ $trigger.json.id + $execution.id + $flow.name + $now.slice(0, 4) }}')).toBe(
      't1exe_1Welcome2026',
    );
    expect((await failure("{{ $('Nope').first() }}")).message).toBe(
      `Expression {{ $('Nope').first() }} failed: Error: No step named "Nope" ran before this one`,
    );
  });

  it('reads simple paths without creating a VM', async () => {
    open();
    const before = expressionStats.vmsCreated;
    expect(await session.evaluate('{{ $json.user.email }}')).toBe('ada@example.com');
    expect(await session.evaluate('{{ $json["full name"] }}')).toBe('A L');
    expect(await session.evaluate('{{ $json.tags[1] }}')).toBe('b');
    expect(await session.evaluate('{{ $node["Fetch"].items[2].status }}')).toBe(500);
    expect(await session.evaluate('{{ $index }}, {{ $execution.id }}')).toBe('1, exe_1');
    expect((await failure('{{ $json.user.address.city }}')).message).toBe(
      "Expression {{ $json.user.address.city }} failed: TypeError: cannot read property 'city' of undefined",
    );
    expect(expressionStats.vmsCreated).toBe(before);
    // A copy: changing what an expression gave does not change the scope.
    const tags = (await session.evaluate('{{ $json.tags }}')) as string[];
    tags.push('c');
    expect(scope.$json.tags).toEqual(['a', 'b']);

    expect(await session.evaluate('{{ $json.name.toUpperCase() }}')).toBe('ADA');
    expect(await session.evaluate('{{ $json.count + 1 }}')).toBe(3);
    expect(expressionStats.vmsCreated).toBe(before + 1);
  });

  it('words errors with the expression', async () => {
    open();
    const error = await failure('{{ $json.nope.b + 1 }}');
    expect(error.message).toBe(
      "Expression {{ $json.nope.b + 1 }} failed: TypeError: cannot read property 'b' of undefined",
    );
    expect(error.expression).toBe('$json.nope.b + 1');
    expect((await failure('{{ $missing }}')).message).toBe(
      "Expression {{ $missing }} failed: ReferenceError: '$missing' is not defined",
    );
    expect((await failure('{{ 1 + }}')).message).toMatch(/^Expression \{\{ 1 \+ \}\} failed: SyntaxError: /);
    expect((await failure('{{ process.exit() }}')).message).toMatch(/ReferenceError: 'process' is not defined/);
  });

  it('times out an endless loop and keeps working after it', async () => {
    open();
    const started = Date.now();
    expect((await failure('{{ (() => { while (true) {} })() }}')).message).toBe(
      'Expression {{ (() => { while (true) {} })() }} failed: timed out after 1 s',
    );
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await session.evaluate('{{ $json.count * 10 }}')).toBe(20);
  });

  it('stops a memory bomb at the limit', async () => {
    open(patient);
    expect((await failure("{{ (() => { const a = []; while (true) a.push('x'.repeat(1e7)) })() }}")).message).toMatch(
      /failed: ran out of memory \(limit 64 MB\)$/,
    );
    expect((await failure('{{ (function f() { return f() + 1 })() }}')).message).toMatch(
      /failed: exceeded the maximum call stack \(too deep recursion\)$/,
    );
    expect(await session.evaluate('{{ [1, 2, 3].length }}')).toBe(3);
  });

  it('recovers when native recursion exhausts the host stack', async () => {
    open(patient);
    const deep =
      '{{ (() => { let o = {}; const root = o; for (let i = 0; i < 1e5; i++) { o.a = {}; o = o.a } return JSON.stringify(root).length })() }}';
    expect((await failure(deep)).message).toMatch(/failed: exceeded the maximum call stack \(too deep recursion\)$/);
    expect(await session.evaluate('{{ $json.name.toLowerCase() }}')).toBe('ada');
    const other = patient.expressionSession(scope);
    expect(await other.evaluate('{{ $index * 2 }}')).toBe(2);
    other.dispose();
  });

  it('resolves every string inside params', async () => {
    open();
    const params = {
      url: 'https://example.com/{{ $json.name }}',
      headers: [{ key: 'X-Count', value: '{{ $json.count }}' }],
      body: { nested: ['{{ $json.tags }}', 7, true, null] },
    };
    expect(await session.resolveDeep(params)).toEqual({
      url: 'https://example.com/Ada',
      headers: [{ key: 'X-Count', value: 2 }],
      body: { nested: [['a', 'b'], 7, true, null] },
    });
  });

  it('resolves params that need the VM in order, the failure first met being the one reported', async () => {
    open();
    const before = expressionStats.vmsCreated;
    // Read without a VM at all: paths, plain arithmetic, text around them.
    expect(await session.resolveDeep({ a: ['{{ $json.count + 1 }} of {{ $json.name }}'], b: '{{ $index }}' })).toEqual({
      a: ['3 of Ada'],
      b: 1,
    });
    expect(expressionStats.vmsCreated).toBe(before);
    // One that needs the VM, between two that do not: every value still in its place.
    expect(
      await session.resolveDeep({ first: '{{ $json.name }}', upper: ['{{ $json.name.toUpperCase() }}'], last: 7 }),
    ).toEqual({ first: 'Ada', upper: ['ADA'], last: 7 });
    expect(expressionStats.vmsCreated).toBe(before + 1);
    // A VM expression failing before a bad path: its failure is the one reported, as in order.
    const vmFirst = await session
      .resolveDeep({ x: '{{ $json.name.nope() }}', y: '{{ $json.user.address.city }}' })
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(vmFirst).toMatch(/^Expression \{\{ \$json\.name\.nope\(\) \}\} failed: TypeError/);
    // A bad path before a VM expression fails without running it.
    const pathFirst = await session
      .resolveDeep({ y: '{{ $json.user.address.city }}', x: '{{ $json.name.nope() }}' })
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(pathFirst).toBe(
      "Expression {{ $json.user.address.city }} failed: TypeError: cannot read property 'city' of undefined",
    );
  });

  it('refuses to evaluate after dispose', async () => {
    const disposed = sandbox.expressionSession(scope);
    disposed.dispose();
    await expect(disposed.evaluate('{{ 1 + 1 }}')).rejects.toThrow(/disposed/);
  });

  it('is fast enough (timings printed, not asserted)', async () => {
    open();
    let started = performance.now();
    for (let i = 0; i < 10_000; i++) await session.evaluate('{{ $json.user.email }}');
    const simpleMs = performance.now() - started;
    started = performance.now();
    for (let i = 0; i < 1_000; i++) await session.evaluate('{{ $json.name.toUpperCase() + $index }}');
    const vmMs = performance.now() - started;
    started = performance.now();
    for (let i = 0; i < 100; i++) {
      const perItem = sandbox.expressionSession({ ...scope, $index: i });
      await perItem.evaluate('{{ $json.count + $index }}');
      perItem.dispose();
    }
    const sessionMs = performance.now() - started;
    console.log(
      `10,000 simple-path evaluations: ${simpleMs.toFixed(0)} ms; 1,000 VM evaluations: ${vmMs.toFixed(0)} ms; ` +
        `100 sessions with one VM expression each: ${sessionMs.toFixed(0)} ms`,
    );
  });
});
