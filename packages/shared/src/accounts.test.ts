import { describe, expect, it } from 'vitest';
import { CreateBusinessAccount, CreateInvite, UpdateProfile } from './accounts';

describe('account DTOs', () => {
  it.each([
    [{ name: 'Acme', handle: 'acme' }, true],
    [{ name: '  ', handle: 'acme' }, false],
    [{ name: 'Acme' }, false],
    [{ name: 'x'.repeat(81), handle: 'acme' }, false],
  ])('CreateBusinessAccount %j valid=%s', (input, valid) => {
    expect(CreateBusinessAccount.safeParse(input).success).toBe(valid);
  });

  it.each([
    [{ email: 'a@b.co', role: 'member' }, true],
    [{ email: 'a@b.co', role: 'admin' }, true],
    [{ email: 'a@b.co', role: 'owner' }, false],
    [{ email: 'not-an-email', role: 'member' }, false],
  ])('CreateInvite %j valid=%s', (input, valid) => {
    expect(CreateInvite.safeParse(input).success).toBe(valid);
  });

  it.each([
    [{ name: 'Ann', username: 'ann-lee' }, true],
    [{ name: 'Ann', username: 'Ann' }, false],
    [{ name: 'Ann', username: 'an' }, false],
  ])('UpdateProfile %j valid=%s', (input, valid) => {
    expect(UpdateProfile.safeParse(input).success).toBe(valid);
  });
});
