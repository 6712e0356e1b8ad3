import type { ReactNode } from 'react';
import { Dialog, DialogContent } from './dialog';

/**
 * A dialog whose body (most often a form) is mounted only while open: each opening starts afresh,
 * and `children` gets `close` for Cancel and for a save that succeeded.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Added to DialogContent's classes: a wider dialog than its own max-w-md gives it here. */
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={title} description={description} className={className}>
          {children(() => onOpenChange(false))}
        </DialogContent>
      )}
    </Dialog>
  );
}
