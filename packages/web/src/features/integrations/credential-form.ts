import {
  type ConnectMcpServer,
  ConnectMcpServer as ConnectMcpServerSchema,
  type CreateCredential,
  CreateCredential as CreateCredentialSchema,
  type CredentialKind,
  type CredentialSecret,
  CredentialSecret as CredentialSecretSchema,
} from '@flowmind/shared/integrations';

/** What the credential dialog holds while typing: every kind's fields, sent per kind. */
export type CredentialForm = {
  kind: CredentialKind;
  name: string;
  placement: 'header' | 'query';
  paramName: string;
  key: string;
  token: string;
  username: string;
  password: string;
  url: string;
  /** MCP servers: a token typed in (or none), or the server's own OAuth sign-in. */
  mcpAuth: 'token' | 'oauth';
};

export type CredentialField = keyof CredentialForm | 'form';
export type CredentialErrors = Partial<Record<CredentialField, string>>;

export const emptyCredentialForm = (kind: CredentialKind = 'api_key'): CredentialForm => ({
  kind,
  name: '',
  placement: 'header',
  paramName: 'X-Api-Key',
  key: '',
  token: '',
  username: '',
  password: '',
  url: '',
  mcpAuth: 'token',
});

function secretOf(form: CredentialForm): Record<string, unknown> {
  switch (form.kind) {
    case 'api_key':
      return { kind: form.kind, placement: form.placement, paramName: form.paramName, key: form.key };
    case 'bearer':
      return { kind: form.kind, token: form.token };
    case 'basic':
      return { kind: form.kind, username: form.username, password: form.password };
    case 'mcp':
      return { kind: form.kind, url: form.url, ...(form.token ? { token: form.token } : {}) };
  }
}

const FIELDS = new Set<string>(Object.keys(emptyCredentialForm()));

/** The field a server error names, or the form when it names none of the dialog's. */
export const fieldOf = (field: string | undefined): CredentialField =>
  field && FIELDS.has(field) ? (field as CredentialField) : 'form';

type Checked<T> = { ok: true; value: T } | { ok: false; errors: CredentialErrors };

function check<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): Checked<T> {
  if (result.success) return { ok: true, value: result.data };
  const errors: CredentialErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The request to add a credential, checked by the API's own schema first. */
export const toCreateRequest = (form: CredentialForm, accountId: string): Checked<CreateCredential> =>
  check(CreateCredentialSchema.safeParse({ ...secretOf(form), accountId, name: form.name }));

export const toSecretRequest = (form: CredentialForm): Checked<CredentialSecret> =>
  check(CredentialSecretSchema.safeParse(secretOf(form)));

/** The request to sign in to an MCP server with OAuth; the consent page comes next. */
export const toMcpSignIn = (form: CredentialForm, accountId: string): Checked<ConnectMcpServer> =>
  check(ConnectMcpServerSchema.safeParse({ accountId, name: form.name, url: form.url, returnTo: '/integrations' }));
