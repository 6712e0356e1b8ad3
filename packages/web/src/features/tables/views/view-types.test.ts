import { describe, expect, it } from 'vitest';
import { freeViewName } from './view-types';

describe('freeViewName', () => {
  it.each([
    ['Kanban', [], 'Kanban'],
    ['Kanban', ['kanban'], 'Kanban 2'],
    ['Kanban', ['Kanban', 'Kanban 2', 'Grid view'], 'Kanban 3'],
    ['Grid view copy', ['Grid view'], 'Grid view copy'],
  ])('%s among %j is %s', (base, names, expected) => {
    expect(
      freeViewName(
        base,
        names.map((name) => ({ name })),
      ),
    ).toBe(expected);
  });
});
