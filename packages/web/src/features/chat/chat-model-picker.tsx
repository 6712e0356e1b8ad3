import type { AiModelsResponse } from '@flowmind/shared/ai';
import { NativeSelect } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/**
 * Which model answers next in this chat: the account's default, or any model of its providers
 * (and the server's). Empty value: the default.
 */
export function ChatModelPicker({
  models,
  value,
  onChange,
  disabled,
  className,
  size = 'sm',
  ...control
}: {
  models: AiModelsResponse;
  value: string | null;
  onChange: (ref: string | null) => void;
  disabled?: boolean;
  className?: string;
  size?: 'sm' | 'md';
  /** A form field's id and descriptions, when it is labelled by one. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const fallback = models.models.find((model) => model.ref === models.defaultModel) ?? models.models[0];
  const known = value === null || models.models.some((model) => model.ref === value);
  return (
    <NativeSelect
      size={size}
      aria-label={control.id ? undefined : 'Model'}
      {...control}
      className={cn('w-32 sm:w-56', className)}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{fallback ? `Default (${fallback.model})` : 'Default'}</option>
      {models.models.map((model) => (
        <option key={model.ref} value={model.ref}>
          {model.model} · {model.providerName}
        </option>
      ))}
      {!known && value && <option value={value}>{value} (no longer set up)</option>}
    </NativeSelect>
  );
}
