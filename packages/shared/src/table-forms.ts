import { z } from 'zod';
import type { ViewConfig } from './table-views';
import { type Field, FieldOptions, FieldType, RecordValues } from './tables';

/**
 * Types a form can collect. Computed types are written by the system; links would let a visitor
 * browse another table's records and attachments arrive with uploads, so neither is offered.
 */
export const FORM_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'long_text',
  'number',
  'currency',
  'percent',
  'checkbox',
  'date',
  'date_time',
  'single_select',
  'multi_select',
  'email',
  'url',
  'phone',
  'rating',
];

export const canCollectInForm = (field: Pick<Field, 'type'>) => FORM_FIELD_TYPES.includes(field.type);

/** One question of a form: what a visitor needs to answer it, nothing else of the table. */
export const FormField = z.object({
  id: z.string(),
  name: z.string(),
  type: FieldType,
  options: FieldOptions,
  required: z.boolean(),
});
export type FormField = z.infer<typeof FormField>;

/** GET /api/forms/:publicId */
export const PublicForm = z.object({
  title: z.string(),
  description: z.string(),
  fields: z.array(FormField),
});
export type PublicForm = z.infer<typeof PublicForm>;

/** POST /api/forms/:publicId/submit: values by field id, only the form's fields. */
export const SubmitForm = z.object({ values: RecordValues });
export type SubmitForm = z.infer<typeof SubmitForm>;

export const FormSubmitted = z.object({ ok: z.literal(true) });
export type FormSubmitted = z.infer<typeof FormSubmitted>;

/**
 * The fields a form view shows, in its order: the view's `fieldOrder` first, then the rest by
 * position, leaving out hidden fields and types a form cannot collect. The builder's preview and
 * the public form both use this, so what the owner sees is what visitors get.
 */
export function formFieldsOf(fields: Field[], config: ViewConfig): FormField[] {
  const order = config.fieldOrder;
  const rank = (field: Field) => {
    const index = order.indexOf(field.id);
    if (index !== -1) return index;
    return order.length + (field.isPrimary ? -0.5 : field.position);
  };
  const hidden = new Set(config.hiddenFieldIds);
  const required = new Set(config.formRequiredFieldIds);
  return [...fields]
    .filter((field) => canCollectInForm(field) && !hidden.has(field.id))
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({
      id: field.id,
      name: field.name,
      type: field.type,
      options: field.options,
      required: required.has(field.id),
    }));
}
