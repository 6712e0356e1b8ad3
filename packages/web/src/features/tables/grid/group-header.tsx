import type { Field } from '@flowmind/shared/tables';
import { ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { displayText } from '../fields/field-types';
import { CellView } from './cell-view';
import type { RowGroup } from './grid-groups';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The group's value in words (the header's accessible name). */
export function groupLabel(field: Field, group: RowGroup): string {
  if (group.more) return 'More values';
  if (field.type === 'checkbox') return group.value ? 'Checked' : 'Unchecked';
  if (isEmpty(group.value)) return 'Empty';
  return displayText(field, group.value);
}

function GroupValue({ field, group }: { field: Field; group: RowGroup }) {
  const muted = group.more || (field.type !== 'checkbox' && isEmpty(group.value));
  if (!muted && (field.type === 'single_select' || field.type === 'rating'))
    return <CellView field={field} value={group.value} />;
  return <span className={cn('truncate', muted && 'text-muted-foreground')}>{groupLabel(field, group)}</span>;
}

/** The header row of one group: its value and count; a click (or Enter) collapses or expands it. */
export function GroupHeader({
  field,
  group,
  collapsed,
  onToggle,
}: {
  field: Field;
  group: RowGroup;
  collapsed: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={!collapsed}
      aria-label={`${field.name}: ${groupLabel(field, group)} · ${group.count.toLocaleString()}`}
      data-group={group.key}
      className="flex h-full min-w-0 max-w-full items-center gap-1.5 px-2 font-medium text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-primary"
      // The grid keeps the focus (and its keys) after a click; Tab still reaches the button.
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={onToggle}
    >
      <ChevronRight
        className={cn('size-4 shrink-0 text-muted-foreground transition-transform', !collapsed && 'rotate-90')}
        aria-hidden="true"
      />
      <span className="shrink-0 font-normal text-muted-foreground text-xs">{field.name}</span>
      <GroupValue field={field} group={group} />
      <span className="shrink-0 text-muted-foreground tabular-nums">· {group.count.toLocaleString()}</span>
    </button>
  );
}
