import type { InvitePreview, RespondResult } from '@flowmind/shared/accounts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** What an invite link offers; open to anyone holding the link. */
export function useInvitePreview(token: string) {
  return useQuery({ queryKey: ['invite', token], queryFn: () => api<InvitePreview>(invitePath(token)) });
}

export function useRespondToInvite(token: string) {
  return useMutation({
    mutationFn: (accept: boolean) =>
      api<RespondResult>(`${invitePath(token)}/respond`, { method: 'POST', body: { accept } }),
  });
}
