import type { FormField } from '@flowmind/shared/table-forms';
import { validateValue } from '@flowmind/shared/table-values';
import { zonedInstant } from '../calendar/calendar-dates';

/** What a form's inputs hold while a visitor types: text for typed answers, ids for options, a flag, a rating. */
export type FormAnswer = string | string[] | boolean | number | null;
export type FormAnswers = Record<string, FormAnswer>;

/** Problems by field id; `form` holds one that belongs to no field. */
export type FormErrors = Record<string, string>;

function toValue(field: FormField, answer: FormAnswer): { ok: true; value: unknown } | { ok: false; message: string } {
  if (answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0))
    return { ok: true, value: null };
  if (typeof answer !== 'string') return { ok: true, value: answer };
  const text = field.type === 'long_text' ? answer : answer.trim();
  switch (field.options.type) {
    case 'number':
    case 'currency':
    case 'percent': {
      const number = Number(text.replace(/[\s,]/g, ''));
      if (text === '' || !Number.isFinite(number)) return { ok: false, message: `${field.name} must be a number` };
      return { ok: true, value: field.options.type === 'percent' ? number / 100 : number };
    }
    case 'date_time': {
      // datetime-local gives the wall clock; the field says in which zone it is meant.
      const [day, time] = text.split('T');
      if (!day || !time) return { ok: false, message: `${field.name} needs a date and a time` };
      return { ok: true, value: zonedInstant(day, time, field.options.timeZone) };
    }
    default:
      return { ok: true, value: text === '' ? null : text };
  }
}

/**
 * Turns answers into the values a submission sends, with the same checks the server makes (required, types,
 * formats), so most mistakes show before anything is sent.
 */
export function formValues(
  fields: FormField[],
  answers: FormAnswers,
): { values: Record<string, unknown>; errors: FormErrors } {
  const values: Record<string, unknown> = {};
  const errors: FormErrors = {};
  for (const field of fields) {
    const converted = toValue(field, answers[field.id] ?? null);
    const checked = converted.ok ? validateValue(field, converted.value) : converted;
    if (!checked.ok) {
      errors[field.id] = checked.message;
      continue;
    }
    const empty = checked.value === null || checked.value === false;
    if (empty && field.required) errors[field.id] = `${field.name} is required`;
    else if (!empty) values[field.id] = checked.value;
  }
  if (Object.keys(errors).length === 0 && Object.keys(values).length === 0) errors.form = 'Fill in at least one field';
  return { values, errors };
}

/** The field a server error names (`values.<fieldId>`), or `form` when it names none of the form's fields. */
export function errorTarget(fields: FormField[], field: string | undefined): string {
  const id = field?.startsWith('values.') ? field.slice('values.'.length) : null;
  return id && fields.some((item) => item.id === id) ? id : 'form';
}
