import { CREDENTIAL_KINDS, INTEGRATION_PROVIDERS, type IntegrationProviderId } from '@flowmind/shared/integrations';
import { Link } from 'react-router';
import { NativeSelect } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useConnectionOptions, useIntegrations } from './integrations-api';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
};

/** A provider's or credential kind's name (`Slack`, `API key`). */
const kindLabel = (kind: string) =>
  INTEGRATION_PROVIDERS[kind as IntegrationProviderId]?.label ??
  CREDENTIAL_KINDS[kind as keyof typeof CREDENTIAL_KINDS]?.label ??
  kind;

/**
 * One of the account's connections of these providers or credential kinds, by id (a Slack step's
 * connection, an HTTP request's Credential). A required one with none yet shows the way to make
 * one; an optional one offers "None". The saved id stays listed when it is gone, so a removed
 * connection shows instead of silently reading as unset.
 */
export function ConnectionSelect({
  accountId,
  providers,
  required,
  value,
  onChange,
  ...control
}: ControlProps & {
  accountId: string;
  providers: readonly string[];
  required?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  const integrations = useIntegrations(accountId);
  const connections = (integrations.data?.connections ?? []).filter(
    (c) => providers.length === 0 || providers.includes(c.provider),
  );
  const names = providers.map(kindLabel).join(' or ');
  if (required && integrations.status === 'success' && connections.length === 0)
    return (
      <p className="rounded-md border border-dashed px-3 py-2 text-[13px] text-muted-foreground">
        No {names} connection in this account yet.{' '}
        <Link to="/integrations" className="font-medium text-primary underline underline-offset-2">
          Connect {names} in Integrations
        </Link>
      </p>
    );
  const missing = value && integrations.status === 'success' && !connections.some((c) => c.id === value);
  // Of several kinds, each says which it is.
  const label = (connection: (typeof connections)[number]) =>
    `${connection.name}${providers.length === 1 ? '' : ` (${kindLabel(connection.provider)})`}${connection.status === 'connected' ? '' : ' (needs reconnecting)'}`;
  return (
    <NativeSelect {...control} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">
        {integrations.status === 'pending'
          ? 'Loading…'
          : integrations.status === 'error'
            ? 'Could not load the connections'
            : connections.length === 0
              ? 'None yet: add one in Integrations'
              : required
                ? 'Choose a connection…'
                : 'None'}
      </option>
      {missing && <option value={value}>Not in this account any more</option>}
      {connections.map((connection) => (
        <option key={connection.id} value={connection.id}>
          {label(connection)}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * A picker over a list the chosen connection gives (channels, people). It fills the field above
 * it, which stays free to type an id or an expression.
 */
export function ConnectionOptionPicker({
  connectionId,
  list,
  label,
  value,
  disabled,
  onChange,
}: {
  connectionId: string;
  list: string;
  label: string;
  value: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const usable = connectionId && !connectionId.includes('{{') ? connectionId : null;
  const options = useConnectionOptions({ connectionId: usable, list });
  if (!usable) return <p className="text-[13px] text-muted-foreground">Choose a connection to pick from its {list}.</p>;
  const items = options.data?.options ?? [];
  const known = items.some((option) => option.value === value);
  const problem = options.error instanceof ApiError ? options.error.message : 'Could not load the list';
  return (
    <NativeSelect
      aria-label={`Pick ${label.toLowerCase()} from the connection`}
      className="w-full"
      size="sm"
      disabled={disabled || options.status !== 'success' || items.length === 0}
      value={known ? value : ''}
      onChange={(event) => event.target.value && onChange(event.target.value)}
    >
      <option value="">
        {options.status === 'pending'
          ? 'Loading…'
          : options.status === 'error'
            ? problem
            : items.length
              ? `Pick from the ${list}…`
              : `No ${list} to pick from`}
      </option>
      {items.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
