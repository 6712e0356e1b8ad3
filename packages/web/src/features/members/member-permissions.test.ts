import { describe, expect, it } from 'vitest';
import { canRemove, rolesAssignable } from './member-permissions';

describe('member permissions mirror the server', () => {
  it.each([
    ['owner', 'owner', ['owner', 'admin', 'member']],
    ['owner', 'member', ['owner', 'admin', 'member']],
    ['admin', 'member', ['admin', 'member']],
    ['admin', 'owner', []],
    ['member', 'member', []],
  ] as const)('%s may give a %s the roles %j', (mine, theirs, expected) => {
    expect(rolesAssignable(mine, theirs)).toEqual(expected);
  });

  it.each([
    ['owner', 'owner', true],
    ['admin', 'member', true],
    ['admin', 'owner', false],
    ['member', 'member', false],
  ] as const)('%s removing a %s: %s', (mine, theirs, expected) => {
    expect(canRemove(mine, theirs)).toBe(expected);
  });
});
