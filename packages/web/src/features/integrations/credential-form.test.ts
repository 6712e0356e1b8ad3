import { describe, expect, it } from 'vitest';
import { emptyCredentialForm, fieldOf, toCreateRequest, toSecretRequest } from './credential-form';

describe('credential form', () => {
  it('sends only the fields of the chosen kind', () => {
    const form = { ...emptyCredentialForm('bearer'), name: 'CRM', token: 't-1', key: 'left over' };
    expect(toCreateRequest(form, 'acc_1')).toEqual({
      ok: true,
      value: { kind: 'bearer', token: 't-1', accountId: 'acc_1', name: 'CRM' },
    });
  });

  it('leaves an MCP token out when none is typed', () => {
    const form = { ...emptyCredentialForm('mcp'), name: 'Tools', url: 'https://mcp.example.com/mcp' };
    expect(toSecretRequest(form)).toEqual({ ok: true, value: { kind: 'mcp', url: 'https://mcp.example.com/mcp' } });
  });

  it('puts each problem on its field', () => {
    const form = { ...emptyCredentialForm('api_key'), paramName: 'X Key' };
    expect(toCreateRequest(form, 'acc_1')).toEqual({
      ok: false,
      errors: {
        name: 'Enter a name',
        key: 'Enter the key',
        paramName: 'A header name holds letters, digits and - only',
      },
    });
    const query = { ...form, placement: 'query' as const, name: 'N', key: 'k' };
    expect(toCreateRequest(query, 'acc_1')).toMatchObject({ ok: true });
  });

  it('shows a server error on its field, or on the form', () => {
    expect(fieldOf('url')).toBe('url');
    expect(fieldOf('accountId')).toBe('form');
    expect(fieldOf(undefined)).toBe('form');
  });
});
