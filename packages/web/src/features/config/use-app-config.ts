import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type AppConfig = {
  googleSignIn: boolean;
  /** The longest time limit a code step may have on this server (its operator's cap). */
  codeTimeoutMaxMs: number;
  /** The project's repository (source, issues), as the operator set it (FLOWMIND_REPOSITORY_URL). */
  repositoryUrl: string;
};

/** What this server offers, e.g. whether Google sign-in is configured. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api<AppConfig>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
