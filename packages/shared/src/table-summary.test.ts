import { describe, expect, it } from 'vitest';
import { summariesFor } from './table-summary';
import type { FieldType } from './tables';

describe('summariesFor', () => {
  it.each([
    ['number', ['count', 'filled', 'empty', 'percent_filled', 'percent_empty', 'unique', 'sum', 'avg', 'min', 'max']],
    ['checkbox', ['count', 'checked', 'unchecked', 'percent_checked', 'percent_unchecked']],
    ['date', ['count', 'filled', 'empty', 'percent_filled', 'percent_empty', 'unique', 'min', 'max']],
    ['text', ['count', 'filled', 'empty', 'percent_filled', 'percent_empty', 'unique']],
    ['multi_select', ['count', 'filled', 'empty', 'percent_filled', 'percent_empty']],
    ['formula', ['count']],
  ] as const)('%s offers %j', (type, offered) => {
    expect(summariesFor({ type: type as FieldType })).toEqual(offered);
  });
});
