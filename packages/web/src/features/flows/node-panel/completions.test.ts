import { describe, expect, it } from 'vitest';
import { completions, formatPath, openExpression } from './completions';

const sample = {
  $json: { email: 'ada@example.com', total: 42, 'first name': 'Ada' },
  $node: { Webhook: { json: { body: { id: 7 } }, items: [{ body: { id: 7 } }] } },
};

describe('completions in the step panel', () => {
  it('finds the open expression', () => {
    expect(openExpression('Hi {{ $json.na')).toBe(' $json.na');
    expect(openExpression('Hi {{ $json.name }} and')).toBeNull();
    expect(openExpression('no braces')).toBeNull();
  });

  it('suggests the fields seen in the last run, replacing what is typed', () => {
    const found = completions(sample, 'Total: {{ $json.to');
    expect(found.map((c) => c.label)).toEqual(['total']);
    expect(found[0]).toMatchObject({ insert: 'total', replace: 2 });
    expect(completions(sample, 'plain text')).toEqual([]);
  });

  it('writes paths with dots where it can and brackets elsewhere', () => {
    expect(formatPath('$json', ['address', 'city'])).toBe('$json.address.city');
    expect(formatPath('$json', ['first name', 0])).toBe('$json["first name"][0]');
  });
});
