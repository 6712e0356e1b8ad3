import { type Field, FieldName, type FieldOptions, FieldType, type Table } from '@flowmind/shared/tables';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormError, Field as FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { formulaCheck, OptionsEditor } from './field-options-editor';
import { defaultOptions, fieldTypeInfo } from './field-types';

export type FieldDraft = { name: string; options: FieldOptions };

/**
 * Creates a field or changes one: its name, its type (any of the contract's types) and that type's options. The
 * caller saves; a refusal comes back as a thrown error and shows here.
 */
export function FieldDialog({
  open,
  onOpenChange,
  field,
  fields,
  tables,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  field: Field | null;
  fields: Field[];
  tables: Table[];
  onSave: (draft: FieldDraft) => Promise<void>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={field ? `Edit “${field.name}”` : 'Add field'}
      className="max-w-lg"
    >
      {(close) => <FieldForm field={field} fields={fields} tables={tables} onSave={onSave} onDone={close} />}
    </FormDialog>
  );
}

function FieldForm({
  field,
  fields,
  tables,
  onSave,
  onDone,
}: {
  field: Field | null;
  fields: Field[];
  tables: Table[];
  onSave: (draft: FieldDraft) => Promise<void>;
  onDone: () => void;
}) {
  const [name, setName] = useState(field?.name ?? '');
  const [options, setOptions] = useState<FieldOptions>(field?.options ?? defaultOptions('text'));
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = FieldName.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    const problem = optionsProblem(options, fields, field);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSave({ name: parsed.data, options });
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not save the field');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Name" error={nameError}>
        {(props) => (
          <Input
            {...props}
            autoFocus
            value={name}
            maxLength={120}
            placeholder="Field name"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
        )}
      </FormField>
      <FormField label="Type">
        {(props) => (
          <NativeSelect
            {...props}
            className="w-full"
            value={options.type}
            onChange={(event) => {
              const type = event.target.value as FieldType;
              setOptions(field?.type === type ? field.options : defaultOptions(type));
            }}
          >
            {FieldType.options.map((type) => (
              <option key={type} value={type}>
                {fieldTypeInfo[type].label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <OptionsEditor
        options={options}
        onChange={(next) => {
          setOptions(next);
          setError(null);
        }}
        fields={fields}
        tables={tables}
        field={field}
      />
      <FormError>{error}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {field ? 'Save' : 'Add field'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What the options still need before the server would take them, said the way a person fixes it. */
function optionsProblem(options: FieldOptions, fields: Field[], field: Field | null): string | null {
  switch (options.type) {
    case 'currency':
      return options.symbol.trim() ? null : 'Enter a currency symbol, e.g. $ or €.';
    case 'link':
      return options.linkedTableId ? null : 'Choose the table to link to.';
    case 'lookup':
    case 'rollup':
      if (!options.linkFieldId) return 'Choose the link field to look through.';
      return options.targetFieldId ? null : 'Choose the field of the linked table.';
    case 'formula': {
      if (!options.expression.trim()) return 'Enter a formula, e.g. {Price} * {Quantity}.';
      const result = formulaCheck(options.expression, fields, field);
      return result;
    }
    case 'single_select':
    case 'multi_select':
      return options.choices.some((choice) => !choice.name.trim()) ? 'Every option needs a name.' : null;
    default:
      return null;
  }
}
