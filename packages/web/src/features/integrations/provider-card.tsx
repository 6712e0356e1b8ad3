import {
  connectionUsageText,
  type IntegrationConnection,
  type IntegrationProviderInfo,
} from '@flowmind/shared/integrations';
import { INTEGRATIONS } from '@flowmind/shared/integrations/catalogue';
import { CheckCircle2, FlaskConical, Pencil, Plug, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { ConnectionAddedBy, ConnectionTitle, DisconnectButton, ReconnectNotice, StatusBadge } from './connection-row';
import { ConnectionUsedBy } from './connection-used-by';
import { IntegrationCard, NoConnections } from './integration-card';
import { type IntegrationActions, useConnectionTest } from './integrations-api';
import { useConnectionDialogs } from './use-connection-dialogs';

/** What one connection is at the provider: a Slack or Notion workspace, a Google, X or LinkedIn account. */
export const connectionNoun = (provider: IntegrationProviderInfo['id']) =>
  provider === 'google' || provider === 'twitter' || provider === 'linkedin' ? 'account' : 'workspace';

/** One service: what the operator must still set up, or Connect and the account's connections to it. */
export function ProviderCard({
  accountId,
  provider,
  connections,
  canManage,
  actions,
}: {
  accountId: string;
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
            <ProviderConnection
              key={connection.id}
              accountId={accountId}
              provider={provider}
              connection={connection}
              canManage={canManage}
              actions={actions}
              connecting={connecting}
              onRename={() => edits.rename(connection)}
              onDisconnect={() => edits.disconnect(connection)}
            />
          ))}
        </ul>
      )}
      {edits.dialogs}
    </IntegrationCard>
  );
}

/** One connection to the service: who it is, what uses it, and Test (for members), Rename, Reconnect, Disconnect. */
function ProviderConnection({
  accountId,
  provider,
  connection,
  canManage,
  actions,
  connecting,
  onRename,
  onDisconnect,
}: {
  accountId: string;
  provider: IntegrationProviderInfo;
  connection: IntegrationConnection;
  canManage: boolean;
  actions: IntegrationActions;
  connecting: boolean;
  onRename: () => void;
  onDisconnect: () => void;
}) {
  const test = useConnectionTest(accountId, connection.id);
  // Services with an integration can be asked who a token is; an operator's own OAuth 2.0 app cannot.
  const testable = INTEGRATIONS.some((integration) => integration.provider === provider.id);
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <ConnectionTitle name={connection.name} badge={<StatusBadge status={connection.status} />} />
          <ConnectionAddedBy verb="Connected" connection={connection} />
          <ConnectionUsedBy usage={connection.usedBy} />
          <ReconnectNotice label={provider.label} connection={connection} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          {testable && (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Test ${connection.name}`}
              pending={test.isPending}
              onClick={() => test.mutate()}
            >
              <FlaskConical aria-hidden="true" />
              Test
            </Button>
          )}
          {canManage && (
            <>
              <Button size="sm" variant="outline" aria-label={`Rename ${connection.name}`} onClick={onRename}>
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
              <DisconnectButton name={connection.name} onClick={onDisconnect} />
            </>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {test.isSuccess && (
          <p className="flex items-center gap-1.5 text-[13px] text-success">
            <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
            Works: {provider.label} answers as {test.data.actsAs}.
          </p>
        )}
      </div>
      {test.error && (
        <p role="alert" className="rounded-md bg-destructive-soft px-3 py-2 text-[13px] text-destructive">
          {errorMessage(test.error)}
        </p>
      )}
    </li>
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
