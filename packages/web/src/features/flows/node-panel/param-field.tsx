import { HASHED_SECRET_PREFIX, type ParamField as ParamFieldInfo, paramValue } from '@flowmind/shared/flow-steps';
import type { FlowNode } from '@flowmind/shared/flows';
import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ConnectionOptionPicker, ConnectionSelect } from '../../integrations/connection-inputs';
import { McpToolSelect } from '../../integrations/mcp-tool-select';
import { CasesInput } from './cases-input';
import { CodeInput } from './code-input';
import { ConditionsInput } from './conditions-input';
import { CronInput } from './cron-input';
import { ExpressionInput } from './expression-input';
import { jsonProblem, numberParam, paramRows, paramText } from './param-form-logic';
import { FlowSelect, TableFieldSelect, TableSelect } from './resource-inputs';
import { RowsInput } from './rows-input';
import { Switch } from './switch';
import { TimezoneInput } from './timezone-input';

type ParamFieldProps = {
  field: ParamFieldInfo;
  node: FlowNode;
  accountId: string;
  flowId: string;
  errors: readonly string[];
  disabled?: boolean;
  onChange(value: unknown): void;
};

/** One field of a step's form: label (with a required mark), the input for its kind, help and issues. */
export function ParamField({ field, node, accountId, flowId, errors, disabled, onChange }: ParamFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const value = paramValue(node, field.key);
  const range = rangeText(field);
  const help = [field.help, range].filter(Boolean).join(' ');
  const control = {
    id,
    'aria-invalid': errors.length ? true : undefined,
    'aria-describedby': [errors.length ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined,
    disabled,
  };
  const labelled = field.kind === 'boolean';
  return (
    <div className="grid content-start gap-1.5" data-param={field.key}>
      <div className={labelled ? 'flex items-center justify-between gap-3' : undefined}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a code or expression field is no form control, so a click on its label focuses it by hand; keys reach the field itself */}
        <label
          htmlFor={id}
          className="font-medium text-[13px] text-foreground"
          onClick={() => document.getElementById(id)?.focus()}
        >
          {field.label}
          {field.required && (
            <span className="ml-0.5 text-destructive" aria-hidden="true">
              *
            </span>
          )}
          {field.required && <span className="sr-only"> (required)</span>}
        </label>
        {labelled && <Switch {...control} checked={value === true || value === 'true'} onCheckedChange={onChange} />}
      </div>
      {!labelled && (
        <ParamControl
          field={field}
          node={node}
          accountId={accountId}
          flowId={flowId}
          value={value}
          control={control}
          onChange={onChange}
        />
      )}
      {errors.map((error) => (
        <p key={error} id={errorId} className="text-[13px] text-destructive">
          {error}
        </p>
      ))}
      {help && (
        <p id={helpId} className="text-[13px] text-muted-foreground">
          {help}
        </p>
      )}
    </div>
  );
}

function rangeText(field: ParamFieldInfo): string {
  if (field.kind !== 'number') return '';
  if (field.min !== undefined && field.max !== undefined) return `From ${field.min} to ${field.max}.`;
  if (field.min !== undefined) return `At least ${field.min}.`;
  if (field.max !== undefined) return `At most ${field.max}.`;
  return '';
}

type Control = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; disabled?: boolean };

function ParamControl({
  field,
  node,
  accountId,
  flowId,
  value,
  control,
  onChange,
}: {
  field: ParamFieldInfo;
  node: FlowNode;
  accountId: string;
  flowId: string;
  value: unknown;
  control: Control;
  onChange(value: unknown): void;
}) {
  const placeholder = field.placeholder;
  switch (field.kind) {
    case 'text':
      return (
        <ExpressionInput
          {...control}
          aria-label={field.label}
          placeholder={placeholder}
          value={paramText(value)}
          onChange={onChange}
        />
      );
    case 'textarea':
      return (
        <ExpressionInput
          {...control}
          aria-label={field.label}
          multiline
          placeholder={placeholder}
          value={paramText(value)}
          onChange={onChange}
        />
      );
    case 'number':
      return (
        <ExpressionInput
          {...control}
          aria-label={field.label}
          placeholder={placeholder ?? (field.default !== undefined ? String(field.default) : undefined)}
          value={paramText(value)}
          onChange={(text) => onChange(numberParam(text))}
        />
      );
    case 'select': {
      const current = paramText(value);
      const known = field.options?.some((option) => option.value === current);
      return (
        <NativeSelect
          {...control}
          className="w-full"
          value={current}
          onChange={(event) => onChange(event.target.value)}
        >
          {!known && <option value={current}>{current ? `${current} (unknown)` : 'Choose…'}</option>}
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      );
    }
    case 'code':
      return <CodeInput {...control} aria-label={field.label} value={paramText(value)} onChange={onChange} />;
    case 'json': {
      const text = paramText(value);
      const problem = jsonProblem(text);
      return (
        <>
          <ExpressionInput
            {...control}
            aria-label={field.label}
            multiline
            mono
            json
            preview={false}
            placeholder={placeholder}
            value={text}
            onChange={onChange}
          />
          {problem && !control['aria-invalid'] && <p className="text-[13px] text-destructive">{problem}</p>}
        </>
      );
    }
    case 'keyValue':
      return (
        <RowsInput
          rows={paramRows(value)}
          columns={[
            { key: 'key', label: 'Name' },
            { key: 'value', label: 'Value', expression: true },
          ]}
          addLabel="Add"
          disabled={control.disabled}
          onChange={onChange}
        />
      );
    case 'assignments':
      return (
        <RowsInput
          rows={paramRows(value)}
          columns={[
            { key: 'name', label: 'Field', placeholder: 'Field name' },
            { key: 'value', label: 'Value', expression: true },
          ]}
          addLabel="Add field"
          disabled={control.disabled}
          onChange={onChange}
        />
      );
    case 'selectors':
      return (
        <RowsInput
          rows={paramRows(value)}
          columns={[
            { key: 'name', label: 'Field', placeholder: 'title' },
            { key: 'selector', label: 'CSS selector', placeholder: 'h2 a' },
            { key: 'attribute', label: 'Attribute', placeholder: 'text (or href…)' },
          ]}
          addLabel="Add field"
          disabled={control.disabled}
          onChange={onChange}
        />
      );
    case 'conditions':
      return <ConditionsInput value={value} disabled={control.disabled} onChange={onChange} />;
    case 'cases':
      return <CasesInput value={value} disabled={control.disabled} onChange={onChange} />;
    case 'cron': {
      const timeZone = paramText(paramValue(node, 'timezone')) || 'UTC';
      return (
        <CronInput
          {...control}
          placeholder={placeholder}
          value={paramText(value)}
          timeZone={timeZone}
          onChange={onChange}
        />
      );
    }
    case 'timezone':
      return <TimezoneInput {...control} value={paramText(value) || 'UTC'} onChange={onChange} />;
    case 'table':
      return <TableSelect {...control} accountId={accountId} value={paramText(value)} onChange={onChange} />;
    case 'tableField': {
      const tableId = field.tableKey ? paramText(paramValue(node, field.tableKey)) : '';
      return <TableFieldSelect {...control} tableId={tableId || null} value={paramText(value)} onChange={onChange} />;
    }
    case 'flow':
      return (
        <FlowSelect {...control} accountId={accountId} flowId={flowId} value={paramText(value)} onChange={onChange} />
      );
    case 'connection':
      return (
        <ConnectionSelect
          {...control}
          accountId={accountId}
          providers={field.providers ?? []}
          required={field.required}
          value={paramText(value)}
          onChange={onChange}
        />
      );
    case 'mcpTool': {
      const connectionId = field.connectionKey ? paramText(paramValue(node, field.connectionKey)) : '';
      return (
        <McpToolSelect {...control} connectionId={connectionId || null} value={paramText(value)} onChange={onChange} />
      );
    }
    case 'secret': {
      // A saved secret is only its hash: show that one is set, never the hash, and let a new one replace it.
      const saved = paramText(value).startsWith(HASHED_SECRET_PREFIX);
      return (
        <PasswordInput
          {...control}
          value={saved ? '' : paramText(value)}
          autoComplete="new-password"
          spellCheck={false}
          placeholder={saved ? 'Saved. Type a new secret to replace it' : placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    case 'connectionOption': {
      const connectionId = field.connectionKey ? paramText(paramValue(node, field.connectionKey)) : '';
      return (
        <div className="grid gap-1.5">
          <ExpressionInput
            {...control}
            aria-label={field.label}
            placeholder={placeholder}
            value={paramText(value)}
            onChange={onChange}
          />
          <ConnectionOptionPicker
            connectionId={connectionId}
            list={field.list ?? ''}
            label={field.label}
            value={paramText(value)}
            disabled={control.disabled}
            onChange={onChange}
          />
        </div>
      );
    }
    default:
      return <ExpressionInput {...control} aria-label={field.label} value={paramText(value)} onChange={onChange} />;
  }
}
