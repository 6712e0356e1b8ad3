import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * One choice of the "Start from" radio group, drawn as a card; arrow keys move between them. A card that cannot
 * be chosen yet (Import before a file is read) is drawn without its radio.
 */
export function StartOption({
  checked,
  onSelect,
  selectable = true,
  icon,
  title,
  description,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  selectable?: boolean;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  const Frame = selectable ? 'label' : 'div';
  return (
    <Frame
      className={cn(
        'relative flex gap-3 rounded-lg border bg-background p-3 text-left transition-colors hover:bg-surface has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:outline-offset-2',
        selectable && 'cursor-pointer',
        checked && 'border-primary bg-primary-soft/40 ring-1 ring-primary',
      )}
    >
      {selectable && <input type="radio" name="start" className="sr-only" checked={checked} onChange={onSelect} />}
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
        {icon}
      </span>
      <span className="grid min-w-0 flex-1 content-start gap-1">
        <span className="font-medium text-sm">{title}</span>
        <span className="text-muted-foreground text-xs">{description}</span>
        {children}
      </span>
    </Frame>
  );
}
