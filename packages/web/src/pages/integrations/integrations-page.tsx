import { CREDENTIAL_KINDS } from '@flowmind/shared/integrations';
import { Skeleton } from '../../components/ui/skeleton';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { CredentialsCard } from '../../features/integrations/credentials-card';
import { useIntegrationActions, useIntegrations } from '../../features/integrations/integrations-api';
import { ProviderCard } from '../../features/integrations/provider-card';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';

export function IntegrationsPage() {
  usePageHeader({
    title: 'Integrations',
    description: 'Connect your account with other services',
    showFloatingButton: false,
    showTabs: false,
  });
  const { account, isLoading } = useActiveAccount();
  if (isLoading || !account) return <Skeleton className="h-48 max-w-4xl rounded-xl" />;
  return <Integrations key={account.id} accountId={account.id} />;
}

function Integrations({ accountId }: { accountId: string }) {
  const integrations = useIntegrations(accountId);
  const actions = useIntegrationActions(accountId);
  if (integrations.isPending)
    return (
      <div className="grid max-w-4xl gap-4" role="status" aria-label="Loading integrations">
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  if (integrations.error)
    return (
      <p
        role="alert"
        className="max-w-4xl rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
      >
        {errorMessage(integrations.error)}
      </p>
    );
  const { providers, connections, canManage } = integrations.data;
  return (
    <div className="grid max-w-4xl gap-4">
      {!canManage && (
        <p className="text-muted-foreground text-sm">Only owners and admins of this account can connect services.</p>
      )}
      {providers.map((provider) => (
        <ProviderCard
          key={provider.id}
          accountId={accountId}
          provider={provider}
          connections={connections.filter((connection) => connection.provider === provider.id)}
          canManage={canManage}
          actions={actions}
        />
      ))}
      <CredentialsCard
        accountId={accountId}
        connections={connections.filter((connection) => connection.provider in CREDENTIAL_KINDS)}
        canManage={canManage}
        actions={actions}
      />
    </div>
  );
}
