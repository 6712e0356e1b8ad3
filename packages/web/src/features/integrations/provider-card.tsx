import {
  connectionUsageText,
  type IntegrationConnection,
  type IntegrationProviderInfo,
  RenameConnection,
  reconnectMessage,
} from '@flowmind/shared/integrations';
import { AlertTriangle, Pencil, Plug, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NameDialog } from '../../components/ui/name-dialog';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ConnectionUsedBy } from './connection-used-by';
import type { IntegrationActions } from './integrations-api';

const statusBadge = {
  connected: { tone: 'success', label: 'Connected' },
  needs_reconnect: { tone: 'danger', label: 'Needs reconnect' },
  revoked: { tone: 'neutral', label: 'Revoked' },
} as const;

const nameSchema = RenameConnection.shape.name;

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
  const [renaming, setRenaming] = useState<IntegrationConnection | null>(null);
  const [removing, setRemoving] = useState<IntegrationConnection | null>(null);
  const connecting =
    actions.connect.isPending || (actions.connect.isSuccess && actions.connect.variables === provider.id);
  const titleId = `integration-${provider.id}`;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-background shadow-xs">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Plug className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-[15px]">
              {provider.label}
            </h2>
            <p className="text-muted-foreground text-sm">{provider.description}</p>
          </div>
        </div>
        {provider.configured && canManage && (
          <Button className="shrink-0" pending={connecting} onClick={() => actions.connect.mutate(provider.id)}>
            Connect {provider.label}
          </Button>
        )}
      </div>
      {actions.connect.error && (
        <p role="alert" className="border-t bg-destructive-soft px-4 py-2.5 text-[13px] text-destructive sm:px-5">
          {errorMessage(actions.connect.error)}
        </p>
      )}
      {!provider.configured ? (
        <NotConfigured provider={provider} />
      ) : connections.length === 0 ? (
        <p className="border-t px-4 py-3 text-muted-foreground text-sm sm:px-5">
          {canManage
            ? `No ${provider.label} ${connectionNoun(provider.id)} connected yet.`
            : `No ${provider.label} ${connectionNoun(provider.id)} connected yet. An owner or admin of this account can connect one.`}
        </p>
      ) : (
        <ul aria-label={`${provider.label} connections`} className="divide-y border-t">
          {connections.map((connection) => (
            <li key={connection.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="truncate font-medium text-sm">{connection.name}</h3>
                  <Badge tone={statusBadge[connection.status].tone}>{statusBadge[connection.status].label}</Badge>
                </div>
                <p className="text-[13px] text-muted-foreground">
                  Connected {connection.createdBy?.name ? `by ${connection.createdBy.name} ` : ''}on{' '}
                  {formatDate(connection.createdAt)}
                </p>
                <ConnectionUsedBy usage={connection.usedBy} />
                {connection.status === 'needs_reconnect' && (
                  <p className="mt-1 flex items-center gap-1.5 text-[13px] text-destructive">
                    <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
                    {reconnectMessage(provider.label, connection.name)}
                  </p>
                )}
              </div>
              {canManage && (
                <div className="flex shrink-0 flex-wrap gap-1.5">
                  <Button size="sm" variant="outline" onClick={() => setRenaming(connection)}>
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
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Disconnect ${connection.name}`}
                    onClick={() => setRemoving(connection)}
                  >
                    <Trash2 aria-hidden="true" />
                    Disconnect
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <NameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={`Rename ${renaming?.name ?? 'connection'}`}
        submitLabel="Rename"
        initialName={renaming?.name}
        schema={nameSchema}
        onSubmit={(name) =>
          renaming ? actions.rename.mutateAsync({ connectionId: renaming.id, name }) : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            actions.disconnect.reset();
            setRemoving(null);
          }
        }}
        title={removing ? `Disconnect ${provider.label} (${removing.name})?` : `Disconnect ${provider.label}?`}
        description={removing ? disconnectWarning(provider.label, removing) : ''}
        confirmLabel="Disconnect"
        pending={actions.disconnect.isPending}
        error={actions.disconnect.error ? errorMessage(actions.disconnect.error) : null}
        onConfirm={() => removing && actions.disconnect.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </section>
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
