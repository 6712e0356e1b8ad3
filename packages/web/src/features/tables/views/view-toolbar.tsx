import type { FilterGroup, Sort } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { ArrowUpDown, EyeOff, Filter, Plus, Search, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { fieldTypeInfo } from '../fields/field-types';
import { countConditions } from './filter-draft';
import { FilterEditor } from './filter-editor';

export function ToolbarPopover({
  label,
  icon: Icon,
  count,
  wide = false,
  children,
}: {
  label: string;
  icon: typeof Filter;
  count: number;
  /** Room for rows of several inputs (the filter). */
  wide?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const name = count > 0 ? `${label} (${count})` : label;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          // Narrow screens show the icon alone; the name stays for assistive technology.
          aria-label={name}
          className={cn(count > 0 && 'bg-primary-soft text-primary-soft-foreground')}
        >
          <Icon aria-hidden="true" />
          <span className="hidden md:inline">{name}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className={cn(
            'z-50 grid max-h-[70vh] animate-fade-in gap-3 overflow-y-auto rounded-lg border bg-popover p-3 shadow-lg',
            wide ? 'w-[min(46rem,calc(100vw-1rem))]' : 'w-[min(36rem,calc(100vw-1rem))]',
          )}
        >
          {children(() => setOpen(false))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export function HideFieldsPopover({
  fields,
  hidden,
  onChange,
}: {
  fields: Field[];
  hidden: string[];
  onChange: (hiddenFieldIds: string[]) => void;
}) {
  const others = fields.filter((field) => !field.isPrimary);
  return (
    <ToolbarPopover label="Hide fields" icon={EyeOff} count={hidden.length}>
      {() => (
        <>
          <p className="font-medium text-sm">Fields shown in this view</p>
          <ul className="grid gap-0.5">
            {others.map((field) => {
              const Icon = fieldTypeInfo[field.type].icon;
              return (
                <li key={field.id}>
                  <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-accent">
                    <input
                      type="checkbox"
                      className="accent-primary"
                      checked={!hidden.includes(field.id)}
                      onChange={(event) =>
                        onChange(event.target.checked ? hidden.filter((id) => id !== field.id) : [...hidden, field.id])
                      }
                    />
                    <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    {field.name}
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => onChange([])}>
              Show all
            </Button>
            <Button size="sm" variant="outline" onClick={() => onChange(others.map((field) => field.id))}>
              Hide all
            </Button>
          </div>
        </>
      )}
    </ToolbarPopover>
  );
}

/** The view's filter: and/or conditions and condition groups, evaluated by the server. */
export function FilterPopover({
  fields,
  filter,
  onChange,
}: {
  fields: Field[];
  filter: FilterGroup | null;
  onChange: (filter: FilterGroup | null) => void;
}) {
  return (
    <ToolbarPopover label="Filter" icon={Filter} count={countConditions(filter)} wide>
      {(close) => (
        <FilterEditor
          fields={fields}
          filter={filter}
          onApply={(next) => {
            onChange(next);
            close();
          }}
        />
      )}
    </ToolbarPopover>
  );
}

export function SortPopover({
  fields,
  sorts,
  onChange,
}: {
  fields: Field[];
  sorts: Sort[];
  onChange: (sorts: Sort[]) => void;
}) {
  return (
    <ToolbarPopover label="Sort" icon={ArrowUpDown} count={sorts.length}>
      {() => (
        <>
          <p className="font-medium text-sm">Sort records by</p>
          {sorts.length === 0 && (
            <p className="text-muted-foreground text-sm">Records show in the order they were added.</p>
          )}
          {sorts.map((sort, index) => (
            <div key={sort.fieldId} className="flex items-center gap-2">
              <NativeSelect
                size="sm"
                className="flex-1"
                aria-label="Sort field"
                value={sort.fieldId}
                onChange={(event) =>
                  onChange(sorts.map((item, at) => (at === index ? { ...item, fieldId: event.target.value } : item)))
                }
              >
                {fields.map((field) => (
                  <option
                    key={field.id}
                    value={field.id}
                    disabled={field.id !== sort.fieldId && sorts.some((item) => item.fieldId === field.id)}
                  >
                    {field.name}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                size="sm"
                className="w-32"
                aria-label="Direction"
                value={sort.direction}
                onChange={(event) =>
                  onChange(
                    sorts.map((item, at) =>
                      at === index ? { ...item, direction: event.target.value as Sort['direction'] } : item,
                    ),
                  )
                }
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </NativeSelect>
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label="Remove sort"
                onClick={() => onChange(sorts.filter((_, at) => at !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            disabled={sorts.length >= fields.length || sorts.length >= 10}
            onClick={() => {
              const next = fields.find((field) => !sorts.some((sort) => sort.fieldId === field.id));
              if (next) onChange([...sorts, { fieldId: next.id, direction: 'asc' }]);
            }}
          >
            <Plus aria-hidden="true" />
            Add sort
          </Button>
        </>
      )}
    </ToolbarPopover>
  );
}

export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-36 sm:w-56">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search records"
        placeholder="Search"
        className="h-8 pl-8 text-[13px]"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
