import { CONDITION_OPERATORS, type ConditionOperator } from '@flowmind/shared/flow-steps';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ExpressionInput } from './expression-input';
import { paramRows } from './param-form-logic';

type ConditionRow = { left?: unknown; operator?: ConditionOperator; right?: unknown };

/** Operators that test the left value alone, so the right value is hidden. */
export const UNARY_OPERATORS: readonly string[] = ['is_empty', 'is_not_empty', 'is_true', 'is_false'];

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Conditions `{ left, operator, right }`: a value (usually an expression), how to compare, and what with. */
export function ConditionsInput({
  value,
  disabled,
  onChange,
}: {
  value: unknown;
  disabled?: boolean;
  onChange(conditions: ConditionRow[]): void;
}) {
  const rows = paramRows<ConditionRow>(value);
  const update = (index: number, change: Partial<ConditionRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <div className="grid gap-2">
      {rows.map((row, index) => {
        const operator = row.operator ?? 'equals';
        const unary = UNARY_OPERATORS.includes(operator);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions are plain values without ids
          <fieldset key={index} className="grid gap-1.5 rounded-md border bg-surface p-2">
            <legend className="sr-only">Condition {index + 1}</legend>
            <div className="flex items-start gap-1.5">
              <ExpressionInput
                className="min-w-0 flex-1"
                aria-label={`Value to check ${index + 1}`}
                placeholder="{{ $json.status }}"
                value={text(row.left)}
                disabled={disabled}
                onChange={(left) => update(index, { left })}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove condition ${index + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <NativeSelect
              aria-label={`Comparison ${index + 1}`}
              className="w-full"
              value={operator}
              disabled={disabled}
              onChange={(event) => {
                const next = event.target.value as ConditionOperator;
                update(
                  index,
                  UNARY_OPERATORS.includes(next) ? { operator: next, right: undefined } : { operator: next },
                );
              }}
            >
              {CONDITION_OPERATORS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            {!unary &&
              (operator === 'matches' ? (
                <Input
                  aria-label={`Compare with ${index + 1}`}
                  className="font-mono"
                  placeholder="^[A-Z]+$"
                  value={text(row.right)}
                  disabled={disabled}
                  onChange={(event) => update(index, { right: event.target.value })}
                />
              ) : (
                <ExpressionInput
                  aria-label={`Compare with ${index + 1}`}
                  placeholder="Value"
                  value={text(row.right)}
                  disabled={disabled}
                  onChange={(right) => update(index, { right })}
                />
              ))}
          </fieldset>
        );
      })}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => onChange([...rows, { left: '', operator: 'equals', right: '' }])}
        >
          <Plus aria-hidden="true" />
          Add condition
        </Button>
      </div>
    </div>
  );
}
