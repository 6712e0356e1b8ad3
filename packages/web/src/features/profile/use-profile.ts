import type { MeDoc, UpdateProfile } from '@flowmind/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { liveQueryKey, useLiveQuery } from '../live/use-live-query';
import { useSession } from '../session/session-store';

/** The /api/me document. */
export type Profile = MeDoc;

const fetchProfile = () => api<Profile>('/api/me');
const fromDocs = (docs: unknown[]) => docs[0] as Profile;

/** The signed-in user's profile document (users/{uid}), kept live. */
export function useProfile() {
  const { user, needsEmailVerification } = useSession();
  const path = user && !needsEmailVerification ? `users/${user.id}` : null;
  const query = useLiveQuery<Profile>(path, { fetch: fetchProfile, fromDocs });
  return { ...query, isPasswordUser: query.data?.providers.includes('credential') ?? false };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: UpdateProfile) => api<Profile>('/api/me', { method: 'PATCH', body: input }),
    onSuccess: (profile) => {
      if (user) queryClient.setQueryData(liveQueryKey(`users/${user.id}`), profile);
    },
  });
}
