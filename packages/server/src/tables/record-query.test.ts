import type { FilterOperator } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { testField as field } from '@flowmind/shared/test/table-fields';
import { describe, expect, it } from 'vitest';
import { operatorsFor } from '../../../web/src/features/tables/views/filter-draft';
import { compileFilter } from './record-query';

const choices = [{ id: 'opt_a', name: 'A', color: 'gray' as const }];
const fields = [
  field('name', { type: 'text' }),
  field('score', { type: 'number', precision: 0 }),
  field('due', { type: 'date' }),
  field('done', { type: 'checkbox' }),
  field('stage', { type: 'single_select', choices }),
  field('tags', { type: 'multi_select', choices }),
  field('client', { type: 'link', linkedTableId: 'tbl_other', inverseFieldId: null }),
  field('files', { type: 'attachment' }),
];
const byId = new Map(fields.map((f) => [f.id, f]));

/** A value the operator takes on this field, as the filter editor would send it. */
function valueFor(f: Field, operator: FilterOperator): unknown {
  if (operator === 'is_empty' || operator === 'is_not_empty') return undefined;
  if (f.type === 'number') return 3;
  if (f.type === 'date') return '2026-01-01';
  if (f.type === 'checkbox') return true;
  if (f.type === 'single_select') return operator === 'is' || operator === 'is_not' ? 'opt_a' : ['opt_a'];
  if (f.type === 'multi_select') return ['opt_a'];
  return 'ada';
}

describe('filter operators, one rule for the editor and the server', () => {
  it('every operator the filter editor offers on a field is one the server compiles', () => {
    const refused: string[] = [];
    for (const f of fields)
      for (const operator of operatorsFor(f)) {
        const condition = { fieldId: f.id, operator, value: valueFor(f, operator) };
        try {
          compileFilter({ conjunction: 'and', conditions: [condition] }, byId);
        } catch (error) {
          refused.push(`${f.type} ${operator}: ${(error as Error).message}`);
        }
      }
    expect(refused).toEqual([]);
  });

  it('offers no text operators on a link field', () => {
    const link = fields.find((f) => f.type === 'link') as Field;
    expect(operatorsFor(link)).not.toContain('contains');
    expect(operatorsFor(link)).toEqual(['is_empty', 'is_not_empty']);
  });
});
