import type { Field } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { formatSummary } from './summary-format';

const field = (options: Field['options']): Field =>
  ({ id: 'fld', tableId: 'tbl', name: 'F', type: options.type, options, isPrimary: false, position: 0 }) as Field;

describe('formatSummary', () => {
  const number = field({ type: 'number', precision: 0 } as Field['options']);
  const money = field({ type: 'currency', symbol: '$', precision: 2 } as Field['options']);
  const day = field({ type: 'date', format: 'iso' } as Field['options']);
  it.each([
    [number, 'sum', 720600, '720,600'],
    [number, 'avg', 300.5, '300.5'],
    [number, 'avg', 2, '2'],
    [money, 'sum', 1234.5, '$1,234.50'],
    [money, 'avg', 63.375, '$63.38'],
    [number, 'count', 1200, '1,200'],
    [number, 'percent_filled', 100 / 3, '33.3%'],
    [number, 'percent_checked', 25, '25%'],
    [day, 'min', '2026-01-15', '2026-01-15'],
    [number, 'sum', null, '–'],
  ] as const)('%#: %s of %s', (f, name, value, shown) => {
    expect(formatSummary(f, name, value)).toBe(shown);
  });
});
