import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form control with an optional hint and an inline error. The control is rendered by the caller
 * with the ids it is given, so any input type fits.
 */
export function Field({
  label,
  hint,
  error,
  labelAside,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Shown at the right of the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="font-medium text-[13px] text-foreground">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-[13px] text-destructive">
          {error}
        </p>
      ) : hint ? (
        <div id={hintId} className="text-[13px] text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A form-level message, e.g. a server error that belongs to no single field. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-destructive text-sm"
    >
      {children}
    </div>
  );
}
