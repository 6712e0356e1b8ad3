import { Search } from 'lucide-react';
import type { ComponentProps, InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const fieldBase =
  'min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs transition-[color,box-shadow,border-color] placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldBase, 'h-9 w-full py-1', className)} {...props} />;
}

/** A search field: the input with a magnifier inside it; `frameClassName` sizes the frame. */
export function SearchInput({
  className,
  frameClassName,
  ...props
}: ComponentProps<'input'> & { frameClassName?: string }) {
  return (
    <div className={cn('relative', frameClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input className={cn('pl-8', className)} {...props} />
    </div>
  );
}

/** An input with a fixed prefix (e.g. "@" before a handle); the frame, not the input, draws the border. */
export function PrefixInput({
  prefix,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { prefix: string }) {
  return (
    <div
      className={cn(
        'flex h-9 w-full min-w-0 items-stretch overflow-hidden rounded-md border border-input bg-background shadow-xs transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/20 has-[[aria-invalid=true]]:border-destructive',
        className,
      )}
    >
      <span className="flex items-center border-input border-r bg-muted px-3 text-muted-foreground text-sm">
        {prefix}
      </span>
      <input
        className="min-w-0 flex-1 bg-transparent px-3 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      />
    </div>
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldBase, 'min-h-24 w-full py-2', className)} {...props} />;
}

/**
 * A native select: keyboard, screen readers and phones all get the platform's own picker. Width comes from the
 * caller (`w-full` in forms, a fixed width in tables).
 */
export function NativeSelect({
  className,
  size = 'md',
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { size?: 'sm' | 'md' }) {
  return (
    <select
      className={cn(
        fieldBase,
        size === 'sm' ? 'h-8 text-[13px]' : 'h-9',
        'select-chevron appearance-none bg-[length:16px] bg-[right_8px_center] bg-no-repeat py-1 pr-8',
        className,
      )}
      {...props}
    />
  );
}
