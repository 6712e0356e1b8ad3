import { describe, expect, it } from 'vitest';
import { completions, openExpression } from './completions';

const sample = {
  $json: { email: 'ada@example.com', total: 42, 'first name': 'Ada', tags: ['a', 'b'], address: { city: 'Paris' } },
  $node: { Webhook: { json: { body: { id: 7 } }, items: [{ body: { id: 7 } }] }, 'Send mail': { json: {}, items: [] } },
  $trigger: { body: { id: 7 } },
  $index: 0,
};

const labels = (text: string) => completions(sample, text).map((c) => c.label);

describe('completions', () => {
  it('offers nothing outside an expression', () => {
    expect(completions(sample, 'Hello $json.')).toEqual([]);
    expect(completions(sample, 'Hi {{ $json.email }} and $json.')).toEqual([]);
  });

  it('offers the roots right after {{ and while typing one', () => {
    expect(labels('{{ ')).toEqual(['$json', '$node', '$trigger', '$index']);
    expect(labels('Hi {{ $t')).toEqual(['$trigger']);
    expect(labels('{{ $json.total + ')).toContain('$json');
  });

  it('offers the fields of an object, filtered by what is typed', () => {
    expect(labels('{{ $json.')).toEqual(['email', 'total', 'first name', 'tags', 'address']);
    expect(labels('{{ $json.EM')).toEqual(['email']);
    expect(labels('{{ $json.address.')).toEqual(['city']);
  });

  it('inserts the whole path, with brackets for names that are not identifiers', () => {
    const byLabel = Object.fromEntries(completions(sample, '{{ $json.').map((c) => [c.label, c]));
    expect(byLabel.email?.insert).toBe('$json.email');
    expect(byLabel['first name']?.insert).toBe('$json["first name"]');
    expect(byLabel.email?.detail).toBe('string: "ada@example.com"');
    expect(byLabel.tags?.detail).toBe('array (2)');
  });

  it('completes step names inside $node[ and their fields after it', () => {
    const steps = completions(sample, '{{ $node["Se');
    expect(steps.map((c) => c.label)).toEqual(['Send mail']);
    expect(steps[0]?.insert).toBe('$node["Send mail"]');
    expect(labels('{{ $node["Webhook"].')).toEqual(['json', 'items']);
    expect(labels('{{ $node["Webhook"].json.body.')).toEqual(['id']);
  });

  it('offers array indexes', () => {
    const items = completions(sample, '{{ $json.tags.');
    expect(items.map((c) => c.insert)).toEqual(['$json.tags[0]', '$json.tags[1]']);
  });

  it('offers nothing past a scalar or an unknown root', () => {
    expect(completions(sample, '{{ $json.email.')).toEqual([]);
    expect(completions(sample, '{{ $nope.')).toEqual([]);
  });

  it('finds the open expression', () => {
    expect(openExpression('a {{ $json.x }} b {{ $js')).toBe(' $js');
    expect(openExpression('a {{ $json.x }}')).toBeNull();
  });

  it('replaces the path typed so far, from its $', () => {
    const first = (text: string) => completions(sample, text)[0];
    expect(first('Hi {{ $json.em')).toMatchObject({ insert: '$json.email', replace: 8 });
    expect(first('{{ $json.total + $json.t')).toMatchObject({ insert: '$json.total', replace: 7 });
    expect(first('{{ $node["Send m')).toMatchObject({ insert: '$node["Send mail"]', replace: 13 });
    expect(first('{{ $tr')).toMatchObject({ insert: '$trigger', replace: 3 });
    expect(first('{{ ')).toMatchObject({ insert: '$json', replace: 0 });
  });
});
