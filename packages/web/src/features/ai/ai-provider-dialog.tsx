import type { AiProvider, CreateAiProvider } from '@flowmind/shared/ai';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, Plus, X, XCircle } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, FormError } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { SegmentedChoice } from '../../components/ui/segmented-choice';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { aiApi } from './ai-api';
import {
  applyPreset,
  emptyProviderForm,
  fieldOfServerError,
  kindLabels,
  OPENAI_COMPATIBLE_PRESETS,
  type ProviderForm,
  type ProviderFormErrors,
  type ProviderFormField,
  providerFormOf,
  toCreateRequest,
  toTryRequest,
  toUpdateRequest,
  withModel,
} from './ai-provider-form';
import type { AiProviderActions } from './use-ai-models';

const KINDS = (['openai-compatible', 'anthropic'] as const).map((value) => ({ value, label: kindLabels[value] }));

/**
 * Adds a provider (no `provider`) or edits one. Saving tries the endpoint first: one the server
 * refuses to call is not saved (the reason shows at the base URL); one that does not answer well
 * is saved only when asked again ("Save anyway"), since a local model server may simply be off.
 * Input stays as typed when saving fails.
 */
export function AiProviderDialog({
  open,
  onOpenChange,
  accountId,
  provider,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  provider?: AiProvider;
  actions: AiProviderActions;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={provider ? `Edit ${provider.name}` : 'Add an AI provider'}
      className="max-w-lg"
      description={
        provider
          ? undefined
          : 'Any endpoint that speaks the OpenAI API (OpenAI, Ollama, vLLM, LM Studio, OpenRouter), or Anthropic.'
      }
    >
      {(close) => <ProviderFormBody accountId={accountId} provider={provider} actions={actions} onDone={close} />}
    </FormDialog>
  );
}

function ProviderFormBody({
  accountId,
  provider,
  actions,
  onDone,
}: {
  accountId: string;
  provider?: AiProvider;
  actions: AiProviderActions;
  onDone: () => void;
}) {
  const [form, setForm] = useState<ProviderForm>(() => (provider ? providerFormOf(provider) : emptyProviderForm()));
  const [errors, setErrors] = useState<ProviderFormErrors>({});
  /** The endpoint's failed answer to the last try; saving again saves anyway. */
  const [failedTry, setFailedTry] = useState<string | null>(null);
  const tryDraft = useMutation({ mutationFn: aiApi.tryDraft });
  const closing = useRef<HTMLDivElement>(null);
  // The answer appears above the buttons, below the fold of a long form on a phone: show both.
  useEffect(() => {
    if (failedTry) closing.current?.scrollIntoView({ block: 'nearest' });
  }, [failedTry]);
  const pending = tryDraft.isPending || actions.create.isPending || actions.update.isPending;

  const change = (patch: Partial<ProviderForm>, ...fields: ProviderFormField[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setFailedTry(null);
    if (fields.length > 0 || errors.form)
      setErrors((current) => {
        const next = { ...current, form: undefined };
        for (const field of fields) next[field] = undefined;
        return next;
      });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const onError = (error: Error) =>
      setErrors({ [fieldOfServerError(error instanceof ApiError ? error.field : undefined)]: errorMessage(error) });
    const checked = provider ? toUpdateRequest(form, provider) : toCreateRequest(form, accountId);
    if (!checked.ok) return setErrors(checked.errors);
    const value = checked.value;
    if (provider && Object.keys(value).length === 0) return onDone();
    const save = () =>
      provider
        ? actions.update.mutate({ providerId: provider.id, patch: value }, { onSuccess: onDone, onError })
        : actions.create.mutate(value as CreateAiProvider, { onSuccess: onDone, onError });
    const trial = failedTry === null ? toTryRequest(value, form, accountId, provider) : null;
    if (!trial) return save();
    tryDraft.mutate(trial, {
      onSuccess: (result) => (result.ok ? save() : setFailedTry(result.message)),
      onError,
    });
  }

  const saveLabel = provider ? 'Save changes' : 'Add provider';
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {!provider && (
        <SegmentedChoice
          legend="Kind"
          options={KINDS}
          value={form.kind}
          onChange={(kind) => change({ kind }, 'kind', 'baseUrl')}
        />
      )}
      {form.kind === 'openai-compatible' && (
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">Presets</legend>
          {OPENAI_COMPATIBLE_PRESETS.map((preset) => (
            <Button
              key={preset.label}
              size="sm"
              variant={form.baseUrl === preset.baseUrl ? 'secondary' : 'outline'}
              aria-pressed={form.baseUrl === preset.baseUrl}
              onClick={() => {
                setForm((current) => applyPreset(current, preset));
                setErrors((current) => ({ ...current, baseUrl: undefined, name: undefined, models: undefined }));
                setFailedTry(null);
              }}
            >
              {preset.label}
            </Button>
          ))}
        </fieldset>
      )}
      <Field label="Name" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            value={form.name}
            maxLength={80}
            placeholder={form.kind === 'anthropic' ? 'Anthropic' : 'OpenAI'}
            onChange={(event) => change({ name: event.target.value }, 'name')}
          />
        )}
      </Field>
      <Field
        label={form.kind === 'anthropic' ? 'Base URL (optional)' : 'Base URL'}
        error={errors.baseUrl}
        hint={form.kind === 'anthropic' ? 'Leave empty for api.anthropic.com; set it for a proxy.' : undefined}
      >
        {(props) => (
          <Input
            {...props}
            value={form.baseUrl}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            placeholder={form.kind === 'anthropic' ? 'https://api.anthropic.com/v1' : 'https://api.openai.com/v1'}
            onChange={(event) => change({ baseUrl: event.target.value }, 'baseUrl')}
          />
        )}
      </Field>
      <ApiKeyField form={form} error={errors.apiKey} onChange={(patch) => change(patch, 'apiKey')} />
      <ModelsField
        models={form.models}
        draft={form.modelDraft}
        example={form.kind === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini or llama3.2'}
        error={errors.models}
        onChange={(patch) => change(patch, 'models')}
      />
      <FormError>{errors.form}</FormError>
      <div ref={closing} className="grid gap-4">
        {failedTry && (
          <div
            role="status"
            aria-label="Endpoint test"
            className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-3 py-2 text-[13px] text-destructive"
          >
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 break-words">
              {failedTry}
              <span className="mt-1 block text-foreground">
                Check the address, key and model, or save it anyway (for a server that is not running yet).
              </span>
            </p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {tryDraft.isPending ? 'Testing…' : failedTry ? (provider ? 'Save anyway' : 'Add anyway') : saveLabel}
          </Button>
        </DialogFooter>
      </div>
    </form>
  );
}

/** A saved key is never shown: it reads "Key saved" and can be replaced or removed. */
function ApiKeyField({
  form,
  error,
  onChange,
}: {
  form: ProviderForm;
  error?: string;
  onChange: (patch: Partial<ProviderForm>) => void;
}) {
  if (form.keyAction === 'keep' || form.keyAction === 'remove') {
    const removing = form.keyAction === 'remove';
    return (
      <div className="grid gap-1.5">
        <span className="font-medium text-[13px]">API key</span>
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-surface px-3 py-1.5">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className={cn('flex-1 text-sm', removing && 'text-muted-foreground line-through')}>Key saved</span>
          {removing ? (
            <Button size="sm" variant="ghost" onClick={() => onChange({ keyAction: 'keep' })}>
              Keep it
            </Button>
          ) : (
            <>
              <Button size="sm" variant="ghost" onClick={() => onChange({ keyAction: 'replace', apiKey: '' })}>
                Replace
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onChange({ keyAction: 'remove' })}>
                Remove
              </Button>
            </>
          )}
        </div>
        {removing && <p className="text-[13px] text-muted-foreground">The key is removed when you save.</p>}
      </div>
    );
  }
  return (
    <Field
      label="API key"
      error={error}
      hint={
        form.kind === 'anthropic'
          ? 'From console.anthropic.com. Stored encrypted and never shown again.'
          : 'Stored encrypted and never shown again. Leave empty for servers that need none (Ollama, LM Studio).'
      }
    >
      {(props) => (
        <PasswordInput
          {...props}
          value={form.apiKey}
          autoComplete="new-password"
          spellCheck={false}
          maxLength={500}
          placeholder={form.kind === 'anthropic' ? 'sk-ant-…' : 'sk-…'}
          onChange={(event) => onChange({ apiKey: event.target.value })}
        />
      )}
    </Field>
  );
}

function ModelsField({
  models,
  draft,
  example,
  error,
  onChange,
}: {
  models: string[];
  draft: string;
  example: string;
  error?: string;
  onChange: (patch: { models?: string[]; modelDraft?: string }) => void;
}) {
  const add = () => onChange({ models: withModel(models, draft), modelDraft: '' });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <Field label="Models" error={error} hint={`The model names this endpoint serves, such as ${example}.`}>
      {(props) => (
        <div className="grid gap-2">
          {models.length > 0 && (
            <ul aria-label="Models added" className="flex flex-wrap gap-1.5">
              {models.map((model) => (
                <li
                  key={model}
                  className="inline-flex max-w-full items-center gap-1 rounded-md border bg-surface py-0.5 pr-0.5 pl-2 font-mono text-[12px]"
                >
                  <span className="truncate">{model}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${model}`}
                    className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                    onClick={() => onChange({ models: models.filter((m) => m !== model) })}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <Input
              {...props}
              value={draft}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              placeholder="Model name"
              onKeyDown={onKeyDown}
              onChange={(event) => onChange({ modelDraft: event.target.value })}
            />
            <Button variant="outline" onClick={add} disabled={!draft.trim()}>
              <Plus aria-hidden="true" />
              Add
            </Button>
          </div>
        </div>
      )}
    </Field>
  );
}
