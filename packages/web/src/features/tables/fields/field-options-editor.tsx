import { parseFormula } from '@flowmind/shared/formula';
import {
  DateFormat,
  type Field,
  type FieldOptions,
  RollupFunction,
  SELECT_COLORS,
  type SelectOption,
  type Table,
} from '@flowmind/shared/tables';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field as FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { timeZoneList } from '../../../lib/time-zones';
import { tablesApi } from '../tables-api';
import { dateFormatLabels, nextSelectColor, selectColorClasses } from './field-types';

const timeZones = timeZoneList();

/** The formula's first error (unknown field, syntax) as the server would say it, or null. */
export function formulaCheck(expression: string, fields: Field[], field: Field | null): string | null {
  const names = new Set(fields.filter((candidate) => candidate.id !== field?.id).map((candidate) => candidate.name));
  const result = parseFormula(expression, names);
  return result.ok ? null : result.message;
}

/** The options of the chosen type: number formats, date formats, the linked table, a formula, the choices. */
export function OptionsEditor({
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
