import { z } from 'zod';
import { FilterGroup, Sort } from './table-queries';

/** Views of a table: grid, kanban, calendar and form, each with its filter, sorts and layout. */
/** A grid footer's summary of one field over the whole view; which a field offers is in table-summary.ts. */
export const SummaryFunction = z.enum([
  'count',
  'filled',
  'empty',
  'unique',
  'percent_filled',
  'percent_empty',
  'sum',
  'avg',
  'min',
  'max',
  'checked',
  'unchecked',
  'percent_checked',
  'percent_unchecked',
]);
export type SummaryFunction = z.infer<typeof SummaryFunction>;
export const ViewType = z.enum(['grid', 'kanban', 'calendar', 'form']);
export const ViewConfig = z.object({
  filter: FilterGroup.nullable().default(null),
  sorts: z.array(Sort).max(10).default([]),
  hiddenFieldIds: z.array(z.string()).default([]),
  fieldOrder: z.array(z.string()).default([]),
  columnWidths: z.record(z.string(), z.number().int().min(60).max(1200)).default({}),
  groupByFieldId: z.string().nullable().default(null),
  /** grid: the footer's summary per field (none when absent); names from table-summary.ts. */
  summaries: z.record(z.string(), SummaryFunction).default({}),
  /** kanban: the single-select field whose options are the columns. */
  kanbanFieldId: z.string().nullable().default(null),
  /** calendar: the date field. */
  calendarFieldId: z.string().nullable().default(null),
  /** form: title, description, and whether signed-out visitors may submit through the public link. */
  formTitle: z.string().max(200).default(''),
  formDescription: z.string().max(2000).default(''),
  formPublic: z.boolean().default(false),
  /** form: fields a submission must fill in. */
  formRequiredFieldIds: z.array(z.string()).default([]),
});
export type ViewConfig = z.infer<typeof ViewConfig>;
export const View = z.object({
  id: z.string(),
  tableId: z.string(),
  name: z.string(),
  type: ViewType,
  config: ViewConfig,
  position: z.number(),
  /** For a public form: the id in /share/{publicId}. */
  publicId: z.string().nullable(),
});
export type View = z.infer<typeof View>;
export const CreateView = z.object({
  name: z.string().trim().min(1).max(120),
  type: ViewType,
  config: ViewConfig.partial().optional(),
});
export type CreateView = z.infer<typeof CreateView>;
/**
 * A PATCH of a view's config: only the keys sent change. Built from ViewConfig with its defaults
 * removed, because zod fills defaults in even inside `.partial()`.
 */
export const ViewConfigPatch = z.object(
  Object.fromEntries(Object.entries(ViewConfig.shape).map(([key, schema]) => [key, schema.removeDefault().optional()])),
) as unknown as z.ZodType<Partial<ViewConfig>>;
export const UpdateView = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  config: ViewConfigPatch.optional(),
  position: z.number().optional(),
});
export type UpdateView = z.infer<typeof UpdateView>;
