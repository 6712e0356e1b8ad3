import { cn } from '../../lib/cn';

/**
 * One of a few kinds, as pressed/unpressed buttons on a muted track (what a form is about: an API
 * key or a token, OpenAI or Anthropic). `className` sets the grid's columns.
 */
export function SegmentedChoice<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid grid-cols-2 gap-1 rounded-lg bg-muted p-1', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-2 py-1.5 font-medium text-[13px] transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            value === option.value
              ? 'bg-background text-foreground shadow-xs'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
