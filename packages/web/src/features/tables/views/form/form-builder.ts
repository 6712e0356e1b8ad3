import { type FormField, formFieldsOf } from '@flowmind/shared/table-forms';
import type { ViewConfig } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';

export type BuilderQuestion = FormField & { hidden: boolean };

/**
 * Every field a form can collect, in the form's order, with whether it is shown. Ordered by formFieldsOf itself
 * (with nothing hidden), so the builder's list and the form visitors get can never disagree on order.
 */
export function builderQuestions(fields: Field[], config: ViewConfig): BuilderQuestion[] {
  const hidden = new Set(config.hiddenFieldIds);
  return formFieldsOf(fields, { ...config, hiddenFieldIds: [] }).map((field) => ({
    ...field,
    hidden: hidden.has(field.id),
  }));
}

/** The form's field order after moving one question to `index` (of the full list). */
export function moveQuestion(ids: string[], id: string, index: number): string[] {
  const rest = ids.filter((item) => item !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
