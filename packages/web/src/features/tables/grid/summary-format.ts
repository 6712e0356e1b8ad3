import type { SummaryFunction } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { displayText } from '../fields/field-types';

const COUNTS: SummaryFunction[] = ['count', 'filled', 'empty', 'unique', 'checked', 'unchecked'];

/** A figure as the column shows its values: counts as whole numbers, percents rounded, sums in the field's format. */
export function formatSummary(field: Field, name: SummaryFunction, value: number | string | null): string {
  if (value === null) return '–';
  if (typeof value === 'string') return displayText(field, value);
  if (COUNTS.includes(name)) return value.toLocaleString();
  if (name.startsWith('percent_')) return `${(Math.round(value * 10) / 10).toLocaleString()}%`;
  const options = field.options;
  if (name === 'avg') {
    if (options.type === 'percent') return `${(value * 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;
    const text = value.toLocaleString(undefined, { maximumFractionDigits: 2 });
    return options.type === 'currency' ? `${options.symbol}${text}` : text;
  }
  if (options.type === 'number' || options.type === 'currency' || options.type === 'percent')
    return displayText(field, value);
  return value.toLocaleString();
}
