import { CREDENTIAL_KINDS, INTEGRATION_PROVIDERS, OAuthCallbackProvider } from '@flowmind/shared/integrations';
import { useMutation } from '@tanstack/react-query';
import { Plug, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { saveSelection } from '../../features/accounts/active-account-store';
import { integrationsApi } from '../../features/integrations/integrations-api';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';

/** Why the provider sent the user back without a code, in words (never the protocol's own text). */
function providerRefusal(error: string, provider: OAuthCallbackProvider, label: string) {
  const where = provider === 'mcp' ? 'the MCP server' : label;
  if (error === 'access_denied') return `You did not allow access in ${where}, so nothing was connected.`;
  if (provider === 'mcp')
    return 'The MCP server could not finish the sign-in. Try again from Integrations; if it keeps failing, add the server with a token instead.';
  return `${label} could not finish the connection. Try again from Integrations; if it keeps failing, the server's operator should check the ${label} app.`;
}

const labelOf = (provider: OAuthCallbackProvider) =>
  provider === 'mcp' ? CREDENTIAL_KINDS.mcp.label : INTEGRATION_PROVIDERS[provider].label;

/** Where the provider sends the browser back: finishes the connection and returns to where the user started. */
export function IntegrationCallbackPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageHeader({ title: 'Connecting', showFloatingButton: false, showTabs: false });
  const known = OAuthCallbackProvider.safeParse(provider);
  const label = known.success ? labelOf(known.data) : provider;
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  // On the mutation, not on `mutate`: a call's own callbacks are dropped when the page re-renders
  // its observer before the answer comes, which left a slow connection on "Connecting…".
  const complete = useMutation({
    mutationFn: integrationsApi.complete,
    onSuccess: ({ connection, accountId, returnTo }) => {
      saveSelection(accountId);
      alerts.success(`Connected ${label}: ${connection.name}`);
      navigate(returnTo, { replace: true });
    },
  });
  // A state works once: the effect must not send it twice (React runs effects twice in development).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !known.success || error || !code || !state) return;
    sent.current = true;
    complete.mutate({ provider: known.data, code, state });
  }, [known.success, known.data, error, code, state, complete.mutate]);

  const problem = !known.success
    ? `${label} connections are not available yet.`
    : error
      ? providerRefusal(error, known.data, label)
      : !code || !state
        ? known.data === 'mcp'
          ? 'This page finishes an MCP server connection after you sign in on the server. There is nothing to finish here.'
          : `This page finishes a ${label} connection after you approve access in ${label}. There is nothing to finish here.`
        : complete.error
          ? errorMessage(complete.error)
          : null;

  if (!problem)
    return (
      <div className="mx-auto grid max-w-md gap-3" role="status" aria-live="polite">
        <p className="text-center text-muted-foreground text-sm">Connecting {label}…</p>
        <Skeleton className="h-24 rounded-xl" />
      </div>
    );
  return (
    <EmptyState icon={known.success ? XCircle : Plug} title={`${label} was not connected`} description={problem}>
      <ButtonLink to="/integrations" size="sm">
        Back to Integrations
      </ButtonLink>
    </EmptyState>
  );
}
