import type { Field, FieldOptions } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { readValue, recordItem, writeValue } from './record-values';

const field = (name: string, options: FieldOptions): Field => ({
  id: `fld_${name}`,
  tableId: 'tbl_1',
  name,
  type: options.type,
  options,
  position: 0,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const status = field('Status', {
  type: 'single_select',
  choices: [
    { id: 'o1', name: 'Open', color: 'gray' },
    { id: 'o2', name: 'Done', color: 'green' },
  ],
});

describe('writeValue', () => {
  it.each([
    [field('Name', { type: 'text' }), 'Ada', 'Ada'],
    [field('Name', { type: 'text' }), 42, '42'],
    [field('Age', { type: 'number', precision: 0 }), 42, 42],
    [field('Age', { type: 'number', precision: 0 }), ' 42 ', 42],
    [field('Price', { type: 'currency', precision: 2, symbol: '$' }), '$1,200.50', 1200.5],
    [field('Share', { type: 'percent', precision: 0 }), '50%', 0.5],
    [field('Ok', { type: 'checkbox' }), 'yes', true],
    [field('Ok', { type: 'checkbox' }), 0, false],
    [field('Day', { type: 'date' }), '2026-11-23', '2026-11-23'],
    [field('At', { type: 'date_time', timeZone: 'UTC' }), '2026-11-23T10:00:00+01:00', '2026-11-23T09:00:00.000Z'],
    [status, 'done', 'o2'],
    [status, 'o1', 'o1'],
    [field('Empty', { type: 'number', precision: 0 }), '', null],
  ])('%o ← %j', (target, input, stored) => {
    expect(writeValue(target, input)).toEqual(stored);
  });

  it('names the field and the value it could not read', () => {
    expect(() => writeValue(field('Age', { type: 'number', precision: 0 }), 'ten')).toThrow(
      'Age must be a number (got "ten")',
    );
    expect(() => writeValue(status, 'Maybe')).toThrow('Status has no option "Maybe"');
    expect(() => writeValue(field('Email', { type: 'email' }), { a: 1 })).toThrow(
      'Email must be an email address (got {"a":1})',
    );
    expect(() => writeValue(field('No', { type: 'autonumber' }), 1)).toThrow('No is computed and cannot be written');
  });
});

describe('reading values', () => {
  it('gives options by name, checkboxes as booleans and empty as null', () => {
    expect(readValue(status, 'o1')).toBe('Open');
    expect(readValue(field('Ok', { type: 'checkbox' }), undefined)).toBe(false);
    expect(readValue(field('Name', { type: 'text' }), undefined)).toBeNull();
    const record = {
      id: 'rec_1',
      tableId: 'tbl_1',
      values: { fld_Status: 'o2' },
      autonumber: 1,
      createdAt: '',
      createdBy: null,
      updatedAt: '',
      updatedBy: null,
    };
    expect(recordItem(record, [status, field('Name', { type: 'text' })])).toEqual({
      id: 'rec_1',
      Status: 'Done',
      Name: null,
    });
  });
});
