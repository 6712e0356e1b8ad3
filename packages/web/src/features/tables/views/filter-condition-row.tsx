import type { FilterOperator } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect } from '../../../components/ui/input';
import { type DraftCondition, newCondition, operatorLabels, operatorsFor, takesList, takesValue } from './filter-draft';

/** One condition: field, operator (those its type allows) and a value input that fits both. */
export function FilterConditionRow({
  fields,
  draft,
  autoFocus,
  onChange,
  onRemove,
}: {
  fields: Field[];
  draft: DraftCondition;
  autoFocus: boolean;
  onChange: (draft: DraftCondition) => void;
  onRemove: () => void;
}) {
  const field = fields.find((candidate) => candidate.id === draft.fieldId);
  const choices =
    field?.options.type === 'single_select' || field?.options.type === 'multi_select' ? field.options.choices : [];
  const update = (change: Partial<DraftCondition>) => onChange({ ...draft, ...change });
  const list = takesList(draft.operator);

  let valueInput: React.ReactNode = null;
  if (takesValue(draft.operator)) {
    if (list || (field?.type === 'single_select' && choices.length)) {
      valueInput = (
        <NativeSelect
          size="sm"
          className="min-w-28 flex-1"
          aria-label="Value"
          value={list ? (draft.values[0] ?? '') : draft.text}
          onChange={(event) =>
            list
              ? update({ values: event.target.value ? [event.target.value] : [] })
              : update({ text: event.target.value })
          }
        >
          <option value="">Choose…</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </NativeSelect>
      );
    } else if (field?.type === 'checkbox') {
      valueInput = (
        <NativeSelect
          size="sm"
          className="min-w-28 flex-1"
          aria-label="Value"
          value={draft.text === 'false' ? 'false' : 'true'}
          onChange={(event) => update({ text: event.target.value })}
        >
          <option value="true">checked</option>
          <option value="false">unchecked</option>
        </NativeSelect>
      );
    } else {
      const isDate = ['date', 'date_time', 'created_time', 'updated_time'].includes(field?.type ?? '');
      valueInput = (
        <Input
          aria-label="Value"
          className="h-8 min-w-28 flex-1"
          type={isDate ? 'date' : 'text'}
          inputMode={
            ['number', 'currency', 'percent', 'rating', 'autonumber'].includes(field?.type ?? '')
              ? 'decimal'
              : undefined
          }
          placeholder="Value"
          value={draft.text}
          onChange={(event) => update({ text: event.target.value })}
        />
      );
    }
  }

  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 sm:flex-nowrap">
      <NativeSelect
        size="sm"
        className="w-32 shrink-0"
        aria-label="Field"
        value={draft.fieldId}
        autoFocus={autoFocus}
        onChange={(event) => {
          const next = fields.find((candidate) => candidate.id === event.target.value);
          if (next) onChange({ ...newCondition(next), id: draft.id });
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
        className="w-32 shrink-0"
        aria-label="Operator"
        value={draft.operator}
        onChange={(event) => update({ operator: event.target.value as FilterOperator, values: [] })}
      >
        {operatorsFor(field).map((operator) => (
          <option key={operator} value={operator}>
            {operatorLabels[operator]}
          </option>
        ))}
      </NativeSelect>
      {valueInput}
      <Button size="icon-sm" variant="ghost" className="shrink-0" aria-label="Remove condition" onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
