import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/sandbox';
import { codeStep, sandboxServices } from './code';
import type { StepServices } from './step';
import { StepError } from './step';
import { testContext } from './test-context';

const sandbox = createSandbox();
const services = sandboxServices(sandbox);

const scope: ExpressionScope = {
  $json: { a: 1 },
  $index: 0,
  $items: [{ a: 1 }],
  $node: { Fetch: { json: { status: 200 }, items: [{ status: 200 }] } },
  $trigger: { json: { from: 'hook' }, items: [{ from: 'hook' }] },
  $execution: { id: 'exe_test', mode: 'test' },
  $flow: { id: 'flw_test', name: 'Test flow' },
  $now: '2026-01-01T00:00:00.000Z',
};

/** Templates evaluated by the real expression sandbox, as the engine does. */
async function evaluate(template: unknown) {
  const session = sandbox.expressionSession(scope);
  try {
    return await session.evaluate(template);
  } finally {
    session.dispose();
  }
}

describe('code step', () => {
  it('runs the code on the items and sends the result on main', async () => {
    const ctx = testContext({
      type: 'code',
      params: { code: 'console.log(items.length); return items.map((i) => ({ a: i.a + 1 }))' },
      items: [{ a: 1 }, { a: 2 }],
      services,
      evaluate,
    });
    expect(await codeStep.run(ctx)).toEqual({ outputs: { main: [{ a: 2 }, { a: 3 }] } });
    expect(ctx.logs.map((l) => [l.level, l.message])).toEqual([['log', '2']]);
  });

  it('runs the default code of the catalogue', async () => {
    const ctx = testContext({ type: 'code', items: [{ a: 1 }], services, evaluate });
    expect(await codeStep.run(ctx)).toEqual({ outputs: { main: [{ a: 1 }] } });
  });

  it('takes the code as written, without resolving {{ }} in it', async () => {
    const ctx = testContext({
      type: 'code',
      params: {
        code: "return { text: '{{ $json.a }}', trigger: $trigger.json.from, status: $node.Fetch.json.status }",
      },
      services,
      evaluate,
    });
    expect(await codeStep.run(ctx)).toEqual({
      outputs: { main: [{ text: '{{ $json.a }}', trigger: 'hook', status: 200 }] },
    });
  });

  it('gives the code its node timeout, 5 s by default', async () => {
    const seen: number[] = [];
    const recording: Pick<StepServices, 'runCode'> = {
      runCode: async (input) => {
        seen.push(input.timeoutMs);
        return [];
      },
    };
    await codeStep.run(testContext({ type: 'code', services: recording, evaluate }));
    await codeStep.run(testContext({ type: 'code', settings: { timeoutMs: 700 }, services: recording, evaluate }));
    expect(seen).toEqual([5000, 700]);
  });

  it('fails in words when the code fails or runs too long', async () => {
    const slow = testContext({
      type: 'code',
      params: { code: 'while (true) {}' },
      settings: { timeoutMs: 300 },
      services,
    });
    const timedOut: unknown = await codeStep.run(slow).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(StepError);
    expect((timedOut as Error).message).toBe('Code step timed out after 0.3 s');
    const broken = testContext({ type: 'code', params: { code: 'return nope' }, services, evaluate });
    await expect(codeStep.run(broken)).rejects.toThrow(
      new StepError("Code step failed: ReferenceError: 'nope' is not defined (line 1)"),
    );
    const empty = testContext({ type: 'code', params: { code: '  ' }, services });
    await expect(codeStep.run(empty)).rejects.toThrow(new StepError('The code is empty'));
  });
});
