import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type IconButtonSize = 'sm' | 'md';

const sizes: Record<IconButtonSize, string> = {
  // Dense rows (a form's questions): a smaller icon and hit area.
  sm: 'rounded p-1 disabled:opacity-30 [&_svg]:size-3.5',
  md: 'rounded-md p-1.5 disabled:opacity-40',
};

/** A quiet button showing only an icon; `label` names it for screen readers and as its tooltip. */
export function IconButton({
  label,
  onClick,
  disabled,
  size = 'md',
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  size?: IconButtonSize;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        sizes[size],
      )}
    >
      {children}
    </button>
  );
}
