import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { afterAll, describe, expect, it } from 'vitest';
import { compilePlain, evaluatePlain } from './plain-expression';
import { createSandbox } from './sandbox';

const sandbox = createSandbox();

const scope: ExpressionScope = {
  $json: {
    a: 7,
    b: 2,
    s: 'héllo',
    n: '3',
    zero: 0,
    flag: false,
    none: null,
    list: [10, 20, 30],
    obj: { inner: { deep: 'yes' } },
    'key with space': 'spaced',
    big: 1e300,
    neg: -4.5,
    html: '<a href="x">',
  },
  $index: 2,
  $items: [{ v: 1 }, { v: 2 }, { v: 3 }],
  $node: { Webhook: { json: { x: 'from hook' }, items: [{ x: 'from hook' }] } },
  $trigger: { json: { id: 't1' }, items: [{ id: 't1' }] },
  $execution: { id: 'exe_1', mode: 'webhook' },
  $flow: { id: 'flw_1', name: 'Flow' },
  $now: '2026-01-01T00:00:00.000Z',
};

const session = sandbox.expressionSession(scope);
afterAll(() => session.dispose());

/** What the QuickJS sandbox answers: the comma operator keeps the expression out of the interpreter. */
async function inVm(code: string): Promise<{ value: unknown } | { error: string }> {
  try {
    return { value: await session.evaluate(`{{ (0, ${code}) }}`) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const ANSWERED = [
  '$json.a + $json.b',
  "$json.s + ' ' + $json.n",
  '$json.a * 2 - 1',
  '$json.a / 0',
  '-$json.a / 0',
  '$json.zero / 0',
  '$json.a % 3',
  '-$json.a',
  '-$json.zero',
  '+$json.n',
  '+$json.s',
  '!$json.flag',
  '!!$json.obj',
  "$json.a > 5 ? 'big' : 'small'",
  "$json.a > 5 ? $json.a > 6 ? 'huge' : 'big' : 'small'",
  '$json.flag?.5:1',
  "$json.missing ?? 'fallback'",
  "$json.none ?? 'fallback'",
  "$json.zero ?? 'fallback'",
  "$json.zero || 'fallback'",
  '$json.obj && $json.obj.inner',
  '($json.flag || $json.none) ?? 1',
  '$json.missing?.deep',
  '$json.none?.deep.deeper',
  '$json.none?.deep[$json.missing.x]',
  '$json.none?.deep + 1',
  '$json.obj?.inner?.deep',
  "$json.obj['inner'].deep",
  '$json.list.length',
  '$json.list[1]',
  '$json.list[$index]',
  '$json.list[7]',
  '$json.s.length',
  '$json.s[1]',
  "$json['key with space']",
  '$json.n == 3',
  '$json.n === 3',
  '$json.n != 3',
  '$json.n !== "3"',
  'null == undefined',
  'null === undefined',
  '$json.a < $json.s',
  "$json.n < '10'",
  '$json.n < 10',
  '0.1 + 0.2',
  '1.5e3 + .5',
  '$json.big * 1e300',
  '$json.neg * 1e-7',
  '1 / 3',
  '\'it\\\'s \' + "a \\"quote\\"\\n" + 1',
  '$index + 1',
  '$items.length',
  '$items[0].v + $items[2].v',
  "$node['Webhook'].json.x",
  '$node.Webhook.items[0]',
  '$execution.mode + $flow.name',
  '$now',
  '$json.obj',
  '$json.list',
  '$json.none + 1',
  '$json.missing + 1',
  "$json.flag + ''",
  '$json.html',
  'undefined',
  '$json.missing',
];

const DECLINED_AT_RUN = [
  '$json.obj + 1',
  "$json.list + ''",
  '$json.obj == $json.obj',
  '-$json.list',
  '$json.toString',
  '$json.missing.x',
  '$json.none.x',
  '($json.none?.deep).deeper',
  '$json.list[-1]',
  '$json.list[1.5]',
  '$json.a.x',
  '$json.obj.hasOwnProperty',
  '$json.obj.__proto__',
  '$json.obj.constructor',
];

const NOT_COMPILED = [
  'Math.max($json.a, 1)',
  '$json.s.toUpperCase()',
  '$("Webhook").first().json.x',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the expression's text.
  '`${$json.a}`',
  '$json.a ** 2',
  '$json.a = 1',
  'typeof $json.a',
  '$json.a, $json.b',
  '{ a: 1 }',
  '[1, 2]',
  '$json.a // comment',
  'a',
  'globalThis.$json',
  'this',
  '0x10',
  '010',
  '1n',
  '$json.a ?? $json.b || 1',
  '$json.a || $json.b ?? 1',
  "'\\u0041'",
  '$json?.()',
  '/re/.test($json.s)',
  '$json.a in $json',
  '',
];

describe('plain expressions', () => {
  it.each(ANSWERED)('answers %s as the sandbox does', async (code) => {
    const tree = compilePlain(code);
    expect(tree).not.toBeNull();
    const answered = evaluatePlain(tree!, scope);
    expect(answered).toBeDefined();
    expect({ value: answered!.value }).toEqual(await inVm(code));
  });

  it.each(DECLINED_AT_RUN)('leaves %s to the sandbox when running it', (code) => {
    const tree = compilePlain(code);
    expect(tree).not.toBeNull();
    expect(evaluatePlain(tree!, scope)).toBeUndefined();
  });

  it.each(NOT_COMPILED)('leaves %s to the sandbox', (code) => {
    expect(compilePlain(code)).toBeNull();
  });

  it('returns copies, never the items themselves', () => {
    const answered = evaluatePlain(compilePlain('$json.obj || 1')!, scope);
    expect(answered!.value).toEqual(scope.$json.obj);
    expect(answered!.value).not.toBe(scope.$json.obj);
  });

  it('leaves very long text to the sandbox and its memory limit', () => {
    const long = { ...scope, $json: { s: 'x'.repeat(40_000) } };
    expect(evaluatePlain(compilePlain('$json.s + $json.s')!, long)).toBeUndefined();
    expect(evaluatePlain(compilePlain('$json.s + 1')!, long)).toBeDefined();
  });
});
