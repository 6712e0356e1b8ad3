import { type IntegrationsResponse, reconnectMessage } from '@flowmind/shared/integrations';
import { AlertTriangle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useActiveAccount } from '../accounts/use-active-account';
import { serviceLabel, useIntegrations } from './integrations-api';

/** How often a page left open learns that a run found a connection refused (a window focus asks at once). */
const CHECK_EVERY_MS = 5 * 60_000;
/** More than this many are summed up: the strip must not push the page away. */
const SHOWN = 2;

/** "Reconnect Slack (Acme) in Integrations" for each connection of the account its service refused. */
export function reconnectNotices(data: IntegrationsResponse): string[] {
  return data.connections
    .filter((connection) => connection.status === 'needs_reconnect')
    .map((connection) => reconnectMessage(serviceLabel(connection.provider, data.providers), connection.name));
}

/**
 * The app's notice that a connection needs reconnecting, on every dashboard page of the account
 * (runs and agents using it fail until then); the Integrations page says it on the card instead.
 */
export function ReconnectNotices() {
  const { account } = useActiveAccount();
  const { pathname } = useLocation();
  const integrations = useIntegrations(account?.id ?? null, { refetchInterval: CHECK_EVERY_MS });
  if (!integrations.data || pathname.startsWith('/integrations')) return null;
  const notices = reconnectNotices(integrations.data);
  if (notices.length === 0) return null;
  const more = notices.length - SHOWN;
  return (
    <section
      aria-label="Connections to reconnect"
      className="border-b border-destructive/30 bg-destructive-soft px-4 py-2 text-[13px] text-destructive sm:px-6 lg:px-8"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          {notices.slice(0, SHOWN).join('. ')}
          {more > 0 ? `, and ${more} more ${more === 1 ? 'connection' : 'connections'}` : ''}.
        </p>
        <Link to="/integrations" className="shrink-0 font-medium underline underline-offset-2">
          Open Integrations
        </Link>
      </div>
    </section>
  );
}
