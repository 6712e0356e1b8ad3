// biome-ignore-all lint/a11y/useSemanticElements: the footer is a row of the virtualised grid, placed like its other rows
// biome-ignore-all lint/a11y/useFocusableInteractive: the menu button inside each footer cell takes the focus
import { SUMMARY_LABELS, summariesFor } from '@flowmind/shared/table-summary';
import type { SummaryFunction, View } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { formatSummary } from './summary-format';
import { usableSummaries, useViewSummary } from './use-view-summary';

export const FOOTER_HEIGHT = 33;
export type GridFooterProps = {
  tableId: string;
  view: View;
  search: string;
  version: unknown;
  onChoose: (summaries: Record<string, SummaryFunction>) => void;
};

/**
 * The summary row under the grid, as in Airtable: under each column a menu of what to show (none by default),
 * kept in the view, and the figure the server computed over every record of the view.
 */
export function GridFooter({
  tableId,
  view,
  search,
  version,
  onChoose,
  fields,
  primaryWidth,
  rowNumberWidth,
  columns,
  contentWidth,
}: GridFooterProps & {
  /** The grid's fields, the primary first. */
  fields: Field[];
  primaryWidth: number;
  rowNumberWidth: number;
  columns: Array<{ field: Field; left: number; width: number }>;
  contentWidth: number;
}) {
  const summary = useViewSummary({ tableId, view, fields, search, version });
  const chosen = usableSummaries(fields, view.config.summaries);
  const choose = (field: Field, name: SummaryFunction | null) => {
    const { [field.id]: _, ...others } = view.config.summaries;
    onChoose(name ? { ...others, [field.id]: name } : others);
  };
  const cell = (field: Field, width: number, left: number | null) => (
    <SummaryCell
      key={field.id}
      field={field}
      width={width}
      left={left}
      chosen={chosen[field.id] ?? null}
      value={summary.data?.values[field.id] ?? null}
      loading={summary.isPending || summary.data?.values[field.id] === undefined}
      onChoose={(name) => choose(field, name)}
    />
  );
  const primary = fields[0];
  return (
    <div
      role="row"
      aria-label="Summaries"
      className="sticky bottom-0 z-20 flex"
      style={{ height: FOOTER_HEIGHT, width: contentWidth }}
      // The grid's keys (moving the active cell, typing to edit) are not for the footer and its menus.
      onKeyDown={(event) => event.stopPropagation()}
      onContextMenu={(event) => event.stopPropagation()}
    >
      <div className="sticky left-0 z-30 flex h-full" style={{ width: rowNumberWidth + primaryWidth }}>
        <div className="h-full border-t border-r bg-surface" style={{ width: rowNumberWidth }} />
        {primary && cell(primary, primaryWidth, null)}
      </div>
      {columns.map((column) => cell(column.field, column.width, column.left))}
      <div
        className="absolute top-0 h-full border-t bg-surface"
        style={{ left: (columns.at(-1)?.left ?? 0) + (columns.at(-1)?.width ?? 0), right: 0 }}
      />
    </div>
  );
}

function SummaryCell({
  field,
  width,
  left,
  chosen,
  value,
  loading,
  onChoose,
}: {
  field: Field;
  width: number;
  /** Null for the frozen primary column. */
  left: number | null;
  chosen: SummaryFunction | null;
  value: number | string | null;
  loading: boolean;
  onChoose: (name: SummaryFunction | null) => void;
}) {
  const options = summariesFor(field);
  return (
    <div
      role="gridcell"
      className={cn('h-full border-t border-r bg-surface', left === null ? 'relative' : 'absolute top-0')}
      style={left === null ? { width } : { width, left }}
    >
      <DropdownMenu>
        <DropdownMenuTrigger
          className={cn(
            'group flex h-full w-full items-center justify-end gap-1.5 px-2 text-xs outline-none hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2',
            chosen ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          <span className="sr-only">Summary of {field.name}: </span>
          {chosen ? (
            <>
              <span className="text-muted-foreground">{SUMMARY_LABELS[chosen]}</span>
              <span className="truncate font-medium tabular-nums">
                {loading ? '…' : formatSummary(field, chosen, value)}
              </span>
            </>
          ) : (
            <span className="flex items-center gap-1 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-visible:opacity-100 sm:group-data-[state=open]:opacity-100">
              Summarize
              <ChevronDown className="size-3" aria-hidden="true" />
            </span>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" side="top" className="min-w-44" onKeyDown={(event) => event.stopPropagation()}>
          <DropdownMenuLabel>Summarize {field.name}</DropdownMenuLabel>
          <Menu.RadioGroup
            value={chosen ?? 'none'}
            onValueChange={(next) => onChoose(next === 'none' ? null : (next as SummaryFunction))}
          >
            <SummaryOption value="none" label="None" />
            <DropdownMenuSeparator />
            {options.map((name) => (
              <SummaryOption key={name} value={name} label={SUMMARY_LABELS[name]} />
            ))}
          </Menu.RadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function SummaryOption({ value, label }: { value: string; label: string }) {
  return (
    <Menu.RadioItem
      value={value}
      className="relative flex cursor-default select-none items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-sm outline-none data-[highlighted]:bg-accent"
    >
      <Menu.ItemIndicator className="absolute left-2 inline-flex">
        <Check className="size-4 text-primary" aria-hidden="true" />
      </Menu.ItemIndicator>
      {label}
    </Menu.RadioItem>
  );
}
