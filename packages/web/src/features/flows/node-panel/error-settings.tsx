import { effectiveSettings } from '@flowmind/shared/flow-steps';
import { type FlowNode, MAX_STEP_RETRIES, type NodeSettings, type OnError } from '@flowmind/shared/flows';
import { ChevronRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input, NativeSelect } from '../../../components/ui/input';
import { useAppConfig } from '../../config/use-app-config';
import { settingNumber } from './param-form-logic';

const ON_ERROR_LABELS: Record<OnError, string> = {
  stop: 'Stop the execution',
  continue: 'Continue (the error goes on with the item)',
  branch: 'Send the items out on an error branch',
};

/** Retries, back-off, time limit and what a failure does; empty boxes fall back to the type's defaults. */
export function ErrorSettings({
  node,
  disabled,
  onChange,
}: {
  node: FlowNode;
  disabled?: boolean;
  onChange(change: Partial<NodeSettings>): void;
}) {
  const id = useId();
  const defaults = effectiveSettings({ type: node.type, settings: {} });
  const own = node.settings ?? {};
  const changed = Object.values(own).some((value) => value !== undefined);
  const codeTimeoutMaxMs = useAppConfig().data?.codeTimeoutMaxMs;
  const ranges =
    node.type === 'code' && codeTimeoutMaxMs
      ? { ...SETTING_RANGES, timeoutMs: { min: SETTING_RANGES.timeoutMs.min, max: codeTimeoutMaxMs } }
      : SETTING_RANGES;
  const number = (key: 'retries' | 'retryDelayMs' | 'timeoutMs', label: string, unit: string) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="font-medium text-[13px]">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <SettingInput
          id={`${id}-${key}`}
          value={own[key]}
          placeholder={String(defaults[key])}
          range={ranges[key]}
          disabled={disabled}
          onChange={(value) => onChange({ [key]: value })}
        />
        <span className="w-6 shrink-0 text-muted-foreground text-xs">{unit}</span>
      </div>
    </div>
  );
  return (
    <details className="group rounded-lg border" open={changed || undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2.5 font-medium text-sm [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 text-muted-foreground transition-transform group-open:rotate-90"
          aria-hidden="true"
        />
        On error & retries
        {changed && <span className="ml-auto size-1.5 rounded-full bg-primary" title="Changed from the defaults" />}
      </summary>
      <div className="grid gap-3 border-t px-3 py-3">
        <div className="grid grid-cols-2 gap-3">
          {number('retries', 'Retries', '')}
          {number('retryDelayMs', 'First retry after', 'ms')}
          {number('timeoutMs', 'Time limit', 'ms')}
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-onError`} className="font-medium text-[13px]">
            When it fails
          </label>
          <NativeSelect
            id={`${id}-onError`}
            className="w-full"
            value={own.onError ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ onError: (event.target.value || undefined) as OnError | undefined })}
          >
            <option value="">Default: {ON_ERROR_LABELS[defaults.onError].toLowerCase()}</option>
            {(Object.keys(ON_ERROR_LABELS) as OnError[]).map((value) => (
              <option key={value} value={value}>
                {ON_ERROR_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="text-[12px] text-muted-foreground">
          Each retry waits twice as long as the one before. Empty boxes use this step type’s defaults.
        </p>
      </div>
    </details>
  );
}

/** The bounds the flow contract puts on each setting (NodeSettings in flows.ts). */
const SETTING_RANGES = {
  retries: { min: 0, max: MAX_STEP_RETRIES },
  retryDelayMs: { min: 0, max: 3_600_000 },
  timeoutMs: { min: 100, max: 3_600_000 },
} as const;

/**
 * A whole-number box that saves only values the contract accepts, so a half-typed "5" on the way to
 * "5000" never reaches a draft save; empty saves "use the default".
 */
function SettingInput({
  id,
  value,
  placeholder,
  range,
  disabled,
  onChange,
}: {
  id: string;
  value: number | undefined;
  placeholder: string;
  range: { min: number; max: number };
  disabled?: boolean;
  onChange(value: number | undefined): void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const parsed = settingNumber(text);
  const invalid = text.trim() !== '' && (parsed === undefined || parsed < range.min || parsed > range.max);
  return (
    <Input
      id={id}
      inputMode="numeric"
      placeholder={placeholder}
      value={text}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      title={invalid ? `A whole number from ${range.min} to ${range.max}` : undefined}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = settingNumber(next);
        if (next.trim() === '') onChange(undefined);
        else if (number !== undefined && number >= range.min && number <= range.max) onChange(number);
      }}
      onBlur={() => setText(value === undefined ? '' : String(value))}
    />
  );
}
