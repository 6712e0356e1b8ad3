import {
  CREDENTIAL_KINDS,
  type CredentialKind,
  type IntegrationConnection,
  RenameConnection,
} from '@flowmind/shared/integrations';
import { FlaskConical, KeyRound, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NameDialog } from '../../components/ui/name-dialog';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { CredentialDialog } from './credential-dialog';
import type { IntegrationActions } from './integrations-api';
import { McpToolsList } from './mcp-tools-list';

const nameSchema = RenameConnection.shape.name;

/** Where a credential's secret goes, in words; never the secret. */
function detailOf(connection: IntegrationConnection): string {
  const { settings } = connection;
  if (connection.provider === 'api_key')
    return settings.placement === 'query' ? `Query parameter ${settings.paramName}` : `Header ${settings.paramName}`;
  if (connection.provider === 'bearer') return 'Authorization: Bearer';
  if (connection.provider === 'basic') return 'Authorization: Basic';
  return settings.url ?? '';
}

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
  const [renaming, setRenaming] = useState<IntegrationConnection | null>(null);
  const [removing, setRemoving] = useState<IntegrationConnection | null>(null);
  const [testing, setTesting] = useState<Set<string>>(new Set());
  const toggleTest = (id: string) =>
    setTesting((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="integration-credentials" className="rounded-xl border bg-background shadow-xs">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <KeyRound className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="integration-credentials" className="font-semibold text-[15px]">
              API credentials and MCP servers
            </h2>
            <p className="text-muted-foreground text-sm">
              API keys, bearer tokens and passwords for the HTTP request step, and MCP servers whose tools flows and
              agents can use
            </p>
          </div>
        </div>
        {canManage && (
          <Button className="shrink-0" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add credential
          </Button>
        )}
      </div>
      {connections.length === 0 ? (
        <p className="border-t px-4 py-3 text-muted-foreground text-sm sm:px-5">
          {canManage ? 'No credentials yet.' : 'No credentials yet. An owner or admin of this account can add one.'}
        </p>
      ) : (
        <ul aria-label="Credentials" className="divide-y border-t">
          {connections.map((connection) => (
            <li key={connection.id} className="grid gap-2 px-4 py-3 sm:px-5">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="truncate font-medium text-sm">{connection.name}</h3>
                    <Badge>{CREDENTIAL_KINDS[connection.provider as CredentialKind].label}</Badge>
                  </div>
                  <p className="break-all font-mono text-[12px] text-muted-foreground">{detailOf(connection)}</p>
                  <p className="text-[13px] text-muted-foreground">
                    Added {connection.createdBy?.name ? `by ${connection.createdBy.name} ` : ''}on{' '}
                    {formatDate(connection.createdAt)}
                  </p>
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
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Replace the secret of ${connection.name}`}
                        onClick={() => setReplacing(connection)}
                      >
                        <RotateCcw aria-hidden="true" />
                        Replace secret
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Rename ${connection.name}`}
                        onClick={() => setRenaming(connection)}
                      >
                        <Pencil aria-hidden="true" />
                        Rename
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
      <NameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={`Rename ${renaming?.name ?? 'credential'}`}
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
        title={`Disconnect ${removing?.name ?? 'credential'}?`}
        description="Its secret is deleted from this server. Flows and agents using it will fail until you choose another."
        confirmLabel="Disconnect"
        pending={actions.disconnect.isPending}
        error={actions.disconnect.error ? errorMessage(actions.disconnect.error) : null}
        onConfirm={() => removing && actions.disconnect.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </section>
  );
}
