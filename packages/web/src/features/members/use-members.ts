import type { CreatedId, CreateInvite, Invite, Member, MemberRole } from '@flowmind/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { liveQueryKey, useLiveQuery } from '../live/use-live-query';

const accountPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`;
const membersPath = (accountId: string) => `accounts/${accountId}/members`;
const invitesPath = (accountId: string) => `accounts/${accountId}/invites`;
const asMembers = (docs: unknown[]) => docs as Member[];
const asInvites = (docs: unknown[]) => docs as Invite[];

/** Members of an account, kept live: a teammate accepting an invite appears without a reload. */
export function useMembers(accountId: string | null) {
  return useLiveQuery<Member[]>(accountId ? membersPath(accountId) : null, {
    fetch: () => api<Member[]>(`${accountPath(accountId as string)}/members`),
    fromDocs: asMembers,
  });
}

/** Pending invites of an account (owners and admins only), kept live. */
export function useInvites(accountId: string | null, { enabled }: { enabled: boolean }) {
  return useLiveQuery<Invite[]>(accountId && enabled ? invitesPath(accountId) : null, {
    fetch: () => api<Invite[]>(`${accountPath(accountId as string)}/invites`),
    fromDocs: asInvites,
  });
}

/**
 * Writes to members and invites. The live socket pushes the new lists; invalidating as well covers the moment
 * when the socket is reconnecting.
 */
export function useMemberActions(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: liveQueryKey(membersPath(accountId)) });
    void queryClient.invalidateQueries({ queryKey: liveQueryKey(invitesPath(accountId)) });
  };
  return {
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
        api<void>(`${accountPath(accountId)}/members/${encodeURIComponent(userId)}`, {
          method: 'PATCH',
          body: { role },
        }),
      onSettled: refresh,
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) =>
        api<void>(`${accountPath(accountId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
    invite: useMutation({
      mutationFn: (input: CreateInvite) =>
        api<CreatedId>(`${accountPath(accountId)}/invites`, { method: 'POST', body: input }),
      onSettled: refresh,
    }),
    revokeInvite: useMutation({
      mutationFn: (inviteId: string) =>
        api<void>(`${accountPath(accountId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
