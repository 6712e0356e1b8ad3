import { useSearchParams } from 'react-router';
import { redirectUrl } from '../../lib/storage';

/** Where to go after signing in: ?redirect=, else the remembered URL, else the dashboard. */
export function useRedirectTarget() {
  const [params] = useSearchParams();
  const param = params.get('redirect');
  return {
    target: redirectUrl.resolve(param),
    /** Carries the redirect along to sibling auth pages (login ↔ sign-up). */
    withRedirect: (path: string) => (param ? `${path}?redirect=${encodeURIComponent(param)}` : path),
  };
}
