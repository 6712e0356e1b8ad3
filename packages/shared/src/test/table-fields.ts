import type { Field } from '../tables';

/** A field for tests of code that reads only its id, name, type and options; the name is the id. */
export const testField = (id: string, options: Field['options']): Field => ({
  id,
  tableId: 'tbl',
  name: id,
  type: options.type,
  options,
  position: 0,
  isPrimary: false,
  createdAt: '',
});
