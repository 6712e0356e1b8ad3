import { NativeSelect } from '../../../components/ui/input';
import { useAccountTables, useOtherFlows, useTableFields } from './node-panel-api';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
};

/** A select over loaded options; the saved value stays listed even when it is no longer among them. */
function ResourceSelect({
  value,
  options,
  status,
  emptyLabel,
  onChange,
  ...control
}: ControlProps & {
  value: string;
  options: { value: string; label: string }[];
  status: 'pending' | 'error' | 'success';
  emptyLabel: string;
  onChange(value: string): void;
}) {
  const missing = value && !options.some((option) => option.value === value);
  return (
    <NativeSelect {...control} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">
        {status === 'pending'
          ? 'Loading…'
          : status === 'error'
            ? 'Could not load the list'
            : options.length
              ? 'Choose…'
              : emptyLabel}
      </option>
      {missing && status !== 'pending' && <option value={value}>{`Not found (${value})`}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}

export function TableSelect({
  accountId,
  value,
  onChange,
  ...control
}: ControlProps & { accountId: string; value: string; onChange(value: string): void }) {
  const tables = useAccountTables(accountId);
  return (
    <ResourceSelect
      {...control}
      value={value}
      onChange={onChange}
      status={tables.status}
      emptyLabel="The account has no tables yet"
      options={(tables.data ?? []).filter((t) => !t.deletedAt).map((table) => ({ value: table.id, label: table.name }))}
    />
  );
}

/** A field of the chosen table, saved by name (the table steps address fields by name). */
export function TableFieldSelect({
  tableId,
  value,
  onChange,
  ...control
}: ControlProps & { tableId: string | null; value: string; onChange(value: string): void }) {
  const fields = useTableFields(tableId);
  if (!tableId)
    return (
      <NativeSelect {...control} className="w-full" disabled value="">
        <option value="">Choose a table first</option>
      </NativeSelect>
    );
  return (
    <ResourceSelect
      {...control}
      value={value}
      onChange={onChange}
      status={fields.status}
      emptyLabel="The table has no fields"
      options={(fields.data ?? []).map((field) => ({ value: field.name, label: field.name }))}
    />
  );
}

export function FlowSelect({
  accountId,
  flowId,
  value,
  onChange,
  ...control
}: ControlProps & { accountId: string; flowId: string; value: string; onChange(value: string): void }) {
  const flows = useOtherFlows({ accountId, flowId });
  return (
    <ResourceSelect
      {...control}
      value={value}
      onChange={onChange}
      status={flows.status}
      emptyLabel="No other flows yet"
      options={(flows.data ?? []).map((flow) => ({
        value: flow.id,
        label: flow.publishedVersion === null ? `${flow.name} (not published)` : flow.name,
      }))}
    />
  );
}
