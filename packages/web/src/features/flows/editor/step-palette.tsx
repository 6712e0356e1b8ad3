import { STEP_TYPES, type StepGroup, type StepTypeInfo } from '@flowmind/shared/flow-steps';
import { Search, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { GROUP_LABEL, GROUP_TINT, StepIcon } from './step-icon';

export const STEP_DRAG_TYPE = 'application/x-flowmind-step';

/** Which entries the palette offers: after an output only steps; on an empty flow only triggers. */
export type PaletteKinds = 'all' | 'steps' | 'triggers';

const GROUP_ORDER: StepGroup[] = ['trigger', 'action', 'logic', 'data', 'ai'];

/** Steps whose label, description or type hold every word of the query. */
export function searchSteps(query: string, { kinds }: { kinds: PaletteKinds }): StepTypeInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return STEP_TYPES.filter((info) => {
    if (kinds === 'steps' && info.group === 'trigger') return false;
    if (kinds === 'triggers' && info.group !== 'trigger') return false;
    const text = `${info.label} ${info.description} ${info.type}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The list of steps to add: searchable, grouped, driven by the keyboard (arrows and Enter), and each entry can be
 * dragged onto the canvas.
 */
export function StepPalette({
  title,
  kinds,
  triggersLast = false,
  onPick,
  onClose,
}: {
  title: string;
  kinds: PaletteKinds;
  /** The flow has its trigger: other steps come first. */
  triggersLast?: boolean;
  onPick: (info: StepTypeInfo) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const results = useMemo(() => searchSteps(query, { kinds }), [query, kinds]);
  const order = triggersLast ? [...GROUP_ORDER.slice(1), 'trigger' as const] : GROUP_ORDER;
  const groups = order
    .map((group) => ({ group, steps: results.filter((info) => info.group === group) }))
    .filter((entry) => entry.steps.length > 0);
  const ordered = groups.flatMap((entry) => entry.steps);
  const activeIndex = Math.min(active, Math.max(ordered.length - 1, 0));

  useEffect(() => {
    list.current?.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="step-palette">
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <h2 className="min-w-0 flex-1 truncate font-semibold text-sm">{title}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close steps"
          className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="relative border-b p-2">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          // biome-ignore lint/a11y/noAutofocus: the palette opens to be typed into
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls="step-palette-list"
          aria-activedescendant={ordered[activeIndex] ? `step-option-${ordered[activeIndex].type}` : undefined}
          aria-label="Search steps"
          placeholder="Search steps…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((activeIndex + 1) % Math.max(ordered.length, 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((activeIndex - 1 + ordered.length) % Math.max(ordered.length, 1));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const picked = ordered[activeIndex];
              if (picked) onPick(picked);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            }
          }}
          className="h-9 w-full rounded-md border bg-background pr-2 pl-8 text-sm outline-none focus:border-ring"
        />
      </div>
      <div
        ref={list}
        id="step-palette-list"
        role="listbox"
        aria-label="Steps"
        className="min-h-0 flex-1 overflow-y-auto p-2"
      >
        {groups.length === 0 && <p className="px-2 py-6 text-center text-muted-foreground text-sm">No step matches.</p>}
        {groups.map(({ group, steps }) => (
          <div key={group} className="mb-2">
            <p className="px-2 pt-1 pb-1 font-medium text-[11px] text-muted-foreground uppercase tracking-wide">
              {GROUP_LABEL[group]}
            </p>
            {steps.map((info) => {
              const index = ordered.indexOf(info);
              return (
                <div
                  key={info.type}
                  id={`step-option-${info.type}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  data-active={index === activeIndex}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.setData(STEP_DRAG_TYPE, info.type);
                    event.dataTransfer.effectAllowed = 'copy';
                  }}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => onPick(info)}
                  onKeyDown={(event) => event.key === 'Enter' && onPick(info)}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg px-2 py-2',
                    index === activeIndex && 'bg-accent',
                  )}
                >
                  <span
                    className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', GROUP_TINT[group])}
                  >
                    <StepIcon type={info.type} />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium text-sm">{info.label}</span>
                    <span className="line-clamp-2 block text-muted-foreground text-xs">{info.description}</span>
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className="hidden border-t px-3 py-2 text-[11px] text-muted-foreground sm:block">
        ↑↓ to move · Enter to add · drag onto the canvas to place
      </p>
    </div>
  );
}
