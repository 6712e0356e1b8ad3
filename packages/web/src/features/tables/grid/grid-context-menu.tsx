import { ArrowDownToLine, Eraser, Maximize2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

const modKey = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

export type MenuPoint = { x: number; y: number };

/**
 * Right-click on the selection: the range commands the keys also do, so they can be found. Opened at the pointer
 * through an invisible anchor, so the grid keeps its own element and events.
 */
export function GridContextMenu({
  at,
  onClose,
  canFillDown,
  onFillDown,
  onClear,
  onExpand,
}: {
  at: MenuPoint | null;
  onClose: () => void;
  canFillDown: boolean;
  onFillDown: () => void;
  onClear: () => void;
  onExpand: (() => void) | null;
}) {
  return (
    <DropdownMenu open={at !== null} onOpenChange={(open) => !open && onClose()} modal={false}>
      <DropdownMenuTrigger asChild>
        <span
          aria-hidden="true"
          tabIndex={-1}
          className="pointer-events-none fixed size-0"
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" sideOffset={2} className="min-w-52">
        <DropdownMenuItem disabled={!canFillDown} onSelect={onFillDown}>
          <ArrowDownToLine aria-hidden="true" />
          Fill down
          <kbd className="ml-auto font-sans text-muted-foreground text-xs">{modKey}D</kbd>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onClear}>
          <Eraser aria-hidden="true" />
          Clear cells
          <kbd className="ml-auto font-sans text-muted-foreground text-xs">Del</kbd>
        </DropdownMenuItem>
        {onExpand && (
          <DropdownMenuItem onSelect={onExpand}>
            <Maximize2 aria-hidden="true" />
            Expand record
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
