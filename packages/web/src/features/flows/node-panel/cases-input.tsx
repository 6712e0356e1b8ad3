import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ConditionsInput } from './conditions-input';
import { paramRows } from './param-form-logic';

type CaseRow = { name?: string; combine?: 'and' | 'or'; conditions?: unknown };

/** Switch cases in order: each a name, its conditions and whether all or any must match. */
export function CasesInput({
  value,
  disabled,
  onChange,
}: {
  value: unknown;
  disabled?: boolean;
  onChange(cases: CaseRow[]): void;
}) {
  const cases = paramRows<CaseRow>(value);
  const update = (index: number, change: Partial<CaseRow>) =>
    onChange(cases.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <div className="grid gap-3">
      {cases.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a case's place is its output handle (case-0, case-1…)
        <section key={index} aria-label={`Case ${index + 1}`} className="grid gap-2 rounded-lg border p-3">
          <div className="flex items-center gap-1.5">
            <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground">
              case-{index}
            </span>
            <Input
              aria-label={`Case ${index + 1} name`}
              className="h-8 min-w-0 flex-1"
              placeholder={`Case ${index + 1}`}
              value={entry.name ?? ''}
              disabled={disabled}
              onChange={(event) => update(index, { name: event.target.value })}
            />
            <NativeSelect
              size="sm"
              aria-label={`Case ${index + 1} match`}
              value={entry.combine ?? 'and'}
              disabled={disabled}
              onChange={(event) => update(index, { combine: event.target.value as 'and' | 'or' })}
            >
              <option value="and">All</option>
              <option value="or">Any</option>
            </NativeSelect>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove case ${index + 1}`}
              disabled={disabled}
              onClick={() => onChange(cases.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <ConditionsInput
            value={entry.conditions}
            disabled={disabled}
            onChange={(conditions) => update(index, { conditions })}
          />
        </section>
      ))}
      <p className="text-[13px] text-muted-foreground">Items that match no case leave on fallback.</p>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() =>
            onChange([
              ...cases,
              {
                name: `Case ${cases.length + 1}`,
                combine: 'and',
                conditions: [{ left: '', operator: 'equals', right: '' }],
              },
            ])
          }
        >
          <Plus aria-hidden="true" />
          Add case
        </Button>
      </div>
    </div>
  );
}
