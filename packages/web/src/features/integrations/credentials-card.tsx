import { CREDENTIAL_KINDS, type CredentialKind, type IntegrationConnection } from '@flowmind/shared/integrations';
import { FlaskConical, KeyRound, Pencil, Plus, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConnectionAddedBy, ConnectionTitle, DisconnectButton, ReconnectNotice, StatusBadge } from './connection-row';
import { CredentialDialog } from './credential-dialog';
import { IntegrationCard, NoConnections } from './integration-card';
import type { IntegrationActions } from './integrations-api';
import { McpToolsList } from './mcp-tools-list';
import { useConnectionDialogs } from './use-connection-dialogs';

/** Where a credential's secret goes, in words; never the secret. */
function detailOf(connection: IntegrationConnection): string {
  const { settings } = connection;
  if (connection.provider === 'api_key')
    return settings.placement === 'query' ? `Query parameter ${settings.paramName}` : `Header ${settings.paramName}`;
  if (connection.provider === 'bearer') return 'Authorization: Bearer';
  if (connection.provider === 'basic') return 'Authorization: Basic';
  return settings.auth === 'oauth' ? `${settings.url ?? ''} · OAuth` : (settings.url ?? '');
}

/** An MCP server signed in to with OAuth: reconnected through its sign-in, never given a typed secret. */
const signsIn = (connection: IntegrationConnection) =>
  connection.provider === 'mcp' && connection.settings.auth === 'oauth';

/** API keys, bearer tokens, basic auth and MCP servers of the account: added with a form, no OAuth. */
export function CredentialsCard({
  accountId,
  connections,
  canManage,
  actions,
}: {
  accountId: string;
  connections: IntegrationConnection[];
  canManage: boolean;
  actions: IntegrationActions;
}) {
  const [adding, setAdding] = useState(false);
  const [replacing, setReplacing] = useState<IntegrationConnection | null>(null);
  const edits = useConnectionDialogs({
    noun: 'credential',
    actions,
    disconnectTitle: (connection) => `Disconnect ${connection?.name ?? 'credential'}?`,
    disconnectDescription: () =>
      'Its secret is deleted from this server. Flows and agents using it will fail until you choose another.',
  });
  const [testing, setTesting] = useState<Set<string>>(new Set());
  const toggleTest = (id: string) =>
    setTesting((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <IntegrationCard
      titleId="integration-credentials"
      icon={KeyRound}
      title="API credentials and MCP servers"
      description="API keys, bearer tokens and passwords for the HTTP request step, and MCP servers whose tools flows and agents can use"
      action={
        canManage && (
          <Button className="shrink-0" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add credential
          </Button>
        )
      }
    >
      {connections.length === 0 ? (
        <NoConnections>
          {canManage ? 'No credentials yet.' : 'No credentials yet. An owner or admin of this account can add one.'}
        </NoConnections>
      ) : (
        <ul aria-label="Credentials" className="divide-y border-t">
          {connections.map((connection) => (
            <li key={connection.id} className="grid gap-2 px-4 py-3 sm:px-5">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <ConnectionTitle
                    name={connection.name}
                    badge={
                      <>
                        <Badge>{CREDENTIAL_KINDS[connection.provider as CredentialKind].label}</Badge>
                        {connection.status !== 'connected' && <StatusBadge status={connection.status} />}
                      </>
                    }
                  />
                  <p className="break-all font-mono text-[12px] text-muted-foreground">{detailOf(connection)}</p>
                  <ConnectionAddedBy verb="Added" connection={connection} />
                  <ReconnectNotice label={CREDENTIAL_KINDS.mcp.label} connection={connection} />
                </div>
                <div className="flex shrink-0 flex-wrap gap-1.5">
                  {connection.provider === 'mcp' && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Test ${connection.name}`}
                      aria-expanded={testing.has(connection.id)}
                      onClick={() => toggleTest(connection.id)}
                    >
                      <FlaskConical aria-hidden="true" />
                      Test
                    </Button>
                  )}
                  {canManage && (
                    <>
                      {signsIn(connection) ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Reconnect ${connection.name}`}
                          pending={actions.reconnect.isPending && actions.reconnect.variables === connection.id}
                          onClick={() => actions.reconnect.mutate(connection.id)}
                        >
                          <RefreshCw aria-hidden="true" />
                          Reconnect
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Replace the secret of ${connection.name}`}
                          onClick={() => setReplacing(connection)}
                        >
                          <RotateCcw aria-hidden="true" />
                          Replace secret
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Rename ${connection.name}`}
                        onClick={() => edits.rename(connection)}
                      >
                        <Pencil aria-hidden="true" />
                        Rename
                      </Button>
                      <DisconnectButton name={connection.name} onClick={() => edits.disconnect(connection)} />
                    </>
                  )}
                </div>
              </div>
              {testing.has(connection.id) && <McpToolsList connectionId={connection.id} name={connection.name} />}
            </li>
          ))}
        </ul>
      )}
      <CredentialDialog open={adding} onOpenChange={setAdding} accountId={accountId} actions={actions} />
      <CredentialDialog
        open={replacing !== null}
        onOpenChange={(open) => !open && setReplacing(null)}
        accountId={accountId}
        connection={replacing ?? undefined}
        actions={actions}
      />
      {edits.dialogs}
    </IntegrationCard>
  );
}
