import type { NoteDetail } from '@flowmind/shared/notes';
import { Copy, FileCode2, FileText, History, MoreHorizontal, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { exportUrl } from './notes-api';
import type { NoteActions } from './use-note-actions';

/** Duplicate, export, history and trash for the open note. */
export function NoteMoreMenu({
  note,
  actions,
  onHistory,
}: {
  note: NoteDetail;
  actions: NoteActions;
  onHistory: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="More actions">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void actions.duplicate(note)}>
          <Copy aria-hidden="true" />
          Duplicate
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onHistory}>
          <History aria-hidden="true" />
          Version history
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Export</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <a href={exportUrl(note.id, 'md')} download>
            <FileText aria-hidden="true" />
            Markdown (.md)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={exportUrl(note.id, 'html')} download>
            <FileCode2 aria-hidden="true" />
            HTML (.html)
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={() => void actions.trash(note)}>
          <Trash2 aria-hidden="true" />
          Move to trash
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
