import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border bg-background shadow-xs', className)} {...props} />;
}

/** A settings-style section: title and description on top, content, and an optional footer bar for actions. */
export function Section({
  title,
  description,
  footer,
  children,
  tone = 'default',
  className,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn(
        'overflow-hidden rounded-xl border bg-background shadow-xs',
        tone === 'danger' && 'border-destructive/30',
        className,
      )}
    >
      <div className="px-4 pt-4 sm:px-6 sm:pt-5">
        <h2 id={id ? `${id}-title` : undefined} className="font-semibold text-[15px]">
          {title}
        </h2>
        {description && <p className="mt-1 text-muted-foreground text-sm">{description}</p>}
      </div>
      {children && <div className="px-4 pt-4 pb-4 sm:px-6 sm:pb-5">{children}</div>}
      {footer && (
        <div
          className={cn(
            'flex flex-wrap items-center justify-end gap-2 border-t bg-surface px-4 py-3 sm:px-6',
            !children && 'mt-4',
          )}
        >
          {footer}
        </div>
      )}
    </section>
  );
}
