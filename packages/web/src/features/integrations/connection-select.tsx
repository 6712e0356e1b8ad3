import { CREDENTIAL_KINDS, type IntegrationConnection } from '@flowmind/shared/integrations';
import { NativeSelect } from '../../components/ui/input';
import { useIntegrations } from './integrations-api';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
};

const kindLabel = (connection: IntegrationConnection, providerLabels: Map<string, string>) =>
  CREDENTIAL_KINDS[connection.provider as keyof typeof CREDENTIAL_KINDS]?.label ??
  providerLabels.get(connection.provider) ??
  connection.provider;

/**
 * One of the account's connections of the given kinds, by id (a step's Credential). The saved id
 * stays listed when it is gone, so a removed connection shows instead of silently reading "None".
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
  const labels = new Map((integrations.data?.providers ?? []).map((provider) => [provider.id, provider.label]));
  const options = (integrations.data?.connections ?? []).filter(
    (connection) => providers.length === 0 || providers.includes(connection.provider),
  );
  const missing = value && integrations.isSuccess && !options.some((connection) => connection.id === value);
  const first = integrations.isPending
    ? 'Loading…'
    : integrations.isError
      ? 'Could not load the connections'
      : options.length === 0
        ? 'None yet: add one in Integrations'
        : required
          ? 'Choose…'
          : 'None';
  return (
    <NativeSelect {...control} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{first}</option>
      {missing && <option value={value}>Not found: it was disconnected</option>}
      {options.map((connection) => (
        <option key={connection.id} value={connection.id}>
          {`${connection.name} (${kindLabel(connection, labels)})`}
        </option>
      ))}
    </NativeSelect>
  );
}
