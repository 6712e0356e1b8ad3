import { Activity, CreditCard, FlaskConical, LayoutTemplate, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { useSession } from '../../features/session/session-store';
import { trackPageView } from '../../lib/analytics';
import { ComingSoon } from '../upcoming/coming-soon';

export function TemplatePage() {
  const { siteId } = useParams();
  usePageHeader({ title: 'Template' });
  return (
    <ComingSoon
      icon={LayoutTemplate}
      title="Templates"
      description={`Ready-made flows, tables and agents you can copy into your account. The template "${siteId}" isn't available yet.`}
      links={[{ label: 'Go to Flowmind', to: '/' }]}
    />
  );
}

export function PaymentCallbackPage() {
  usePageHeader({ title: 'Payment' });
  return (
    <ComingSoon
      icon={CreditCard}
      title="Payments"
      description="After a checkout you return here while your subscription is confirmed. Billing is not enabled on this instance yet, so there is nothing to confirm."
      links={[{ label: 'Billing settings', to: '/settings/billing' }]}
    />
  );
}

/** A place to check that page-view tracking fires, for whoever wires up analytics. */
export function AnalyticsTestPage() {
  usePageHeader({ title: 'Analytics test' });
  const { pathname } = useLocation();
  const [sent, setSent] = useState(0);
  return (
    <ComingSoon
      icon={Activity}
      title="Analytics test"
      description="Sends a page view through the app's tracking function. Until analytics is configured, events go to the browser's debug console."
    >
      <Button
        size="sm"
        onClick={() => {
          trackPageView({ path: pathname, title: 'Analytics test' });
          setSent((count) => count + 1);
        }}
      >
        Send a test page view
      </Button>
      {sent > 0 && (
        <p className="w-full text-muted-foreground text-xs" role="status">
          Sent {sent} {sent === 1 ? 'event' : 'events'}.
        </p>
      )}
    </ComingSoon>
  );
}

/** Diagnostics: which build is running and who is signed in. */
export function TestPage() {
  usePageHeader({ title: 'Test' });
  const { user } = useSession();
  const rows = [
    ['Build', import.meta.env.VITE_BUILD_ID ?? 'dev'],
    ['Mode', import.meta.env.MODE],
    ['Signed in as', user?.email ?? 'nobody'],
    ['Email verified', user ? String(user.emailVerified) : 'n/a'],
    ['Online', String(navigator.onLine)],
  ];
  return (
    <div className="mx-auto w-full max-w-lg">
      <div className="flex items-center gap-2">
        <FlaskConical className="size-5 text-primary" aria-hidden="true" />
        <h1 className="font-semibold text-lg">Test page</h1>
      </div>
      <dl className="mt-4 divide-y rounded-xl border bg-background text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="truncate font-mono text-xs">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex items-center gap-1.5 text-muted-foreground text-xs">
        <Link2 className="size-3.5" aria-hidden="true" />
        Internal page for checking a deployment.
      </p>
    </div>
  );
}
