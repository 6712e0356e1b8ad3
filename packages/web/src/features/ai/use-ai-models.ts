import type { AiModelsResponse } from '@flowmind/shared/ai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiApi } from './ai-api';

export const aiModelsKey = (accountId: string | null) => ['ai-models', accountId] as const;

/**
 * The account's AI providers (its own and the server's), every model someone can pick with its
 * ref, and the default. The chat's model picker and the AI settings page both read this.
 */
export function useAiModels(accountId: string | null) {
  return useQuery<AiModelsResponse>({
    queryKey: aiModelsKey(accountId),
    queryFn: () => aiApi.models(accountId as string),
    enabled: Boolean(accountId),
  });
}

/** Changes to an account's providers and default model; each refreshes the list. */
export function useAiProviderActions(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: aiModelsKey(accountId) });
  return {
    create: useMutation({ mutationFn: aiApi.create, onSuccess: refresh }),
    update: useMutation({ mutationFn: aiApi.update, onSuccess: refresh }),
    remove: useMutation({ mutationFn: aiApi.remove, onSettled: refresh }),
    setDefault: useMutation({
      mutationFn: (defaultModel: string | null) => aiApi.setDefault({ accountId, defaultModel }),
      onSuccess: (models) => queryClient.setQueryData(aiModelsKey(accountId), models),
    }),
  };
}

export type AiProviderActions = ReturnType<typeof useAiProviderActions>;
