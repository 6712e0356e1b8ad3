import type { IntegrationConnection } from '@flowmind/shared/integrations';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';

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
