import type { AiProvider } from '@flowmind/shared/ai';
import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { AiProviderCard } from '../../features/ai/ai-provider-card';
import { AiProviderDialog } from '../../features/ai/ai-provider-dialog';
import { DefaultModelSection } from '../../features/ai/default-model-section';
import { type AiProviderActions, useAiModels, useAiProviderActions } from '../../features/ai/use-ai-models';
import { canManageMembers } from '../../features/members/member-permissions';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';
import { SettingsNav, settingsTabs } from './settings-nav';

export function AiSettingsPage() {
  usePageHeader({
    title: 'Settings',
    description: 'The AI models your chats, agents and flows can use',
    showTabs: true,
    tabs: settingsTabs,
    showFloatingButton: false,
  });
  const { account, isLoading } = useActiveAccount();
  return (
    <>
      <SettingsNav />
      {isLoading || !account ? (
        <Skeleton className="h-64 max-w-4xl rounded-xl" />
      ) : (
        <AiProviders key={account.id} accountId={account.id} canManage={canManageMembers(account.role)} />
      )}
    </>
  );
}

type DialogState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; provider: AiProvider };

function AiProviders({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const models = useAiModels(accountId);
  const actions = useAiProviderActions(accountId);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<AiProvider | null>(null);

  if (models.isPending) return <Skeleton className="h-64 max-w-4xl rounded-xl" />;
  if (models.error)
    return (
      <p
        role="alert"
        className="max-w-4xl rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
      >
        {errorMessage(models.error)}
      </p>
    );

  const { providers } = models.data;
  const addButton = canManage && (
    <Button onClick={() => setDialog({ kind: 'add' })}>
      <Plus aria-hidden="true" />
      Add provider
    </Button>
  );

  return (
    <div className="grid max-w-4xl gap-6">
      {providers.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title="No AI models yet"
          description={
            canManage
              ? 'Add a provider to use AI in chats, agents and flows: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, OpenRouter) or Anthropic. Keys are stored encrypted and never shown again.'
              : 'An owner or admin of this account can add an AI provider here.'
          }
        >
          {addButton}
        </EmptyState>
      ) : (
        <>
          <DefaultModelSection models={models.data} actions={actions} canManage={canManage} />
          <section aria-labelledby="providers-title" className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h2 id="providers-title" className="font-semibold text-[15px]">
                  Providers
                </h2>
                <p className="text-muted-foreground text-sm">
                  {canManage
                    ? 'Keys are stored encrypted and never leave the server.'
                    : 'Only owners and admins can change providers.'}
                </p>
              </div>
              {addButton}
            </div>
            <ul className="grid gap-3">
              {providers.map((provider) => (
                <AiProviderCard
                  key={provider.id}
                  provider={provider}
                  accountId={accountId}
                  canManage={canManage}
                  onEdit={() => setDialog({ kind: 'edit', provider })}
                  onDelete={() => setDeleting(provider)}
                />
              ))}
            </ul>
          </section>
        </>
      )}
      <AiProviderDialog
        open={dialog.kind !== 'closed'}
        onOpenChange={(open) => !open && setDialog({ kind: 'closed' })}
        accountId={accountId}
        provider={dialog.kind === 'edit' ? dialog.provider : undefined}
        actions={actions}
      />
      <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} actions={actions} />
    </div>
  );
}

function DeleteProviderDialog({
  provider,
  onClose,
  actions,
}: {
  provider: AiProvider | null;
  onClose: () => void;
  actions: AiProviderActions;
}) {
  return (
    <ConfirmDialog
      open={provider !== null}
      onOpenChange={(open) => {
        if (!open) {
          actions.remove.reset();
          onClose();
        }
      }}
      title={`Delete ${provider?.name ?? 'provider'}?`}
      description="Its key is deleted with it. Chats and flows that use its models will need another model."
      confirmLabel="Delete provider"
      pending={actions.remove.isPending}
      error={actions.remove.error ? errorMessage(actions.remove.error) : null}
      onConfirm={() => provider && actions.remove.mutate(provider.id, { onSuccess: onClose })}
    />
  );
}
