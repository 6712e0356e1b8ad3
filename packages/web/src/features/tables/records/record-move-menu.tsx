import { MoreHorizontal } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

/** What a dragged card or calendar record carries: its id, under a type other drops ignore. */
export const RECORD_DRAG_TYPE = 'application/x-flowmind-record';

export type RecordMove = { key: string; label: string; onSelect: () => void };

/** A record's "⋯" menu on a board or a calendar: open it, or move it where a drag would, without a mouse. */
export function RecordMoveMenu({
  title,
  moves,
  onOpen,
  triggerClassName,
  iconClassName,
}: {
  title: string;
  moves: RecordMove[];
  onOpen: () => void;
  triggerClassName: string;
  iconClassName: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label={`Actions for ${title}`} className={triggerClassName}>
        <MoreHorizontal className={iconClassName} aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onOpen}>Open record</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Move to…</DropdownMenuLabel>
        {moves.map((move) => (
          <DropdownMenuItem key={move.key} onSelect={move.onSelect}>
            {move.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
