import { describe, expect, it } from 'vitest';
import {
  type CompletionSample,
  completions,
  hasExpression,
  isSingleExpression,
  parseTemplate,
  readSimplePath,
  simplePath,
} from './flow-expressions';

describe('parseTemplate', () => {
  it('splits text and expressions with their positions', () => {
    expect(parseTemplate('Hi {{ $json.name }}!')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'expr', code: '$json.name', start: 3, end: 19 },
      { kind: 'text', text: '!' },
    ]);
  });

  it.each([
    ['{{ "}}" }}', '"}}"'],
    ["{{ '}}' + 'a' }}", "'}}' + 'a'"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source holding a template literal
    ['{{ `a}}${1 + 1}b` }}', '`a}}${1 + 1}b`'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source holding a template literal
    ['{{ `${ {a: 1}.a }` }}', '`${ {a: 1}.a }`'],
    ['{{ {a:{b:1}} }}', '{a:{b:1}}'],
    ['{{ {a:1}}}', '{a:1}'],
    ['{{ "a\\"}}" }}', '"a\\"}}"'],
    ['{{}}', ''],
  ])('%s is one expression', (text, code) => {
    const segments = parseTemplate(text);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ kind: 'expr', code });
  });

  it('keeps an unclosed {{ as text', () => {
    expect(parseTemplate('a {{ b')).toEqual([{ kind: 'text', text: 'a {{ b' }]);
    expect(parseTemplate('{{ 1 }} and {{ 2')).toEqual([
      { kind: 'expr', code: '1', start: 0, end: 7 },
      { kind: 'text', text: ' and {{ 2' },
    ]);
  });

  it('reads several expressions', () => {
    expect(parseTemplate('{{a}}{{b}}').map((s) => (s.kind === 'expr' ? s.code : s.text))).toEqual(['a', 'b']);
  });

  it('tells single expressions and templates apart', () => {
    expect(isSingleExpression('{{ $json.n }}')).toBe(true);
    expect(isSingleExpression(' {{ $json.n }}')).toBe(false);
    expect(isSingleExpression('{{ a }}{{ b }}')).toBe(false);
    expect(isSingleExpression('plain')).toBe(false);
    expect(hasExpression('x {{ 1 }}')).toBe(true);
    expect(hasExpression('x {{ 1')).toBe(false);
  });
});

describe('simplePath', () => {
  it.each([
    ['$json', { root: '$json', path: [] }],
    ['$json.a.b', { root: '$json', path: ['a', 'b'] }],
    ['$json["a b"][0]', { root: '$json', path: ['a b', 0] }],
    ["$json['x'] . y", { root: '$json', path: ['x', 'y'] }],
    ['$node["Step name"].json.x', { root: '$node', path: ['Step name', 'json', 'x'] }],
    ['$trigger.json.x', { root: '$trigger', path: ['json', 'x'] }],
    ['$index', { root: '$index', path: [] }],
    ['$execution.id', { root: '$execution', path: ['id'] }],
    [' $items[2].total ', { root: '$items', path: [2, 'total'] }],
  ])('%s is a path', (code, expected) => {
    expect(simplePath(code)).toEqual(expected);
  });

  it.each([
    '$json.a + 1',
    '$json.a()',
    '$json[$index]',
    '$json["a\\"b"]',
    '$json.constructor',
    '$json.__proto__',
    '$other.a',
    'json.a',
    '$json.',
    '$json[0',
    "$('A').first().json.x",
    '$json.a.toUpperCase()',
  ])('%s is not a simple path', (code) => {
    expect(simplePath(code)).toBeNull();
  });

  it('reads paths like JavaScript, wording errors like the sandbox', () => {
    const scope = { $json: { a: { b: 1 }, list: [10, 20], s: 'hey', n: null }, $index: 3 };
    const read = (code: string) => readSimplePath(scope, simplePath(code)!);
    expect(read('$json.a.b')).toEqual({ ok: true, value: 1 });
    expect(read('$json.list[1]')).toEqual({ ok: true, value: 20 });
    expect(read('$json.list.length')).toEqual({ ok: true, value: 2 });
    expect(read('$json.s.length')).toEqual({ ok: true, value: 3 });
    expect(read('$json.missing')).toEqual({ ok: true, value: undefined });
    expect(read('$json.a.toString')).toEqual({ ok: true, value: undefined });
    expect(read('$index')).toEqual({ ok: true, value: 3 });
    expect(read('$json.missing.b')).toEqual({
      ok: false,
      error: "TypeError: cannot read property 'b' of undefined",
    });
    expect(read('$json.n.x')).toEqual({ ok: false, error: "TypeError: cannot read property 'x' of null" });
    expect(read('$trigger.json')).toEqual({ ok: false, error: "ReferenceError: '$trigger' is not defined" });
  });
});

describe('completions', () => {
  const sample: CompletionSample = {
    $json: { user: { name: 'Ada', 'e-mail': 'ada@example.com' }, userId: 7, tags: ['a', 'b'] },
    $node: {
      Fetch: { json: { status: 200, body: 'ok' }, items: [{ status: 200, body: 'ok' }, { status: 404 }] },
      'Send mail': { json: { sent: true }, items: [{ sent: true }] },
    },
    $trigger: { json: { id: 1 }, items: [{ id: 1 }] },
    $index: 0,
    $now: '2026-01-01T00:00:00.000Z',
  };
  const labels = (text: string) => completions(sample, text).map((c) => c.label);

  it('suggests keys after a dot, filtered by what is typed', () => {
    expect(labels('{{ $json.us')).toEqual(['user', 'userId']);
    const [user] = completions(sample, '{{ $json.us');
    expect(user).toEqual({ label: 'user', insert: 'user', replace: 2, detail: 'object · { name, e-mail }' });
    expect(labels('{{ $json.user.')).toEqual(['name', 'e-mail']);
    expect(completions(sample, '{{ $json.user.')[0]!.detail).toBe('string · "Ada"');
  });

  it('brackets keys a dot cannot reach', () => {
    const email = completions(sample, '{{ $json.user.e').find((c) => c.label === 'e-mail');
    expect(email).toMatchObject({ insert: '["e-mail"]', replace: 2 });
  });

  it('follows $node["…"] and $("…") paths', () => {
    expect(labels('{{ $node["Fetch"].json.')).toEqual(['status', 'body']);
    expect(labels('{{ $node[')).toEqual(['Fetch', 'Send mail']);
    expect(completions(sample, '{{ $node["Se')[0]).toMatchObject({ insert: '"Send mail"]', replace: 3 });
    expect(labels("{{ $('Fetch').")).toEqual(['first()', 'last()', 'all()', 'item']);
    expect(labels("{{ $('Fetch').last().json.")).toEqual(['status']);
    expect(labels('{{ $("Fetch").first().')).toEqual(['json']);
  });

  it('suggests indices and length on arrays', () => {
    expect(labels('{{ $json.tags.')).toEqual(['[0]', 'length']);
    expect(labels('{{ $json.tags[')).toEqual(['[0]', '[1]']);
  });

  it('suggests roots at the start of an expression and for a partial root', () => {
    expect(labels('{{ ')).toEqual([
      '$json',
      '$node["Fetch"]',
      '$node["Send mail"]',
      '$trigger',
      '$index',
      '$items',
      '$now',
      '$execution',
      '$flow',
    ]);
    expect(labels('{{ $json.userId + $t')).toEqual(['$trigger']);
    expect(completions(sample, '{{ $no')[0]).toMatchObject({ insert: '$node["Fetch"]', replace: 3 });
    expect(completions(sample, '{{ $ind')[0]).toMatchObject({ label: '$index', detail: 'number · 0' });
  });

  it('suggests nothing for what it cannot follow', () => {
    expect(labels('{{ $json.userId.')).toEqual([]);
    expect(labels('{{ $json.nope.')).toEqual([]);
    expect(labels('{{ foo')).toEqual([]);
    expect(labels('{{ $json.userId }} ')).toEqual([]);
    expect(labels('{{ $json.userId }} and {{ $json.ta')).toEqual(['tags']);
  });
});
