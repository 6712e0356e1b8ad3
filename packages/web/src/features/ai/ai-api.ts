import type {
  AiModelsResponse,
  AiProvider,
  AiProviderTestResult,
  CreateAiProvider,
  TryAiProvider,
  UpdateAiProvider,
} from '@flowmind/shared/ai';
import { api } from '../../lib/api';

const providerPath = (providerId: string) => `/api/ai/providers/${encodeURIComponent(providerId)}`;

/** Every call the AI settings make; the types come from the shared contract. Keys go in, never come back. */
export const aiApi = {
  models: (accountId: string) => api<AiModelsResponse>(`/api/ai/models?${new URLSearchParams({ accountId })}`),
  create: (input: CreateAiProvider) => api<AiProvider>('/api/ai/providers', { method: 'POST', body: input }),
  update: ({ providerId, patch }: { providerId: string; patch: UpdateAiProvider }) =>
    api<AiProvider>(providerPath(providerId), { method: 'PATCH', body: patch }),
  remove: (providerId: string) => api<void>(providerPath(providerId), { method: 'DELETE' }),
  test: ({ accountId, providerId, model }: { accountId: string; providerId: string; model?: string }) =>
    api<AiProviderTestResult>(`${providerPath(providerId)}/test`, { method: 'POST', body: { accountId, model } }),
  /** Tries a provider as typed, before it is saved; an endpoint the server refuses is an ApiError at baseUrl. */
  tryDraft: (input: TryAiProvider) =>
    api<AiProviderTestResult>('/api/ai/providers/test', { method: 'POST', body: input }),
  setDefault: ({ accountId, defaultModel }: { accountId: string; defaultModel: string | null }) =>
    api<AiModelsResponse>(`/api/ai/settings?${new URLSearchParams({ accountId })}`, {
      method: 'PUT',
      body: { defaultModel },
    }),
};
