import { effectiveSettings } from '@flowmind/shared/flow-steps';
import type { FlowNode, NodeSettings, OnError } from '@flowmind/shared/flows';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Input, NativeSelect } from '../../../components/ui/input';
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
  const number = (key: 'retries' | 'retryDelayMs' | 'timeoutMs', label: string, unit: string, max: number) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="font-medium text-[13px]">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <Input
          id={`${id}-${key}`}
          inputMode="numeric"
          placeholder={String(defaults[key])}
          value={own[key] === undefined ? '' : String(own[key])}
          disabled={disabled}
          onChange={(event) => {
            const value = settingNumber(event.target.value);
            onChange({ [key]: value === undefined ? undefined : Math.min(value, max) });
          }}
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
          {number('retries', 'Retries', '', 10)}
          {number('retryDelayMs', 'First retry after', 'ms', 3_600_000)}
          {number('timeoutMs', 'Time limit', 'ms', 3_600_000)}
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
