import { formFieldsOf } from '@flowmind/shared/table-forms';
import type { View, ViewConfig } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { useMemo, useState } from 'react';
import { Field as FormField } from '../../../../components/ui/form-field';
import { Input, Textarea } from '../../../../components/ui/input';
import { tablesApi } from '../../tables-api';
import { FillForm } from './fill-form';
import { type BuilderQuestion, builderQuestions, moveQuestion } from './form-builder';
import { FormQuestions } from './form-questions';
import { FormShare } from './form-share';

/**
 * A form view: the builder (title, description, questions, sharing) beside the form as visitors get it. Members
 * can submit the preview to add a record themselves.
 */
export function FormView({
  tableId,
  view,
  fields,
  onUpdateConfig,
}: {
  tableId: string;
  view: View;
  fields: Field[];
  onUpdateConfig: (config: Partial<ViewConfig>) => void;
}) {
  const questions = useMemo(() => builderQuestions(fields, view.config), [fields, view.config]);
  const preview = useMemo(
    () => ({
      title: view.config.formTitle || view.name,
      description: view.config.formDescription,
      fields: formFieldsOf(fields, view.config),
    }),
    [fields, view.config, view.name],
  );
  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((item) => item !== id));

  return (
    <div className="grid min-h-0 flex-1 overflow-y-auto lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:overflow-hidden">
      <section
        aria-label="Form builder"
        className="grid content-start gap-4 border-b bg-surface p-3 sm:p-4 lg:overflow-y-auto lg:border-r lg:border-b-0"
      >
        <FormShare view={view} onShare={(formPublic) => onUpdateConfig({ formPublic })} />
        <FormTexts key={view.id} view={view} onUpdateConfig={onUpdateConfig} />
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">Questions</h3>
          <FormQuestions
            questions={questions}
            onMove={(fieldId, index) =>
              onUpdateConfig({
                fieldOrder: moveQuestion(
                  questions.map((question) => question.id),
                  fieldId,
                  index,
                ),
              })
            }
            onToggleHidden={(question: BuilderQuestion) =>
              onUpdateConfig({ hiddenFieldIds: toggle(view.config.hiddenFieldIds, question.id, !question.hidden) })
            }
            onToggleRequired={(question: BuilderQuestion) =>
              onUpdateConfig({
                formRequiredFieldIds: toggle(view.config.formRequiredFieldIds, question.id, !question.required),
              })
            }
          />
          {fields.length > questions.length && (
            <p className="text-muted-foreground text-xs">
              Computed, linked and attachment fields are filled in later by the table, not by the form.
            </p>
          )}
        </div>
      </section>
      <section aria-label="Form preview" className="min-w-0 p-3 sm:p-6 lg:overflow-y-auto">
        <p className="mx-auto mb-2 max-w-xl text-muted-foreground text-xs">
          Preview: what visitors see. Submitting here adds a record as you.
        </p>
        <div className="mx-auto w-full max-w-xl rounded-xl border bg-background p-5 shadow-xs sm:p-8">
          <FillForm form={preview} onSubmit={(values) => tablesApi.createRecords({ tableId, records: [{ values }] })} />
        </div>
      </section>
    </div>
  );
}

/** Title and description, saved when the input loses focus. */
function FormTexts({ view, onUpdateConfig }: { view: View; onUpdateConfig: (config: Partial<ViewConfig>) => void }) {
  const [title, setTitle] = useState(view.config.formTitle);
  const [description, setDescription] = useState(view.config.formDescription);
  return (
    <div className="grid gap-3">
      <FormField label="Title">
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={200}
            placeholder={view.name}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => title !== view.config.formTitle && onUpdateConfig({ formTitle: title.trim() })}
          />
        )}
      </FormField>
      <FormField label="Description">
        {(control) => (
          <Textarea
            {...control}
            value={description}
            maxLength={2000}
            className="min-h-20"
            placeholder="What is this form for? Shown under the title."
            onChange={(event) => setDescription(event.target.value)}
            onBlur={() =>
              description !== view.config.formDescription && onUpdateConfig({ formDescription: description })
            }
          />
        )}
      </FormField>
    </div>
  );
}
