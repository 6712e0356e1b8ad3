import type { Account } from '@flowmind/shared/accounts';
import { describe, expect, it } from 'vitest';
import { pickActiveAccount } from './pick-active-account';

const account = (id: string, type: Account['type']): Account => ({
  id,
  type,
  handle: id,
  name: id,
  memberIds: ['usr_1'],
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
});

describe('pickActiveAccount (spec §4)', () => {
  const business = account('acc_biz', 'business');
  const personal = account('acc_me', 'personal');

  it('keeps the chosen account while the user has it', () => {
    expect(pickActiveAccount([business, personal], 'acc_biz')).toBe(business);
  });
  it('falls back to the personal account when the choice is gone', () => {
    expect(pickActiveAccount([business, personal], 'acc_left')).toBe(personal);
  });
  it('defaults to the personal account when nothing was chosen', () => {
    expect(pickActiveAccount([business, personal], null)).toBe(personal);
  });
  it('uses the first account when there is no personal one', () => {
    expect(pickActiveAccount([business], null)).toBe(business);
  });
  it('is null without accounts', () => {
    expect(pickActiveAccount([], 'acc_biz')).toBeNull();
  });
});
