import type { FilterGroup } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/input';
import { FilterConditionRow } from './filter-condition-row';
import {
  type Conjunction,
  type DraftCondition,
  type DraftFilter,
  type DraftGroup,
  filterable,
  newCondition,
  newGroup,
  toDraft,
  toFilter,
} from './filter-draft';

/** "Where" before the first item, the level's and/or before the second (where it is chosen), then the same word. */
function ConjunctionCell({
  index,
  value,
  onChange,
}: {
  index: number;
  value: Conjunction;
  onChange: (value: Conjunction) => void;
}) {
  if (index === 0) return <span className="w-20 shrink-0 pt-1.5 text-muted-foreground text-sm">Where</span>;
  if (index > 1) return <span className="w-20 shrink-0 pt-1.5 pl-2 text-muted-foreground text-sm">{value}</span>;
  return (
    <NativeSelect
      size="sm"
      className="w-20 shrink-0"
      aria-label="And or or"
      value={value}
      onChange={(event) => onChange(event.target.value as Conjunction)}
    >
      <option value="and">and</option>
      <option value="or">or</option>
    </NativeSelect>
  );
}

/**
 * The filter of a view: conditions and condition groups joined by and/or at each level. Nothing is sent until
 * Apply, and conditions without a value yet are left out.
 */
export function FilterEditor({
  fields: allFields,
  filter,
  onApply,
}: {
  fields: Field[];
  filter: FilterGroup | null;
  onApply: (filter: FilterGroup | null) => void;
}) {
  const fields = allFields.filter(filterable);
  const [draft, setDraft] = useState<DraftFilter>(() => toDraft(filter, allFields));
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const first = fields[0];

  const setItems = (change: (items: DraftFilter['items']) => DraftFilter['items']) =>
    setDraft((current) => ({ ...current, items: change(current.items) }));
  const setGroup = (id: string, change: (group: DraftGroup) => DraftGroup) =>
    setItems((items) => items.map((item) => (item.kind === 'group' && item.id === id ? change(item) : item)));
  // The field picker of a condition just added takes the focus.
  const add = <T extends DraftCondition | DraftGroup>(item: T) => {
    setAdded(item.kind === 'group' ? (item.items[0]?.id ?? null) : item.id);
    return item;
  };

  const apply = () => {
    const result = toFilter(draft, allFields);
    setProblems(result.problems);
    if (result.problems.length === 0) onApply(result.filter);
  };

  const conditionRow = (item: DraftCondition, onChange: (next: DraftCondition) => void, onRemove: () => void) => (
    <FilterConditionRow
      fields={fields}
      draft={item}
      autoFocus={added === item.id}
      onChange={onChange}
      onRemove={onRemove}
    />
  );

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <p className="font-medium text-sm">Show records where</p>
      {draft.items.length === 0 && (
        <p className="text-muted-foreground text-sm">No conditions: every record is shown.</p>
      )}
      {draft.items.map((item, index) => (
        <div key={item.id} className="flex items-start gap-2">
          <ConjunctionCell
            index={index}
            value={draft.conjunction}
            onChange={(conjunction) => setDraft((current) => ({ ...current, conjunction }))}
          />
          {item.kind === 'condition' ? (
            conditionRow(
              item,
              (next) => setItems((items) => items.map((entry) => (entry.id === item.id ? next : entry))),
              () => setItems((items) => items.filter((entry) => entry.id !== item.id)),
            )
          ) : (
            <fieldset
              aria-label="Condition group"
              className="grid min-w-0 flex-1 gap-2 rounded-md border bg-surface p-2"
            >
              {item.items.map((entry, at) => (
                <div key={entry.id} className="flex items-start gap-2">
                  <ConjunctionCell
                    index={at}
                    value={item.conjunction}
                    onChange={(conjunction) => setGroup(item.id, (group) => ({ ...group, conjunction }))}
                  />
                  {entry.kind === 'condition' ? (
                    conditionRow(
                      entry,
                      (next) =>
                        setGroup(item.id, (group) => ({
                          ...group,
                          items: group.items.map((other) => (other.id === entry.id ? next : other)),
                        })),
                      () =>
                        setGroup(item.id, (group) => ({
                          ...group,
                          items: group.items.filter((other) => other.id !== entry.id),
                        })),
                    )
                  ) : (
                    <p className="pt-1.5 text-muted-foreground text-sm">A deeper group, kept as it is</p>
                  )}
                </div>
              ))}
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={!first}
                  onClick={() =>
                    first &&
                    setGroup(item.id, (group) => ({ ...group, items: [...group.items, add(newCondition(first))] }))
                  }
                >
                  <Plus aria-hidden="true" />
                  Add condition
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto text-muted-foreground"
                  onClick={() => setItems((items) => items.filter((entry) => entry.id !== item.id))}
                >
                  <Trash2 aria-hidden="true" />
                  Remove group
                </Button>
              </div>
            </fieldset>
          )}
        </div>
      ))}
      {problems.length > 0 && (
        <p role="alert" className="text-destructive text-sm">
          {problems[0]}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!first}
          onClick={() => first && setItems((items) => [...items, add(newCondition(first))])}
        >
          <Plus aria-hidden="true" />
          Add condition
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!first}
          onClick={() =>
            first && setItems((items) => [...items, add(newGroup(first, draft.conjunction === 'and' ? 'or' : 'and'))])
          }
        >
          <Plus aria-hidden="true" />
          Add condition group
        </Button>
        <Button size="sm" type="submit" className="ml-auto">
          Apply
        </Button>
      </div>
    </form>
  );
}
