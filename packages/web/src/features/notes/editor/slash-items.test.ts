import { describe, expect, it } from 'vitest';
import { filterSlashItems, SLASH_ITEMS } from './slash-items';

describe('filterSlashItems', () => {
  it('lists every block type for an empty query', () => {
    expect(filterSlashItems('').map((item) => item.id)).toEqual([
      'text',
      'h1',
      'h2',
      'h3',
      'bullet',
      'numbered',
      'task',
      'quote',
      'code',
      'table',
      'divider',
      'image',
    ]);
    expect(filterSlashItems('')).toHaveLength(SLASH_ITEMS.length);
  });

  it.each([
    ['head', ['h1', 'h2', 'h3']],
    ['h2', ['h2']],
    ['todo', ['task']],
    ['hr', ['divider']],
    ['quo', ['quote']],
    ['img', ['image']],
    ['zzz', []],
  ])('"%s" finds %j', (query, ids) => {
    expect(filterSlashItems(query).map((item) => item.id)).toEqual(ids);
  });

  it('puts title prefixes before other matches', () => {
    expect(filterSlashItems('list').map((item) => item.id)).toEqual(['bullet', 'numbered', 'task']);
    expect(filterSlashItems('t')[0]?.id).toBe('text');
  });
});
