import type { PublicForm } from '@flowmind/shared/table-forms';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Field, FormError } from '../../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../../lib/api';
import { errorTarget, type FormAnswers, type FormErrors, formValues } from './form-answers';
import { FormInput, formFieldHint } from './form-input';

/**
 * A form as visitors fill it in: its title, description and questions, checked before sending; the server's
 * answer to a bad value shows on the field it names, and what was typed stays. The public page and the builder's
 * preview both render this, so the owner sees what visitors get.
 */
export function FillForm({
  form,
  onSubmit,
  submitLabel = 'Submit',
}: {
  form: PublicForm;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  submitLabel?: string;
}) {
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { values, errors: found } = formValues(form.fields, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget as HTMLFormElement);
      return;
    }
    setSending(true);
    try {
      await onSubmit(values);
      setDone(true);
    } catch (failure) {
      const target = failure instanceof ApiError ? errorTarget(form.fields, failure.field) : 'form';
      setErrors({ [target]: errorMessage(failure, 'Could not send the form') });
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center" role="status">
        <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
        <h2 className="font-semibold text-lg">Thank you</h2>
        <p className="text-muted-foreground text-sm">Your response was sent.</p>
        <Button
          variant="outline"
          onClick={() => {
            setAnswers({});
            setErrors({});
            setDone(false);
          }}
        >
          Submit another response
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <header className="grid gap-1.5">
        <h2 className="font-semibold text-xl tracking-tight">{form.title}</h2>
        {form.description && <p className="whitespace-pre-line text-muted-foreground text-sm">{form.description}</p>}
      </header>
      {form.fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm">
          This form has no questions yet.
        </p>
      ) : (
        form.fields.map((field) => (
          <Field
            key={field.id}
            label={
              <>
                {field.name}
                {field.required && (
                  <span className="text-destructive" title="Required">
                    {' '}
                    *<span className="sr-only">(required)</span>
                  </span>
                )}
              </>
            }
            hint={formFieldHint(field)}
            error={errors[field.id]}
          >
            {(control) => (
              <FormInput
                field={field}
                value={answers[field.id] ?? null}
                control={control}
                onChange={(value) => {
                  setAnswers((current) => ({ ...current, [field.id]: value }));
                  if (errors[field.id]) setErrors(({ [field.id]: _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        ))
      )}
      <FormError>{errors.form}</FormError>
      <div>
        <Button type="submit" pending={sending} disabled={form.fields.length === 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function focusFirstError(formElement: HTMLFormElement) {
  requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
