import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/session-store';
import { accountsApi } from './accounts-api';
import { useRefetchAccounts } from './use-accounts';

const pendingInvitesKey = ['me', 'invites'] as const;

/** Invites waiting for the signed-in user, as the app shows them (the email has the same). */
export function usePendingInvites() {
  const { user, needsEmailVerification } = useSession();
  return useQuery({
    queryKey: pendingInvitesKey,
    queryFn: accountsApi.myInvites,
    enabled: Boolean(user) && !needsEmailVerification,
  });
}

/** Accepts or declines one; the invites and, once joined, the accounts are read again. */
export function useAnswerInvite() {
  const queryClient = useQueryClient();
  const refetchAccounts = useRefetchAccounts();
  return useMutation({
    mutationFn: accountsApi.respondToMyInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingInvitesKey }),
    onSuccess: async (result) => {
      if (result.accountId) await refetchAccounts();
    },
  });
}
