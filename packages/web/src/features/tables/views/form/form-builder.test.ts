import { formFieldsOf } from '@flowmind/shared/table-forms';
import { ViewConfig } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { builderQuestions, moveQuestion } from './form-builder';

const field = (id: string, position: number, type: Field['type'] = 'text'): Field => ({
  id,
  tableId: 'tbl',
  name: id,
  type,
  options: type === 'formula' ? { type, expression: '1' } : ({ type } as Field['options']),
  position,
  isPrimary: position === 0,
  createdAt: '',
});
const fields = [field('name', 0), field('email', 1, 'email'), field('calc', 2, 'formula'), field('note', 3)];

describe('builderQuestions', () => {
  it('lists collectable fields in the form order, hidden ones flagged, in the order the form shows them', () => {
    const config = ViewConfig.parse({ fieldOrder: ['note', 'name'], hiddenFieldIds: ['email'] });
    const questions = builderQuestions(fields, config);
    expect(questions.map((q) => [q.id, q.hidden])).toEqual([
      ['note', false],
      ['name', false],
      ['email', true],
    ]);
    expect(formFieldsOf(fields, config).map((f) => f.id)).toEqual(questions.filter((q) => !q.hidden).map((q) => q.id));
  });
});

describe('moveQuestion', () => {
  it('moves one id to an index, clamped to the list', () => {
    expect(moveQuestion(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveQuestion(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(moveQuestion(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
  });
});
