import type { MemberRole } from '@flowmind/shared/accounts';

/**
 * Mirrors the server's rules so the UI only offers what will be allowed: owners and admins manage members, and
 * only an owner may touch an owner or make someone an owner. The server still decides.
 */
export function rolesAssignable(myRole: MemberRole, targetRole: MemberRole): MemberRole[] {
  if (myRole === 'owner') return ['owner', 'admin', 'member'];
  if (myRole === 'admin' && targetRole !== 'owner') return ['admin', 'member'];
  return [];
}

export function canRemove(myRole: MemberRole, targetRole: MemberRole): boolean {
  if (myRole === 'owner') return true;
  return myRole === 'admin' && targetRole !== 'owner';
}

export const canManageMembers = (role: MemberRole) => role === 'owner' || role === 'admin';

export const roleLabels: Record<MemberRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const roleDescriptions: Record<MemberRole, string> = {
  owner: 'Full control, including deleting the account',
  admin: 'Manages members and invites',
  member: 'Works in the account',
};
