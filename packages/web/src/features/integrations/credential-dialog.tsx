import { CREDENTIAL_KINDS, type CredentialKind, type IntegrationConnection } from '@flowmind/shared/integrations';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, FormError } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { SegmentedChoice } from '../../components/ui/segmented-choice';
import { ApiError, errorMessage } from '../../lib/api';
import {
  type CredentialErrors,
  type CredentialForm,
  emptyCredentialForm,
  fieldOf,
  toCreateRequest,
  toMcpSignIn,
  toSecretRequest,
} from './credential-form';
import type { IntegrationActions } from './integrations-api';

const KIND_OPTIONS = (Object.keys(CREDENTIAL_KINDS) as CredentialKind[]).map((value) => ({
  value,
  label: CREDENTIAL_KINDS[value].label,
}));
const PLACEMENTS = [
  { value: 'header', label: 'A header' },
  { value: 'query', label: 'A query parameter' },
] as const;
const MCP_AUTHS = [
  { value: 'token', label: 'A token, or none' },
  { value: 'oauth', label: 'OAuth (the server’s sign-in page)' },
] as const;

/**
 * Adds a credential (no `connection`), or replaces the secret of one: its kind stays, and what was
 * saved is never shown, only typed anew.
 */
export function CredentialDialog({
  open,
  onOpenChange,
  accountId,
  connection,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  connection?: IntegrationConnection;
  actions: IntegrationActions;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={connection ? `Replace the secret of ${connection.name}` : 'Add a credential'}
      className="max-w-lg"
      description={
        connection
          ? 'The saved secret is never shown. What you type here replaces it for every flow and agent using it.'
          : 'Secrets are stored encrypted and never shown again.'
      }
    >
      {(close) => <CredentialFormBody accountId={accountId} connection={connection} actions={actions} onDone={close} />}
    </FormDialog>
  );
}

function CredentialFormBody({
  accountId,
  connection,
  actions,
  onDone,
}: {
  accountId: string;
  connection?: IntegrationConnection;
  actions: IntegrationActions;
  onDone: () => void;
}) {
  const [form, setForm] = useState<CredentialForm>(() => {
    if (!connection) return emptyCredentialForm();
    const kind = connection.provider as CredentialKind;
    return {
      ...emptyCredentialForm(kind),
      placement: connection.settings.placement ?? 'header',
      paramName: connection.settings.paramName ?? 'X-Api-Key',
      url: connection.settings.url ?? '',
    };
  });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const change = (patch: Partial<CredentialForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current, form: undefined };
      for (const key of Object.keys(patch)) next[key as keyof CredentialForm] = undefined;
      return next;
    });
  };
  const onError = (error: Error) =>
    setErrors({ [fieldOf(error instanceof ApiError ? error.field : undefined)]: errorMessage(error) });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (connection) {
      const checked = toSecretRequest(form);
      if (!checked.ok) return setErrors(checked.errors);
      actions.replaceSecret.mutate(
        { connectionId: connection.id, secret: checked.value },
        { onSuccess: onDone, onError },
      );
      return;
    }
    if (signsIn) {
      const checked = toMcpSignIn(form, accountId);
      if (!checked.ok) return setErrors(checked.errors);
      // Success leaves for the server's consent page; the callback page finishes the connection.
      actions.connectMcp.mutate(checked.value, { onError });
      return;
    }
    const checked = toCreateRequest(form, accountId);
    if (!checked.ok) return setErrors(checked.errors);
    actions.createCredential.mutate(checked.value, { onSuccess: onDone, onError });
  }

  const text = (key: keyof CredentialForm) => (event: { target: { value: string } }) =>
    change({ [key]: event.target.value });
  const signsIn = !connection && form.kind === 'mcp' && form.mcpAuth === 'oauth';
  const pending =
    actions.createCredential.isPending ||
    actions.replaceSecret.isPending ||
    actions.connectMcp.isPending ||
    actions.connectMcp.isSuccess;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {!connection && (
        <SegmentedChoice
          legend="Kind"
          options={KIND_OPTIONS}
          value={form.kind}
          className="sm:grid-cols-4"
          onChange={(kind) => change({ kind })}
        />
      )}
      {!connection && (
        <Field label="Name" error={errors.name} hint="How flows and agents will show it, such as Weather API.">
          {(props) => <Input {...props} value={form.name} maxLength={80} onChange={text('name')} />}
        </Field>
      )}
      {form.kind === 'api_key' && (
        <>
          <RadioChoice
            legend="Send the key as"
            name="placement"
            options={PLACEMENTS}
            value={form.placement}
            onChange={(placement) => change({ placement })}
          />
          <Field label={form.placement === 'header' ? 'Header name' : 'Parameter name'} error={errors.paramName}>
            {(props) => (
              <Input
                {...props}
                value={form.paramName}
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                placeholder={form.placement === 'header' ? 'X-Api-Key' : 'api_key'}
                onChange={text('paramName')}
              />
            )}
          </Field>
          <SecretField label="API key" value={form.key} error={errors.key} onChange={text('key')} />
        </>
      )}
      {form.kind === 'bearer' && (
        <SecretField label="Token" value={form.token} error={errors.token} onChange={text('token')} />
      )}
      {form.kind === 'basic' && (
        <>
          <Field label="User name" error={errors.username}>
            {(props) => (
              <Input
                {...props}
                value={form.username}
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                onChange={text('username')}
              />
            )}
          </Field>
          <SecretField label="Password" value={form.password} error={errors.password} onChange={text('password')} />
        </>
      )}
      {form.kind === 'mcp' && (
        <>
          <Field label="Server URL" error={errors.url} hint="Its streamable HTTP endpoint, often ending in /mcp.">
            {(props) => (
              <Input
                {...props}
                value={form.url}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={2000}
                placeholder="https://mcp.example.com/mcp"
                onChange={text('url')}
              />
            )}
          </Field>
          {!connection && (
            <RadioChoice
              legend="Sign in with"
              name="mcpAuth"
              options={MCP_AUTHS}
              value={form.mcpAuth}
              onChange={(mcpAuth) => change({ mcpAuth })}
            />
          )}
          {form.mcpAuth === 'token' || connection ? (
            <SecretField
              label="Bearer token (optional)"
              value={form.token}
              error={errors.token}
              onChange={text('token')}
            />
          ) : (
            <p className="text-[13px] text-muted-foreground">
              You will sign in on the server’s own page and come back here. Flowmind registers itself with the server
              and keeps the token fresh.
            </p>
          )}
        </>
      )}
      <FormError>{errors.form}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {connection ? 'Replace secret' : signsIn ? 'Continue to sign in' : 'Add credential'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SecretField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <PasswordInput
          {...props}
          value={value}
          autoComplete="new-password"
          spellCheck={false}
          maxLength={4000}
          onChange={onChange}
        />
      )}
    </Field>
  );
}

/** A choice of a few options, as radio buttons in a row. */
function RadioChoice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 font-medium text-[13px]">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
