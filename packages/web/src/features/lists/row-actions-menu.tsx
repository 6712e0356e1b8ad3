import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

export type RowAction = { label: string; icon: LucideIcon; onSelect: () => void };

/** A row's menu: the item's own actions, then Move to trash apart from them since it takes the item away. */
export function RowActionsMenu({
  name,
  actions,
  onTrash,
  className,
}: {
  name: string;
  actions: RowAction[];
  onTrash: () => void;
  className?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="icon-sm" variant="ghost" className={className} aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map(({ label, icon: Icon, onSelect }) => (
          <DropdownMenuItem key={label} onSelect={onSelect}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={onTrash}>
          <Trash2 aria-hidden="true" />
          Move to trash
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
