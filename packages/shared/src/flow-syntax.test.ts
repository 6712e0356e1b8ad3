import { describe, expect, it } from 'vitest';
import { validateNode } from './flow-steps';
import { codeSyntaxProblem, fieldSyntaxIssue, templateProblems } from './flow-syntax';

describe('codeSyntaxProblem', () => {
  it.each([
    'return items;',
    'const total = await Promise.resolve(1);\nreturn [{ total }];',
    'return items.map((i) => ({ ...i, seen: true }));',
    '// only a comment',
  ])('accepts %j (a function body: return and await at the top)', (code) => {
    expect(codeSyntaxProblem(code)).toBeNull();
  });

  it.each([
    [
      'return items.map((i) => ({ a: i.x ));',
      { from: 34, to: 35, message: 'Syntax error on line 1: Unexpected token' },
    ],
    ['const a = 1;\nlet b = ;', { from: 21, to: 22, message: 'Syntax error on line 2: Unexpected token' }],
    [
      'let a = 1;\nlet a = 2;',
      { from: 15, to: 16, message: "Syntax error on line 2: Identifier 'a' has already been declared" },
    ],
    ['return [{', { from: 9, to: 9, message: 'Syntax error on line 1: Unexpected token' }],
  ])('finds the first error in %j', (code, problem) => {
    expect(codeSyntaxProblem(code)).toEqual(problem);
  });
});

describe('templateProblems', () => {
  it.each([
    'plain text',
    'Hello {{ $json.body.name }}',
    '{{ $json.a }} and {{ $node["Fetch"].json.b ?? "none" }}',
    '{ "customer": "{{ $json.customer }}", "total": {{ $json.total }} }',
    '{{ { a: 1 }.a }}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an expression holding a template literal
    '{{ `x ${ $json.a }` }}',
  ])('accepts %j', (text) => {
    expect(templateProblems(text, { strayClose: true })).toEqual([]);
  });

  it.each([
    ['Hello {{ $json.name', [{ from: 6, to: 8, message: '{{ is not closed with }}' }]],
    [
      '{{ $json. }}',
      [{ from: 0, to: 12, message: 'The expression {{ $json. }} is not valid JavaScript: Unexpected token' }],
    ],
    ['a {{ }} b', [{ from: 2, to: 7, message: 'The expression {{  }} is empty' }]],
    [
      '{{ 1 + }} then {{ 2',
      [
        { from: 0, to: 9, message: 'The expression {{ 1 + }} is not valid JavaScript: Unexpected token' },
        { from: 15, to: 17, message: '{{ is not closed with }}' },
      ],
    ],
  ])('reports %j', (text, problems) => {
    expect(templateProblems(text)).toEqual(problems);
  });

  it('reports a }} with no {{ only when asked (JSON has them)', () => {
    const text = 'Hello {{  $json.body.name }} }}';
    expect(templateProblems(text)).toEqual([]);
    expect(templateProblems(text, { strayClose: true })).toEqual([
      { from: 29, to: 31, message: '}} has no {{ before it' },
    ]);
  });
});

describe('fieldSyntaxIssue', () => {
  it('names the field', () => {
    expect(fieldSyntaxIssue({ kind: 'code', label: 'JavaScript' }, 'return [{')).toBe(
      'JavaScript: Syntax error on line 1: Unexpected token',
    );
    expect(fieldSyntaxIssue({ kind: 'text', label: 'URL' }, 'https://x.io/{{ $json.id')).toBe(
      'URL: {{ is not closed with }}',
    );
  });

  it('looks inside rows and conditions, but not at a regular expression or a select', () => {
    expect(fieldSyntaxIssue({ kind: 'assignments', label: 'Fields' }, [{ name: 'a', value: '{{ 1 + }}' }])).toBe(
      'Fields: The expression {{ 1 + }} is not valid JavaScript: Unexpected token',
    );
    expect(
      fieldSyntaxIssue({ kind: 'conditions', label: 'Conditions' }, [
        { left: '{{ $json.code }}', operator: 'matches', right: '^{{' },
      ]),
    ).toBeNull();
    expect(fieldSyntaxIssue({ kind: 'select', label: 'Method' }, '{{')).toBeNull();
  });

  it('is one of the issues that keep a flow from being published', () => {
    const issues = validateNode({
      id: 'c',
      type: 'code',
      name: 'Shape',
      position: { x: 0, y: 0 },
      params: { code: 'return items.map((i) => ({ a: i.x ));' },
      settings: {},
    });
    expect(issues).toEqual([
      { nodeId: 'c', field: 'code', message: 'JavaScript: Syntax error on line 1: Unexpected token' },
    ]);
  });
});
