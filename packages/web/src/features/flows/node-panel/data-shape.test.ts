import { describe, expect, it } from 'vitest';
import { cellText, itemColumns, schemaOf } from './data-shape';

describe('itemColumns', () => {
  it('lists every key once in first-seen order, up to a limit', () => {
    expect(
      itemColumns([
        { a: 1, b: 2 },
        { c: 3, a: 4 },
      ]),
    ).toEqual(['a', 'b', 'c']);
    expect(itemColumns([{ a: 1, b: 2, c: 3 }], 2)).toEqual(['a', 'b']);
    expect(itemColumns([])).toEqual([]);
  });
});

describe('cellText', () => {
  it('shows scalars plainly and cuts long JSON', () => {
    expect(cellText(undefined)).toBe('');
    expect(cellText(null)).toBe('null');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(cellText('x'.repeat(10), 4)).toBe('xxxx…');
  });
});

describe('schemaOf', () => {
  it('merges the fields of all items with the types seen and expression paths', () => {
    const schema = schemaOf([
      { id: 1, user: { name: 'Ada' }, tags: ['x'], note: null },
      { id: '2', user: { email: 'a@b.c' }, 'full name': 'A B' },
    ]);
    expect(schema.map((n) => [n.key, n.types, n.path])).toEqual([
      ['id', ['number', 'string'], '$json.id'],
      ['user', ['object'], '$json.user'],
      ['tags', ['array'], '$json.tags'],
      ['note', ['null'], '$json.note'],
      ['full name', ['string'], '$json["full name"]'],
    ]);
    const user = schema.find((n) => n.key === 'user');
    expect(user?.children.map((n) => n.path)).toEqual(['$json.user.name', '$json.user.email']);
    const tags = schema.find((n) => n.key === 'tags');
    expect(tags?.children).toEqual([
      { key: '[0]', types: ['string'], example: 'x', path: '$json.tags[0]', children: [] },
    ]);
    expect(schema.find((n) => n.key === 'note')?.example).toBeNull();
  });

  it('merges the objects inside lists and reads from another root', () => {
    const schema = schemaOf([{ rows: [{ a: 1 }, { b: true }] }], '$node["Get"].json');
    const rows = schema[0];
    expect(rows?.children[0]?.children.map((n) => [n.path, n.types])).toEqual([
      ['$node["Get"].json.rows[0].a', ['number']],
      ['$node["Get"].json.rows[0].b', ['boolean']],
    ]);
  });
});
