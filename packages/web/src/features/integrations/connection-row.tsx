import { type IntegrationConnection, reconnectMessage } from '@flowmind/shared/integrations';
import { AlertTriangle, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';

const STATUS_BADGES = {
  connected: { tone: 'success', label: 'Connected' },
  needs_reconnect: { tone: 'danger', label: 'Needs reconnect' },
  revoked: { tone: 'neutral', label: 'Revoked' },
} as const;

export function StatusBadge({ status }: { status: IntegrationConnection['status'] }) {
  return <Badge tone={STATUS_BADGES[status].tone}>{STATUS_BADGES[status].label}</Badge>;
}

/** What to do about a connection its service no longer accepts; nothing while it works. */
export function ReconnectNotice({ label, connection }: { label: string; connection: IntegrationConnection }) {
  if (connection.status !== 'needs_reconnect') return null;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-[13px] text-destructive">
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
      {reconnectMessage(label, connection.name)}
    </p>
  );
}

/** A connection's name with its badge (its status or its kind). */
export function ConnectionTitle({ name, badge }: { name: string; badge: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="truncate font-medium text-sm">{name}</h3>
      {badge}
    </div>
  );
}

/** Who added a connection and when; `verb` is how the card says it came ("Added", "Connected"). */
export function ConnectionAddedBy({ verb, connection }: { verb: string; connection: IntegrationConnection }) {
  return (
    <p className="text-[13px] text-muted-foreground">
      {verb} {connection.createdBy?.name ? `by ${connection.createdBy.name} ` : ''}on {formatDate(connection.createdAt)}
    </p>
  );
}

export function DisconnectButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" aria-label={`Disconnect ${name}`} onClick={onClick}>
      <Trash2 aria-hidden="true" />
      Disconnect
    </Button>
  );
}
