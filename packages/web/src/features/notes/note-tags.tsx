import { NOTE_TAG_MAX, NOTE_TAGS_MAX } from '@flowmind/shared/notes';
import { Plus, Tag, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/** The note's tags as chips: click × to remove one, "Add tag" to type a new one (Enter adds, Esc cancels). */
export function NoteTags({
  tags,
  suggestions,
  onChange,
  readOnly = false,
}: {
  tags: string[];
  suggestions: string[];
  onChange: (tags: string[]) => void;
  readOnly?: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const listId = 'note-tag-suggestions';

  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    setDraft('');
    if (!tag) {
      setAdding(false);
      return;
    }
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) onChange([...tags, tag]);
  };

  return (
    <fieldset className="flex flex-wrap items-center gap-1.5" aria-label="Tags">
      <Tag className="size-3.5 text-muted-foreground" aria-hidden="true" />
      {tags.map((tag) => (
        <span
          key={tag}
          className="inline-flex h-6 items-center gap-0.5 rounded-md bg-muted pr-0.5 pl-2 text-muted-foreground text-xs"
        >
          {tag}
          {!readOnly && (
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(tags.filter((existing) => existing !== tag))}
              className="rounded p-0.5 hover:bg-border hover:text-foreground"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          )}
        </span>
      ))}
      {!readOnly &&
        tags.length < NOTE_TAGS_MAX &&
        (adding ? (
          <form onSubmit={add}>
            <input
              // biome-ignore lint/a11y/noAutofocus: opened on purpose to type a tag
              autoFocus
              aria-label="New tag"
              list={listId}
              maxLength={NOTE_TAG_MAX}
              value={draft}
              placeholder="Tag name"
              onChange={(event) => setDraft(event.target.value)}
              onBlur={(event) => {
                if (draft.trim()) add(event);
                setAdding(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setDraft('');
                  setAdding(false);
                }
              }}
              className="h-6 w-32 rounded-md border border-input bg-background px-2 text-xs outline-none focus:border-ring"
            />
            <datalist id={listId}>
              {suggestions
                .filter((tag) => !tags.includes(tag))
                .map((tag) => (
                  <option key={tag} value={tag} />
                ))}
            </datalist>
          </form>
        ) : (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="inline-flex h-6 items-center gap-1 rounded-md px-1.5 text-muted-foreground text-xs hover:bg-accent hover:text-foreground"
          >
            <Plus className="size-3" aria-hidden="true" />
            Add tag
          </button>
        ))}
      {readOnly && tags.length === 0 && <span className="text-muted-foreground text-xs">No tags</span>}
    </fieldset>
  );
}
