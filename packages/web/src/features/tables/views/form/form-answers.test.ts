import type { FormField } from '@flowmind/shared/table-forms';
import { describe, expect, it } from 'vitest';
import { errorTarget, formValues } from './form-answers';

const q = (id: string, options: FormField['options'], required = false): FormField => ({
  id,
  name: id[0]?.toUpperCase() + id.slice(1),
  type: options.type,
  options,
  required,
});
const fields: FormField[] = [
  q('name', { type: 'text' }, true),
  q('count', { type: 'number', precision: 0 }),
  q('share', { type: 'percent', precision: 0 }),
  q('email', { type: 'email' }),
  q('when', { type: 'date_time', timeZone: 'Europe/Paris' }),
  q('size', { type: 'single_select', choices: [{ id: 'opt_s', name: 'Small', color: 'blue' }] }),
  q('ok', { type: 'checkbox' }),
  q('stars', { type: 'rating', max: 5 }),
];

describe('formValues', () => {
  it('converts answers to API values and leaves empty ones out', () => {
    const result = formValues(fields, {
      name: '  Ada ',
      count: '1,200',
      share: '25',
      email: '',
      when: '2026-11-03T10:15',
      size: 'opt_s',
      ok: true,
      stars: 4,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Ada',
      count: 1200,
      share: 0.25,
      when: '2026-11-03T09:15:00.000Z',
      size: 'opt_s',
      ok: true,
      stars: 4,
    });
  });

  it('names every problem on its field and keeps going', () => {
    const result = formValues(fields, { name: ' ', count: 'many', email: 'nope' });
    expect(result.errors).toEqual({
      name: 'Name is required',
      count: 'Count must be a number',
      email: 'Email must be an email address',
    });
  });

  it('refuses an empty submission of optional fields', () => {
    expect(formValues([q('note', { type: 'text' })], { note: '' }).errors).toEqual({
      form: 'Fill in at least one field',
    });
  });
});

describe('errorTarget', () => {
  it('puts a server error on the field it names, else on the form', () => {
    expect(errorTarget(fields, 'values.count')).toBe('count');
    expect(errorTarget(fields, 'values.fld_other')).toBe('form');
    expect(errorTarget(fields, 'values')).toBe('form');
    expect(errorTarget(fields, undefined)).toBe('form');
  });
});
