import { z } from 'zod';
import { NUMBER_LIKE_TYPES, TEXT_LIKE_TYPES } from './table-values';
import type { SummaryFunction } from './table-views';
import type { Field } from './tables';

/**
 * The footer summaries of a grid, as in Airtable: one per field, over every record of the view (its filter and
 * search), computed by the server. Which ones a field offers depends on its type; server and web both ask here.
 */
export const SUMMARY_LABELS: Record<SummaryFunction, string> = {
  count: 'Count',
  filled: 'Filled',
  empty: 'Empty',
  unique: 'Unique',
  percent_filled: 'Percent filled',
  percent_empty: 'Percent empty',
  sum: 'Sum',
  avg: 'Average',
  min: 'Min',
  max: 'Max',
  checked: 'Checked',
  unchecked: 'Unchecked',
  percent_checked: 'Percent checked',
  percent_unchecked: 'Percent unchecked',
};

const COUNTS: SummaryFunction[] = ['count', 'filled', 'empty', 'percent_filled', 'percent_empty'];
const DATE_TYPES = ['date', 'date_time', 'created_time', 'updated_time'];

/** The summaries a field offers, in menu order; computed fields (formulas, lookups, rollups) only count records. */
export function summariesFor(field: Pick<Field, 'type'>): SummaryFunction[] {
  const { type } = field;
  if (type === 'checkbox') return ['count', 'checked', 'unchecked', 'percent_checked', 'percent_unchecked'];
  if (NUMBER_LIKE_TYPES.includes(type)) return [...COUNTS, 'unique', 'sum', 'avg', 'min', 'max'];
  if (DATE_TYPES.includes(type)) return [...COUNTS, 'unique', 'min', 'max'];
  if (TEXT_LIKE_TYPES.includes(type) || type === 'single_select' || type === 'created_by') return [...COUNTS, 'unique'];
  if (type === 'formula' || type === 'lookup' || type === 'rollup') return ['count'];
  return COUNTS;
}

/** What the footer asks for: field id → summary (the view's saved ones unless given). */
export const SummaryRequest = z.record(z.string(), z.string());

/** Each requested field's result: a number, a date or instant (ISO text) for a date's min and max, or null. */
export const RecordSummary = z.object({
  total: z.number(),
  values: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
});
export type RecordSummary = z.infer<typeof RecordSummary>;
