import type { Field } from '@flowmind/shared/tables';
import { Check, Star } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { choicesOf, displayText, selectColorClasses } from '../fields/field-types';
import { linkName, UNNAMED_RECORD } from '../records/link-names';

function Chip({ name, color }: { name: string; color: keyof typeof selectColorClasses }) {
  return (
    <span
      className={cn(
        'inline-block max-w-full truncate rounded-full px-2 py-0.5 text-xs leading-4',
        selectColorClasses[color],
      )}
    >
      {name}
    </span>
  );
}

/**
 * How one value of `field` looks in a grid cell (one line) or, with `wrap`, in the record panel. `names` are the
 * record's names for the ids in its values (linked records, the creator), as the server sends them.
 */
export function CellView({
  field,
  value,
  wrap = false,
  names,
}: {
  field: Field;
  value: unknown;
  wrap?: boolean;
  names?: Record<string, string>;
}) {
  if (value === null || value === undefined || value === '') {
    return field.type === 'checkbox' ? <CheckboxMark checked={false} /> : null;
  }
  switch (field.type) {
    case 'checkbox':
      return <CheckboxMark checked={Boolean(value)} />;
    case 'rating': {
      const max = field.options.type === 'rating' ? field.options.max : 5;
      const count = typeof value === 'number' ? value : 0;
      return (
        <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${count} of ${max}`}>
          {Array.from({ length: max }, (_, index) => (
            <Star
              // biome-ignore lint/suspicious/noArrayIndexKey: stars are positional
              key={index}
              aria-hidden="true"
              className={cn('size-3.5', index < count ? 'fill-amber-400 text-amber-400' : 'text-border')}
            />
          ))}
        </span>
      );
    }
    case 'single_select':
    case 'multi_select': {
      const ids = Array.isArray(value) ? value : [value];
      const choices = choicesOf(field);
      return (
        <span className={cn('flex gap-1', wrap ? 'flex-wrap' : 'overflow-hidden')}>
          {ids.map((id) => {
            const choice = choices.find((option) => option.id === id);
            return <Chip key={String(id)} name={choice?.name ?? String(id)} color={choice?.color ?? 'gray'} />;
          })}
        </span>
      );
    }
    case 'link': {
      const ids = Array.isArray(value) ? value.map(String) : [];
      return (
        <span className={cn('flex gap-1', wrap ? 'flex-wrap' : 'overflow-hidden')}>
          {ids.map((id) => (
            <span
              key={id}
              className="inline-block max-w-full shrink-0 truncate rounded border bg-surface px-1.5 py-0.5 text-xs leading-4"
            >
              {linkName(id, names) || UNNAMED_RECORD}
            </span>
          ))}
        </span>
      );
    }
    case 'created_by':
      return <span className="block truncate">{names?.[String(value)] ?? String(value)}</span>;
    case 'url':
    case 'email': {
      const text = String(value);
      const href = field.type === 'email' ? `mailto:${text}` : /^https?:\/\//i.test(text) ? text : `https://${text}`;
      return (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="truncate text-primary underline-offset-2 hover:underline"
          onClick={(event) => event.stopPropagation()}
        >
          {text}
        </a>
      );
    }
    case 'number':
    case 'currency':
    case 'percent':
    case 'autonumber':
      return <span className="block w-full truncate text-right tabular-nums">{displayText(field, value)}</span>;
    default:
      return (
        <span className={cn(wrap ? 'whitespace-pre-wrap break-words' : 'block truncate')}>
          {displayText(field, value)}
        </span>
      );
  }
}

function CheckboxMark({ checked }: { checked: boolean }) {
  return (
    <span
      role="img"
      data-checkbox
      aria-label={checked ? 'checked' : 'unchecked'}
      className={cn(
        'inline-flex size-4 items-center justify-center rounded border',
        checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background',
      )}
    >
      {checked && <Check className="size-3" aria-hidden="true" strokeWidth={3} />}
    </span>
  );
}
