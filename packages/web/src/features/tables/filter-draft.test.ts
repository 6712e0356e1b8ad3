import type { Field } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { countConditions, newCondition, newGroup, operatorsFor, toDraft, toFilter } from './filter-draft';

const field = (id: string, options: Field['options']): Field => ({
  id,
  tableId: 'tbl',
  name: id,
  type: options.type,
  options,
  position: 0,
  isPrimary: false,
  createdAt: '',
});
const name = field('name', { type: 'text' });
const score = field('score', { type: 'number', precision: 0 });
const share = field('share', { type: 'percent', precision: 0 });
const done = field('done', { type: 'checkbox' });
const stage = field('stage', {
  type: 'single_select',
  choices: [{ id: 'opt_a', name: 'A', color: 'gray' }],
});
const fields = [name, score, share, done, stage];

describe('filter drafts', () => {
  it('round-trips an and with a nested or group', () => {
    const filter = {
      conjunction: 'and' as const,
      conditions: [
        { fieldId: 'score', operator: 'gte' as const, value: 10 },
        {
          conjunction: 'or' as const,
          conditions: [
            { fieldId: 'stage', operator: 'is' as const, value: 'opt_a' },
            { fieldId: 'share', operator: 'lt' as const, value: 0.25 },
            { fieldId: 'done', operator: 'is' as const, value: false },
          ],
        },
      ],
    };
    const draft = toDraft(filter, fields);
    expect(draft.items.map((item) => item.kind)).toEqual(['condition', 'group']);
    expect(toFilter(draft, fields)).toEqual({ filter, problems: [] });
    expect(countConditions(filter)).toBe(4);
  });

  it('leaves out unfinished conditions and empty groups, and no filter at all is null', () => {
    const draft = {
      conjunction: 'and' as const,
      items: [newCondition(name), newGroup(score, 'or'), { ...newCondition(stage), operator: 'is_any_of' as const }],
    };
    expect(toFilter(draft, fields)).toEqual({ filter: null, problems: [] });
    const empty = { ...newCondition(name), operator: 'is_empty' as const };
    expect(toFilter({ conjunction: 'or', items: [empty] }, fields).filter).toEqual({
      conjunction: 'or',
      conditions: [{ fieldId: 'name', operator: 'is_empty' }],
    });
  });

  it('reports a number that cannot be read instead of sending it', () => {
    const draft = { conjunction: 'and' as const, items: [{ ...newCondition(score), text: 'lots' }] };
    expect(toFilter(draft, fields).problems).toEqual(['score: “lots” is not a number']);
  });

  it('keeps groups nested deeper than the editor shows', () => {
    const deep = { conjunction: 'and' as const, conditions: [{ fieldId: 'name', operator: 'is_empty' as const }] };
    const filter = { conjunction: 'or' as const, conditions: [{ conjunction: 'and' as const, conditions: [deep] }] };
    expect(toFilter(toDraft(filter, fields), fields).filter).toEqual(filter);
  });

  it('offers the operators a field type allows, and checkboxes start checked', () => {
    expect(operatorsFor(score)[0]).toBe('eq');
    expect(operatorsFor(stage)).toContain('is_any_of');
    expect(operatorsFor(done)).toEqual(['is']);
    const checked = toFilter({ conjunction: 'and', items: [newCondition(done)] }, fields).filter;
    expect(checked?.conditions).toEqual([{ fieldId: 'done', operator: 'is', value: true }]);
  });
});
