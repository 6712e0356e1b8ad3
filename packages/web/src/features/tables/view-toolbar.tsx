import type { Field, FilterCondition, FilterGroup, FilterOperator, Sort } from '@flowmind/shared/tables';
import { ArrowUpDown, EyeOff, Filter, Plus, Search, Trash2, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { fieldTypeInfo } from './field-types';

function ToolbarPopover({
  label,
  icon: Icon,
  count,
  children,
}: {
  label: string;
  icon: typeof Filter;
  count: number;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" className={cn(count > 0 && 'bg-primary-soft text-primary-soft-foreground')}>
          <Icon aria-hidden="true" />
          <span className="hidden md:inline">{count > 0 ? `${label} (${count})` : label}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 grid max-h-[70vh] w-[min(36rem,calc(100vw-1rem))] animate-fade-in gap-3 overflow-y-auto rounded-lg border bg-popover p-3 shadow-lg"
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
  const others = fields.filter((field) => !field.is_primary);
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

const operatorLabels: Partial<Record<FilterOperator, string>> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  eq: '=',
  neq: '≠',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  is_before: 'is before',
  is_after: 'is after',
  is_on_or_before: 'is on or before',
  is_on_or_after: 'is on or after',
  is_any_of: 'is any of',
  is_none_of: 'is none of',
  has_any_of: 'has any of',
  has_all_of: 'has all of',
  has_none_of: 'has none of',
};

function operatorsFor(field: Field | undefined): FilterOperator[] {
  const empty: FilterOperator[] = ['is_empty', 'is_not_empty'];
  switch (field?.type) {
    case 'number':
    case 'currency':
    case 'percent':
    case 'rating':
    case 'autonumber':
      return ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', ...empty];
    case 'date':
    case 'date_time':
    case 'created_time':
    case 'updated_time':
      return ['is', 'is_before', 'is_after', 'is_on_or_before', 'is_on_or_after', ...empty];
    case 'checkbox':
      return ['is'];
    case 'single_select':
      return ['is', 'is_not', 'is_any_of', 'is_none_of', ...empty];
    case 'multi_select':
      return ['has_any_of', 'has_all_of', 'has_none_of', ...empty];
    default:
      return ['contains', 'not_contains', 'is', 'is_not', 'starts_with', 'ends_with', ...empty];
  }
}

const takesValue = (operator: FilterOperator) => operator !== 'is_empty' && operator !== 'is_not_empty';

function conditionValue(field: Field | undefined, text: string): unknown {
  if (!field) return text;
  if (['number', 'currency', 'rating', 'autonumber'].includes(field.type)) return Number(text);
  if (field.type === 'percent') return Number(text) / 100;
  if (field.type === 'checkbox') return text === 'true';
  return text;
}

type DraftCondition = { fieldId: string; operator: FilterOperator; text: string; values: string[] };

function toDraft(condition: FilterCondition, fields: Field[]): DraftCondition {
  const field = fields.find((candidate) => candidate.id === condition.fieldId);
  const value = condition.value;
  return {
    fieldId: condition.fieldId,
    operator: condition.operator,
    text: Array.isArray(value)
      ? ''
      : field?.type === 'percent' && typeof value === 'number'
        ? String(value * 100)
        : value === undefined || value === null
          ? ''
          : String(value),
    values: Array.isArray(value) ? value.map(String) : [],
  };
}

/** A flat AND/OR list of conditions; the server evaluates them for the view. */
export function FilterPopover({
  fields,
  filter,
  onChange,
}: {
  fields: Field[];
  filter: FilterGroup | null;
  onChange: (filter: FilterGroup | null) => void;
}) {
  const flat = (filter?.conditions ?? []).filter((condition): condition is FilterCondition => 'fieldId' in condition);
  return (
    <ToolbarPopover label="Filter" icon={Filter} count={flat.length}>
      {(close) => (
        <FilterEditor
          fields={fields}
          initial={{
            conjunction: filter?.conjunction ?? 'and',
            conditions: flat.map((condition) => toDraft(condition, fields)),
          }}
          onApply={(next) => {
            onChange(next);
            close();
          }}
        />
      )}
    </ToolbarPopover>
  );
}

function FilterEditor({
  fields,
  initial,
  onApply,
}: {
  fields: Field[];
  initial: { conjunction: 'and' | 'or'; conditions: DraftCondition[] };
  onApply: (filter: FilterGroup | null) => void;
}) {
  const [conjunction, setConjunction] = useState(initial.conjunction);
  const [conditions, setConditions] = useState(initial.conditions);
  const update = (index: number, change: Partial<DraftCondition>) =>
    setConditions((list) => list.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const apply = () => {
    if (conditions.length === 0) return onApply(null);
    onApply({
      conjunction,
      conditions: conditions.map((draft) => {
        const field = fields.find((candidate) => candidate.id === draft.fieldId);
        const multi = ['is_any_of', 'is_none_of', 'has_any_of', 'has_all_of', 'has_none_of'].includes(draft.operator);
        return {
          fieldId: draft.fieldId,
          operator: draft.operator,
          ...(takesValue(draft.operator) ? { value: multi ? draft.values : conditionValue(field, draft.text) } : {}),
        };
      }),
    });
  };
  return (
    <>
      <p className="font-medium text-sm">Show records where</p>
      {conditions.length === 0 && (
        <p className="text-muted-foreground text-sm">No conditions: every record is shown.</p>
      )}
      {conditions.map((draft, index) => {
        const field = fields.find((candidate) => candidate.id === draft.fieldId);
        const operators = operatorsFor(field);
        const multi = ['is_any_of', 'is_none_of', 'has_any_of', 'has_all_of', 'has_none_of'].includes(draft.operator);
        const choices =
          field?.options.type === 'single_select' || field?.options.type === 'multi_select'
            ? field.options.choices
            : [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place by position
          <div key={index} className="flex flex-wrap items-center gap-2">
            {index === 0 ? (
              <span className="w-16 text-muted-foreground text-sm">Where</span>
            ) : (
              <NativeSelect
                size="sm"
                className="w-16"
                aria-label="And or or"
                value={conjunction}
                disabled={index > 1}
                onChange={(event) => setConjunction(event.target.value as 'and' | 'or')}
              >
                <option value="and">and</option>
                <option value="or">or</option>
              </NativeSelect>
            )}
            <NativeSelect
              size="sm"
              className="w-36"
              aria-label="Field"
              value={draft.fieldId}
              onChange={(event) => {
                const next = fields.find((candidate) => candidate.id === event.target.value);
                update(index, {
                  fieldId: event.target.value,
                  operator: operatorsFor(next)[0] ?? 'is',
                  text: '',
                  values: [],
                });
              }}
            >
              {fields.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              size="sm"
              className="w-36"
              aria-label="Operator"
              value={draft.operator}
              onChange={(event) => update(index, { operator: event.target.value as FilterOperator })}
            >
              {operators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabels[operator] ?? operator}
                </option>
              ))}
            </NativeSelect>
            {takesValue(draft.operator) &&
              (multi || (field?.type === 'single_select' && choices.length) ? (
                <NativeSelect
                  size="sm"
                  className="w-36"
                  aria-label="Value"
                  value={multi ? (draft.values[0] ?? '') : draft.text}
                  onChange={(event) =>
                    multi
                      ? update(index, { values: event.target.value ? [event.target.value] : [] })
                      : update(index, { text: event.target.value })
                  }
                >
                  <option value="">Choose…</option>
                  {choices.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                </NativeSelect>
              ) : field?.type === 'checkbox' ? (
                <NativeSelect
                  size="sm"
                  className="w-36"
                  aria-label="Value"
                  value={draft.text || 'true'}
                  onChange={(event) => update(index, { text: event.target.value })}
                >
                  <option value="true">checked</option>
                  <option value="false">unchecked</option>
                </NativeSelect>
              ) : (
                <Input
                  aria-label="Value"
                  className="h-8 w-36"
                  type={field?.type === 'date' ? 'date' : 'text'}
                  value={draft.text}
                  onChange={(event) => update(index, { text: event.target.value })}
                />
              ))}
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label="Remove condition"
              onClick={() => setConditions((list) => list.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={fields.length === 0}
          onClick={() => {
            const field = fields[0];
            if (field)
              setConditions((list) => [
                ...list,
                { fieldId: field.id, operator: operatorsFor(field)[0] ?? 'is', text: '', values: [] },
              ]);
          }}
        >
          <Plus aria-hidden="true" />
          Add condition
        </Button>
        <Button size="sm" className="ml-auto" onClick={apply}>
          Apply
        </Button>
      </div>
    </>
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
