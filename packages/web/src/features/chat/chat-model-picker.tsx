import type { AiModelsResponse } from '@flowmind/shared/ai';
import { NativeSelect } from '../../components/ui/input';

/**
 * Which model answers next in this chat: the account's default, or any model of its providers
 * (and the server's). Empty value: the default.
 */
export function ChatModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: AiModelsResponse;
  value: string | null;
  onChange: (ref: string | null) => void;
  disabled?: boolean;
}) {
  const fallback = models.models.find((model) => model.ref === models.defaultModel) ?? models.models[0];
  const known = value === null || models.models.some((model) => model.ref === value);
  return (
    <NativeSelect
      size="sm"
      aria-label="Model"
      className="w-32 sm:w-56"
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
