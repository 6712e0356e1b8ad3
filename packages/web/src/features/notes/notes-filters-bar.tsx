import type { NoteSort, NoteTagCount } from '@flowmind/shared/notes';
import { ArrowDownUp, Check, FileUp, Hash, NotebookPen, Search, Trash2, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';

const sortLabels: Record<NoteSort, string> = {
  updated: 'Last edited',
  created: 'Created',
  title: 'Title',
};

export const NEW_NOTE_SHORTCUT = 'Alt+N';

/** Search, new note, import, and the view's filters above the list. */
export function NotesFiltersBar({
  search,
  onSearch,
  sort,
  onSort,
  tag,
  onTag,
  tags,
  trash,
  onTrash,
  onImport,
  searchRef,
}: {
  search: string;
  onSearch: (value: string) => void;
  sort: NoteSort;
  onSort: (sort: NoteSort) => void;
  tag: string | null;
  onTag: (tag: string | null) => void;
  tags: NoteTagCount[];
  trash: boolean;
  onTrash: (trash: boolean) => void;
  onImport: (file: File) => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-2 border-b p-2">
      <div className="flex items-center gap-1.5">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchRef}
            type="search"
            aria-label="Search notes"
            placeholder={trash ? 'Search the trash' : 'Search notes'}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && search) {
                event.preventDefault();
                onSearch('');
              }
            }}
            className="h-8 pl-8"
          />
        </div>
      </div>
      <div className="flex items-center gap-1">
        <fieldset className="flex rounded-md border bg-background p-0.5" aria-label="Show">
          {[
            { label: 'Notes', value: false, icon: NotebookPen },
            { label: 'Trash', value: true, icon: Trash2 },
          ].map((option) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={trash === option.value}
              onClick={() => onTrash(option.value)}
              className={cn(
                'inline-flex h-6 items-center gap-1 rounded px-2 text-xs',
                trash === option.value ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              <option.icon className="size-3" aria-hidden="true" />
              {option.label}
            </button>
          ))}
        </fieldset>
        <div className="flex-1" />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`Sort: ${sortLabels[sort]}`} title="Sort">
              <ArrowDownUp aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-44">
            <DropdownMenuLabel>Sort by</DropdownMenuLabel>
            {(Object.keys(sortLabels) as NoteSort[]).map((option) => (
              <DropdownMenuItem key={option} onSelect={() => onSort(option)}>
                <Check className={cn(option !== sort && 'invisible')} aria-hidden="true" />
                {sortLabels[option]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={tag ? `Tag: ${tag}` : 'Filter by tag'}
              title="Filter by tag"
              className={cn(tag && 'text-primary')}
            >
              <Hash aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-48">
            <DropdownMenuLabel>Filter by tag</DropdownMenuLabel>
            {tags.length === 0 ? (
              <p className="px-2 py-1.5 text-muted-foreground text-sm">No tags yet. Add one in a note.</p>
            ) : (
              <>
                <DropdownMenuItem onSelect={() => onTag(null)}>
                  <Check className={cn(tag !== null && 'invisible')} aria-hidden="true" />
                  All notes
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                {tags.map((entry) => (
                  <DropdownMenuItem key={entry.tag} onSelect={() => onTag(entry.tag)}>
                    <Check className={cn(entry.tag !== tag && 'invisible')} aria-hidden="true" />
                    <span className="flex-1 truncate">{entry.tag}</span>
                    <span className="text-muted-foreground text-xs">{entry.count}</span>
                  </DropdownMenuItem>
                ))}
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Import Markdown"
          title="Import a Markdown file"
          onClick={() => fileRef.current?.click()}
        >
          <FileUp aria-hidden="true" />
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          className="hidden"
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onImport(file);
          }}
        />
      </div>
      {tag && (
        <div className="flex items-center gap-1 text-xs">
          <span className="text-muted-foreground">Tagged</span>
          <span className="inline-flex h-6 items-center gap-0.5 rounded-md bg-primary-soft pr-0.5 pl-2 text-primary-soft-foreground">
            {tag}
            <button
              type="button"
              aria-label="Clear tag filter"
              onClick={() => onTag(null)}
              className="rounded p-0.5 hover:bg-primary/10"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
