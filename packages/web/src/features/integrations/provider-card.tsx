import {
  connectionUsageText,
  type IntegrationConnection,
  type IntegrationProviderInfo,
} from '@flowmind/shared/integrations';
import { Pencil, Plug, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { ConnectionAddedBy, ConnectionTitle, DisconnectButton, ReconnectNotice, StatusBadge } from './connection-row';
import { ConnectionUsedBy } from './connection-used-by';
import { IntegrationCard, NoConnections } from './integration-card';
import type { IntegrationActions } from './integrations-api';
import { useConnectionDialogs } from './use-connection-dialogs';

/** What one connection is at the provider: a Slack or Notion workspace, a Google, X or LinkedIn account. */
export const connectionNoun = (provider: IntegrationProviderInfo['id']) =>
  provider === 'google' || provider === 'twitter' || provider === 'linkedin' ? 'account' : 'workspace';

/** One service: what the operator must still set up, or Connect and the account's connections to it. */
export function ProviderCard({
  provider,
  connections,
  canManage,
  actions,
}: {
  provider: IntegrationProviderInfo;
  connections: IntegrationConnection[];
  canManage: boolean;
  actions: IntegrationActions;
}) {
  const edits = useConnectionDialogs({
    noun: 'connection',
    actions,
    disconnectTitle: (connection) =>
      connection ? `Disconnect ${provider.label} (${connection.name})?` : `Disconnect ${provider.label}?`,
    disconnectDescription: (connection) => (connection ? disconnectWarning(provider.label, connection) : ''),
  });
  const connecting =
    actions.connect.isPending || (actions.connect.isSuccess && actions.connect.variables === provider.id);
  const titleId = `integration-${provider.id}`;

  return (
    <IntegrationCard
      titleId={titleId}
      icon={Plug}
      title={provider.label}
      description={provider.description}
      action={
        provider.configured &&
        canManage && (
          <Button className="shrink-0" pending={connecting} onClick={() => actions.connect.mutate(provider.id)}>
            Connect {provider.label}
          </Button>
        )
      }
    >
      {actions.connect.error && (
        <p role="alert" className="border-t bg-destructive-soft px-4 py-2.5 text-[13px] text-destructive sm:px-5">
          {errorMessage(actions.connect.error)}
        </p>
      )}
      {!provider.configured ? (
        <NotConfigured provider={provider} />
      ) : connections.length === 0 ? (
        <NoConnections>
          {canManage
            ? `No ${provider.label} ${connectionNoun(provider.id)} connected yet.`
            : `No ${provider.label} ${connectionNoun(provider.id)} connected yet. An owner or admin of this account can connect one.`}
        </NoConnections>
      ) : (
        <ul aria-label={`${provider.label} connections`} className="divide-y border-t">
          {connections.map((connection) => (
            <li key={connection.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
              <div className="min-w-0 flex-1">
                <ConnectionTitle name={connection.name} badge={<StatusBadge status={connection.status} />} />
                <ConnectionAddedBy verb="Connected" connection={connection} />
                <ConnectionUsedBy usage={connection.usedBy} />
                <ReconnectNotice label={provider.label} connection={connection} />
              </div>
              {canManage && (
                <div className="flex shrink-0 flex-wrap gap-1.5">
                  <Button size="sm" variant="outline" onClick={() => edits.rename(connection)}>
                    <Pencil aria-hidden="true" />
                    Rename
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Reconnect ${connection.name}`}
                    disabled={connecting}
                    onClick={() => actions.connect.mutate(provider.id)}
                  >
                    <RefreshCw aria-hidden="true" />
                    Reconnect
                  </Button>
                  <DisconnectButton name={connection.name} onClick={() => edits.disconnect(connection)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {edits.dialogs}
    </IntegrationCard>
  );
}

/** Names what would stop working first: a used connection must not go by a careless click. */
export function disconnectWarning(providerLabel: string, connection: IntegrationConnection) {
  const usage = connectionUsageText(connection.usedBy);
  const tokens = `Its tokens are deleted from this server. To use ${providerLabel} again, connect it again.`;
  return usage ? `${usage} They fail until they are given another connection. ${tokens}` : tokens;
}

/** What the operator must set before anyone can connect: the variables and the redirect URI to register. */
export function NotConfigured({ provider }: { provider: IntegrationProviderInfo }) {
  return (
    <div className="grid gap-2 border-t bg-surface px-4 py-3 text-sm sm:px-5">
      <p className="font-medium">Not set up on this server yet</p>
      <p className="text-muted-foreground">
        The server's operator must set{' '}
        {provider.missing.map((name, index) => (
          <span key={name}>
            {index > 0 && (index === provider.missing.length - 1 ? ' and ' : ', ')}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-[12px] text-foreground">{name}</code>
          </span>
        ))}{' '}
        in the server's environment, and register this redirect URI with {provider.label}:
      </p>
      <code className="block break-all rounded-md border bg-background px-2 py-1.5 font-mono text-[12px]">
        {provider.redirectUri}
      </code>
    </div>
  );
}
