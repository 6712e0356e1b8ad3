import type { FormField } from '@flowmind/shared/table-forms';
import { Star } from 'lucide-react';
import { Input, NativeSelect, Textarea } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import type { FormAnswer } from './form-answers';

type ControlProps = { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };

const typedInputs: Partial<Record<FormField['type'], { type: string; inputMode?: 'decimal'; autoComplete?: string }>> =
  {
    text: { type: 'text' },
    email: { type: 'email', autoComplete: 'email' },
    url: { type: 'url', autoComplete: 'url' },
    phone: { type: 'tel', autoComplete: 'tel' },
    number: { type: 'text', inputMode: 'decimal' },
    currency: { type: 'text', inputMode: 'decimal' },
    percent: { type: 'text', inputMode: 'decimal' },
    date: { type: 'date' },
    date_time: { type: 'datetime-local' },
  };

/** The input a form question gets for its field type; checks of the answer happen on submit. */
export function FormInput({
  field,
  value,
  onChange,
  control,
}: {
  field: FormField;
  value: FormAnswer;
  onChange: (value: FormAnswer) => void;
  control: ControlProps;
}) {
  const options = field.options;
  if (options.type === 'long_text')
    return <Textarea {...control} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} />;
  if (options.type === 'checkbox')
    return (
      <label className="flex items-center gap-2 text-sm">
        <input
          {...control}
          type="checkbox"
          className="size-4 accent-primary"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        Yes
      </label>
    );
  if (options.type === 'single_select')
    return (
      <NativeSelect
        {...control}
        className="w-full"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Choose…</option>
        {options.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </NativeSelect>
    );
  if (options.type === 'multi_select') {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset {...control} className="flex flex-wrap gap-x-4 gap-y-2 rounded-md py-1">
        {options.choices.length === 0 && <span className="text-muted-foreground text-sm">No options yet</span>}
        {options.choices.map((choice) => (
          <label key={choice.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={selected.includes(choice.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...selected, choice.id] : selected.filter((item) => item !== choice.id),
                )
              }
            />
            {choice.name}
          </label>
        ))}
      </fieldset>
    );
  }
  if (options.type === 'rating') {
    const current = typeof value === 'number' ? value : 0;
    return (
      <fieldset {...control} aria-label={field.name} className="flex gap-0.5">
        {Array.from({ length: options.max }, (_, index) => index + 1).map((stars) => (
          <button
            key={stars}
            type="button"
            aria-pressed={stars <= current}
            aria-label={`${stars} of ${options.max}`}
            onClick={() => onChange(current === stars ? null : stars)}
            className="rounded p-1 text-amber-500 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Star className={cn('size-5', stars <= current && 'fill-current')} aria-hidden="true" />
          </button>
        ))}
      </fieldset>
    );
  }
  const typed = typedInputs[field.type] ?? { type: 'text' };
  const input = (
    <Input {...control} {...typed} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} />
  );
  if (options.type === 'currency')
    return (
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground text-sm">{options.symbol}</span>
        {input}
      </div>
    );
  if (options.type === 'percent')
    return (
      <div className="flex items-center gap-2">
        {input}
        <span className="text-muted-foreground text-sm">%</span>
      </div>
    );
  return input;
}

/** A hint under questions whose answer needs more than the label says. */
export function formFieldHint(field: FormField): string | undefined {
  if (field.options.type === 'date_time') return `Time in ${field.options.timeZone.replace(/_/g, ' ')}`;
  if (field.options.type === 'multi_select') return 'Choose any that apply';
  return undefined;
}
