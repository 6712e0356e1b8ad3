import { parseFormula } from '@flowmind/shared/formula';
import {
  DateFormat,
  type Field,
  FieldName,
  type FieldOptions,
  FieldType,
  RollupFunction,
  SELECT_COLORS,
  type SelectOption,
  type Table,
} from '@flowmind/shared/tables';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormError, Field as FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { timeZoneList } from '../../../lib/time-zones';
import { tablesApi } from '../tables-api';
import { dateFormatLabels, defaultOptions, fieldTypeInfo, nextSelectColor, selectColorClasses } from './field-types';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={field ? `Edit “${field.name}”` : 'Add field'} className="max-w-lg">
          <FieldForm field={field} fields={fields} tables={tables} onSave={onSave} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
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

/** The formula's first error (unknown field, syntax) as the server would say it, or null. */
function formulaCheck(expression: string, fields: Field[], field: Field | null): string | null {
  const names = new Set(fields.filter((candidate) => candidate.id !== field?.id).map((candidate) => candidate.name));
  const result = parseFormula(expression, names);
  return result.ok ? null : result.message;
}

const timeZones = timeZoneList();

function OptionsEditor({
  options,
  onChange,
  fields,
  tables,
  field,
}: {
  options: FieldOptions;
  onChange: (options: FieldOptions) => void;
  fields: Field[];
  tables: Table[];
  field: Field | null;
}) {
  const linkFields = fields.filter((candidate) => candidate.type === 'link' && candidate.id !== field?.id);
  switch (options.type) {
    case 'number':
    case 'percent':
    case 'currency':
      return (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Decimal places">
            {(props) => (
              <NativeSelect
                {...props}
                className="w-full"
                value={options.precision}
                onChange={(event) => onChange({ ...options, precision: Number(event.target.value) })}
              >
                {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((value) => (
                  <option key={value} value={value}>
                    {value === 0 ? '1' : `1.${'0'.repeat(value)}`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {options.type === 'currency' && (
            <FormField label="Currency symbol">
              {(props) => (
                <Input
                  {...props}
                  value={options.symbol}
                  maxLength={8}
                  onChange={(event) => onChange({ ...options, symbol: event.target.value })}
                />
              )}
            </FormField>
          )}
        </div>
      );
    case 'rating':
      return (
        <FormField label="Maximum">
          {(props) => (
            <NativeSelect
              {...props}
              className="w-full"
              value={options.max}
              onChange={(event) => onChange({ ...options, max: Number(event.target.value) })}
            >
              {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => (
                <option key={value} value={value}>
                  {value} stars
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      );
    case 'date':
      return <DateFormatSelect value={options.format} onChange={(format) => onChange({ ...options, format })} />;
    case 'date_time':
      return (
        <div className="grid gap-3">
          <DateFormatSelect value={options.format} onChange={(format) => onChange({ ...options, format })} />
          <FormField label="Time zone" hint="Times are shown and typed in this zone.">
            {(props) => (
              <NativeSelect
                {...props}
                className="w-full"
                value={options.timeZone}
                onChange={(event) => onChange({ ...options, timeZone: event.target.value })}
              >
                {(timeZones.includes(options.timeZone) ? timeZones : [options.timeZone, ...timeZones]).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
      );
    case 'single_select':
    case 'multi_select':
      return <ChoicesEditor choices={options.choices} onChange={(choices) => onChange({ ...options, choices })} />;
    case 'link':
      return (
        <FormField label="Link to table" hint="A matching link field is added to that table too.">
          {(props) => (
            <NativeSelect
              {...props}
              className="w-full"
              value={options.linkedTableId}
              onChange={(event) => onChange({ ...options, linkedTableId: event.target.value })}
            >
              <option value="">Choose a table…</option>
              {tables.map((table) => (
                <option key={table.id} value={table.id}>
                  {table.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      );
    case 'lookup':
    case 'rollup':
      return (
        <div className="grid gap-3">
          <FormField label="Through link field" hint={linkFields.length ? undefined : 'Add a link field first.'}>
            {(props) => (
              <NativeSelect
                {...props}
                className="w-full"
                value={options.linkFieldId}
                onChange={(event) => onChange({ ...options, linkFieldId: event.target.value })}
              >
                <option value="">Choose…</option>
                {linkFields.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <LinkedFieldSelect
            linkField={linkFields.find((candidate) => candidate.id === options.linkFieldId)}
            value={options.targetFieldId}
            onChange={(targetFieldId) => onChange({ ...options, targetFieldId })}
          />
          {options.type === 'rollup' && (
            <FormField label="Summary">
              {(props) => (
                <NativeSelect
                  {...props}
                  className="w-full"
                  value={options.fn}
                  onChange={(event) => onChange({ ...options, fn: event.target.value as typeof options.fn })}
                >
                  {RollupFunction.options.map((fn) => (
                    <option key={fn} value={fn}>
                      {fn.replace('_', ' ')}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
        </div>
      );
    case 'formula': {
      const problem = options.expression.trim() ? formulaCheck(options.expression, fields, field) : null;
      return (
        <FormField label="Formula" hint="Refer to fields by name in braces, e.g. {Price} * {Quantity}." error={problem}>
          {(props) => (
            <Input
              {...props}
              className="font-mono"
              value={options.expression}
              placeholder="{Price} * {Quantity}"
              onChange={(event) => onChange({ ...options, expression: event.target.value })}
            />
          )}
        </FormField>
      );
    }
    default:
      return null;
  }
}

function DateFormatSelect({
  value,
  onChange,
}: {
  value: DateFormat | undefined;
  onChange: (format: DateFormat) => void;
}) {
  return (
    <FormField label="Date format">
      {(props) => (
        <NativeSelect
          {...props}
          className="w-full"
          value={value ?? 'friendly'}
          onChange={(event) => onChange(event.target.value as DateFormat)}
        >
          {DateFormat.options.map((format) => (
            <option key={format} value={format}>
              {dateFormatLabels[format]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The field of the linked table that a lookup or rollup reads. */
function LinkedFieldSelect({
  linkField,
  value,
  onChange,
}: {
  linkField: Field | undefined;
  value: string;
  onChange: (fieldId: string) => void;
}) {
  const linkedTableId = linkField?.options.type === 'link' ? linkField.options.linkedTableId : null;
  const linkedFields = useQuery({
    queryKey: ['linked-fields', linkedTableId],
    queryFn: () => tablesApi.fields(linkedTableId as string),
    enabled: linkedTableId !== null,
  });
  return (
    <FormField label="Field in the linked table">
      {(props) => (
        <NativeSelect
          {...props}
          className="w-full"
          value={value}
          disabled={!linkedTableId}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{linkedFields.isFetching ? 'Loading…' : 'Choose…'}</option>
          {(linkedFields.data ?? []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

function ChoicesEditor({
  choices,
  onChange,
}: {
  choices: SelectOption[];
  onChange: (choices: SelectOption[]) => void;
}) {
  const update = (index: number, change: Partial<SelectOption>) =>
    onChange(choices.map((choice, at) => (at === index ? { ...choice, ...change } : choice)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 font-medium text-[13px]">Options</legend>
      {choices.map((choice, index) => (
        <div key={choice.id} className="flex items-center gap-2">
          <NativeSelect
            size="sm"
            aria-label={`Colour of ${choice.name || 'option'}`}
            className={cn('w-28', selectColorClasses[choice.color])}
            value={choice.color}
            onChange={(event) => update(index, { color: event.target.value as SelectOption['color'] })}
          >
            {SELECT_COLORS.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
          </NativeSelect>
          <Input
            aria-label={`Option ${index + 1}`}
            className="h-8"
            value={choice.name}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Remove ${choice.name || 'option'}`}
            onClick={() => onChange(choices.filter((_, at) => at !== index))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          onChange([
            ...choices,
            { id: `opt${Date.now().toString(36)}${choices.length}`, name: '', color: nextSelectColor(choices) },
          ])
        }
      >
        <Plus aria-hidden="true" />
        Add option
      </Button>
    </fieldset>
  );
}
