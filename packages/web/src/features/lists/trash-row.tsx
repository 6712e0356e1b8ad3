import type { LucideIcon } from 'lucide-react';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ListItemIcon } from './list-item-icon';

/** An item in the trash: not a link any more, only Restore or Delete forever. */
export function TrashRow({
  icon,
  name,
  detail,
  onRestore,
  onRemoveForever,
  className,
  testId,
}: {
  icon: LucideIcon;
  name: string;
  /** The line under the name: when it was deleted. */
  detail: ReactNode;
  onRestore: () => void;
  onRemoveForever: () => void;
  className?: string;
  testId?: string;
}) {
  return (
    <li className={cn('flex items-center gap-3 px-3 py-2.5 sm:px-4', className)} data-testid={testId}>
      <ListItemIcon icon={icon} />
      <div className="min-w-0 flex-1">
        <span className="block truncate font-medium text-sm">{name}</span>
        <p className="truncate text-muted-foreground text-xs">{detail}</p>
      </div>
      <div className="flex gap-1">
        <Button size="sm" variant="outline" onClick={onRestore}>
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label={`Delete ${name} forever`} onClick={onRemoveForever}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
