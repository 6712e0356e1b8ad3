import {
  type AiProvider,
  type AiProviderKind,
  baseUrlProblem,
  CreateAiProvider,
  type TryAiProvider,
  UpdateAiProvider,
} from '@flowmind/shared/ai';

/** Well-known OpenAI-compatible endpoints, to fill in the base URL (and a first model) in one click. */
export const OPENAI_COMPATIBLE_PRESETS = [
  { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
  { label: 'Ollama', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' },
  { label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', model: null },
  { label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini' },
] as const;
export type OpenAiCompatiblePreset = (typeof OPENAI_COMPATIBLE_PRESETS)[number];

export const kindLabels: Record<AiProviderKind, string> = {
  'openai-compatible': 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

/** What happens to a saved key: kept as is, replaced by what is typed, or removed. */
export type KeyAction = 'keep' | 'replace' | 'remove';

export type ProviderForm = {
  kind: AiProviderKind;
  name: string;
  baseUrl: string;
  apiKey: string;
  keyAction: KeyAction;
  models: string[];
  /** A model name typed but not added yet: saving adds it rather than losing it. */
  modelDraft: string;
};

export type ProviderFormField = 'kind' | 'name' | 'baseUrl' | 'apiKey' | 'models';
export type ProviderFormErrors = Partial<Record<ProviderFormField | 'form', string>>;

export function emptyProviderForm(kind: AiProviderKind = 'openai-compatible'): ProviderForm {
  return { kind, name: '', baseUrl: '', apiKey: '', keyAction: 'replace', models: [], modelDraft: '' };
}

export function providerFormOf(provider: AiProvider): ProviderForm {
  return {
    kind: provider.kind,
    name: provider.name,
    baseUrl: provider.baseUrl ?? '',
    apiKey: '',
    keyAction: provider.hasApiKey ? 'keep' : 'replace',
    models: provider.models,
    modelDraft: '',
  };
}

/** Adds a model name once; blank names are ignored. */
export function withModel(models: string[], name: string): string[] {
  const model = name.trim();
  return !model || models.includes(model) ? models : [...models, model];
}

/** The form with a preset's endpoint, its name if none was typed, and its first model if none was added. */
export function applyPreset(form: ProviderForm, preset: OpenAiCompatiblePreset): ProviderForm {
  const namedByPreset = !form.name.trim() || OPENAI_COMPATIBLE_PRESETS.some((p) => p.label === form.name.trim());
  return {
    ...form,
    baseUrl: preset.baseUrl,
    name: namedByPreset ? preset.label : form.name,
    models: form.models.length === 0 && preset.model ? [preset.model] : form.models,
  };
}

const FIELDS: ProviderFormField[] = ['kind', 'name', 'baseUrl', 'apiKey', 'models'];

/** The form's field a server error names (the try's `model` is the first of the models), else the form itself. */
export function fieldOfServerError(field: string | undefined): ProviderFormField | 'form' {
  const named = field === 'model' ? 'models' : field;
  return FIELDS.find((f) => f === named) ?? 'form';
}

function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]): ProviderFormErrors {
  const errors: ProviderFormErrors = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => f === issue.path[0]) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: ProviderFormErrors };

function commonChecks(form: ProviderForm): ProviderFormErrors {
  const errors: ProviderFormErrors = {};
  const baseUrl = baseUrlProblem(form.kind, form.baseUrl);
  if (baseUrl) errors.baseUrl = baseUrl;
  return errors;
}

/** The create request for the form, or what is wrong with it, per field (the server's rules). */
export function toCreateRequest(form: ProviderForm, accountId: string): Checked<CreateAiProvider> {
  const parsed = CreateAiProvider.safeParse({
    accountId,
    kind: form.kind,
    name: form.name,
    baseUrl: form.baseUrl.trim() || undefined,
    apiKey: form.apiKey.trim() || undefined,
    models: withModel(form.models, form.modelDraft),
  });
  const errors = { ...commonChecks(form), ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)) };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** Only what changed; `apiKey` is left out to keep the saved key, null to remove it. */
export function toUpdateRequest(form: ProviderForm, provider: AiProvider): Checked<UpdateAiProvider> {
  const models = withModel(form.models, form.modelDraft);
  const errors = commonChecks(form);
  if (form.keyAction === 'replace' && provider.hasApiKey && !form.apiKey.trim())
    errors.apiKey = 'Enter the new key, or keep the saved one';
  const patch: Record<string, unknown> = {};
  if (form.name !== provider.name) patch.name = form.name;
  if (form.baseUrl.trim() !== (provider.baseUrl ?? '')) patch.baseUrl = form.baseUrl.trim() || null;
  if (form.keyAction === 'remove') patch.apiKey = null;
  else if (form.keyAction === 'replace' && form.apiKey.trim()) patch.apiKey = form.apiKey.trim();
  if (models.join('\n') !== provider.models.join('\n')) patch.models = models;
  const parsed = UpdateAiProvider.safeParse(patch);
  const all = { ...errors, ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)) };
  if (!parsed.success || Object.keys(all).length > 0) return { ok: false, errors: all };
  return { ok: true, value: parsed.data };
}

/**
 * The request that tries the endpoint before saving, or null when the save changes nothing the
 * endpoint's answer depends on (only the name or the list of models). Editing lends the saved key
 * unless it is replaced or removed.
 */
export function toTryRequest(
  checked: CreateAiProvider | UpdateAiProvider,
  form: ProviderForm,
  accountId: string,
  provider?: AiProvider,
): TryAiProvider | null {
  if (provider && !('baseUrl' in checked) && !('apiKey' in checked)) return null;
  const model = checked.models?.[0] ?? provider?.models[0];
  if (!model) return null;
  const baseUrl = form.baseUrl.trim() || undefined;
  if (!provider) return { accountId, kind: form.kind, baseUrl, apiKey: checked.apiKey ?? undefined, model };
  return { accountId, kind: provider.kind, baseUrl, apiKey: checked.apiKey, providerId: provider.id, model };
}
