import {
  Building2,
  Check,
  GitPullRequest,
  HeartHandshake,
  Lightbulb,
  MessageCircle,
  Server,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { RepositoryLink } from '../../features/config/repository-link';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { InfoCard, MarketingPage, Prose } from './marketing-page';

function CallToAction({ primary = 'Get started', to = '/auth/signup' }: { primary?: string; to?: string }) {
  return (
    <div className="mt-14 flex flex-col items-center justify-center gap-3 sm:flex-row">
      <Link to={to} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
        {primary}
      </Link>
      <Link
        to="/auth/login"
        className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}
      >
        Log in
      </Link>
    </div>
  );
}

export function BusinessPage() {
  usePageHeader({ title: 'Flowmind for business' });
  return (
    <MarketingPage
      eyebrow="Business"
      title="One workspace for your whole team"
      lead="Business accounts give a team a shared home for its flows, tables, notes and agents, with members, roles and invites."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <InfoCard icon={<Building2 />} title="Shared by default">
          Everything created in a business account belongs to the business, not to one person, so work survives holidays
          and hand-overs.
        </InfoCard>
        <InfoCard icon={<Users />} title="Members and roles">
          Invite people by email. Owners and admins manage members and invites; members do the work. Every account keeps
          at least one owner.
        </InfoCard>
        <InfoCard icon={<ShieldCheck />} title="Your infrastructure">
          Run Flowmind on your own servers. Sessions are httpOnly cookies, integration tokens are encrypted at rest, and
          every query is scoped to its account.
        </InfoCard>
      </div>
      <div className="mt-14 rounded-xl border bg-surface p-6 sm:p-8">
        <h2 className="font-semibold text-lg">How to start</h2>
        <ol className="mt-4 grid gap-3 text-sm">
          {[
            'Create your Flowmind account; it comes with a personal account.',
            'Open the account switcher at the top of the sidebar and choose "Create business account".',
            'Invite your teammates from Settings → Members. They join as soon as they accept.',
          ].map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary font-medium text-primary-foreground text-xs">
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </div>
      <CallToAction primary="Create your account" />
    </MarketingPage>
  );
}

export function PricingPage() {
  usePageHeader({ title: 'Pricing' });
  return (
    <MarketingPage
      eyebrow="Pricing"
      title="Free to self-host. Hosted plans are coming."
      lead="Flowmind is open source under the MIT licence. Running it on your own machine costs nothing, with no limits from us."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-xl border-2 border-primary bg-background p-6 shadow-sm">
          <div className="flex items-center gap-2">
            <Server className="size-5 text-primary" aria-hidden="true" />
            <h2 className="font-semibold text-lg">Self-hosted</h2>
          </div>
          <p className="mt-3 font-semibold text-3xl">Free</p>
          <p className="mt-1 text-muted-foreground text-sm">Forever, on your own hardware.</p>
          <ul className="mt-6 grid gap-2.5 text-sm">
            {[
              'Every feature',
              'Unlimited flows, tables, notes and agents',
              'Business accounts and members',
              'Your data stays with you',
            ].map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-muted-foreground text-xs">
            You pay only for what you bring: your server and the AI model provider you connect.
          </p>
        </div>
        <div className="rounded-xl border bg-surface p-6">
          <h2 className="font-semibold text-lg">Hosted plans</h2>
          <p className="mt-3 font-semibold text-3xl text-muted-foreground">Coming soon</p>
          <p className="mt-1 text-muted-foreground text-sm">For teams who would rather not run servers.</p>
          <p className="mt-6 text-muted-foreground text-sm leading-relaxed">
            We have not set prices yet, and we will not show made-up numbers. When hosted plans exist, they will be
            listed here with their limits and trial terms, and your billing settings will let you subscribe.
          </p>
        </div>
      </div>
      <CallToAction />
    </MarketingPage>
  );
}

export function CommunityPage() {
  usePageHeader({ title: 'Community' });
  return (
    <MarketingPage
      eyebrow="Community"
      title="Built in the open, with the people who use it"
      lead="Flowmind is developed in public. Questions, ideas, bug reports and code are all welcome."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <InfoCard icon={<GitPullRequest />} title="Contribute">
          The source, the issue tracker and the roadmap live in <RepositoryLink />. Small fixes and new integrations are
          the easiest way in.
        </InfoCard>
        <InfoCard icon={<MessageCircle />} title="Ask and answer">
          Share the flows and agents you build, ask how others solved a problem, and help newcomers get started.
        </InfoCard>
        <InfoCard icon={<HeartHandshake />} title="Be kind">
          Assume good intent, keep discussions on topic and respectful. Everyone was new once.
        </InfoCard>
      </div>
      <div className="mt-14 text-center">
        <Link to="/feedback" className={buttonClasses({ variant: 'outline' })}>
          Share feedback
        </Link>
      </div>
    </MarketingPage>
  );
}

export function FeedbackPage() {
  usePageHeader({ title: 'Feedback' });
  return (
    <MarketingPage
      eyebrow="Feedback"
      title="Tell us what would make Flowmind better"
      lead="Every release is shaped by what people ask for. The most useful feedback is concrete: what you tried, what you expected, and what happened."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InfoCard icon={<Lightbulb />} title="Ideas and requests">
          Describe the job you are trying to get done rather than the feature you imagine; there may be a simpler way,
          and it helps us build the right thing.
        </InfoCard>
        <InfoCard icon={<MessageCircle />} title="Bugs">
          Include the steps to reproduce, what you saw, and your browser. If a flow run failed, the run's step log shows
          exactly where.
        </InfoCard>
      </div>
      <p className="mt-10 rounded-xl border bg-surface p-6 text-muted-foreground text-sm leading-relaxed">
        An in-app feedback form is on its way. Until it arrives, please open an issue in <RepositoryLink />; every issue
        is read.
      </p>
    </MarketingPage>
  );
}

export function TermsPage() {
  usePageHeader({ title: 'Terms of Service' });
  return (
    <MarketingPage eyebrow="Legal" title="Terms of Service" lead="The plain-language terms for using Flowmind.">
      <Prose>
        <h2>The software</h2>
        <p>
          Flowmind is open-source software released under the MIT licence. You may use, copy, modify and distribute it
          under that licence. The software is provided "as is", without warranty of any kind.
        </p>
        <h2>Who runs this instance</h2>
        <p>
          Each Flowmind installation is operated by whoever installed it. The operator of the instance you are using is
          responsible for it: for your account, for keeping it running, and for how your data is handled there.
        </p>
        <h2>Your account</h2>
        <ul>
          <li>Keep your password safe; you are responsible for activity under your account.</li>
          <li>You may delete your profile at any time from Settings → Account.</li>
          <li>An owner of a business account must hand ownership to someone else before leaving it.</li>
        </ul>
        <h2>Acceptable use</h2>
        <p>
          Do not use Flowmind to break the law, to send spam, to attack other systems, or to process data you are not
          allowed to process. Flows that call external services must respect those services' terms.
        </p>
        <h2>AI output</h2>
        <p>
          Agents and AI steps produce text with models you connect. Their output can be wrong; review it before you rely
          on it.
        </p>
        <h2>Changes</h2>
        <p>These terms may change as the product evolves. Material changes will be announced in the app.</p>
      </Prose>
    </MarketingPage>
  );
}

export function PrivacyPage() {
  usePageHeader({ title: 'Privacy Policy' });
  return (
    <MarketingPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead="What Flowmind stores, why, and what you can do about it."
    >
      <Prose>
        <h2>What is stored</h2>
        <ul>
          <li>Your account: name, email address, username and a hash of your password (never the password itself).</li>
          <li>Sessions: a session cookie that keeps you signed in, with the device's IP address and browser name.</li>
          <li>Your work: the flows, tables, notes, agents and files you create, in the account you create them in.</li>
          <li>Integration tokens, when you connect a service, encrypted at rest.</li>
        </ul>
        <h2>Where it is stored</h2>
        <p>
          Everything lives in the database and file storage of the Flowmind instance you use. A self-hosted instance
          keeps it on its operator's machines; nothing is sent to the Flowmind project.
        </p>
        <h2>Email</h2>
        <p>
          Flowmind sends email only to verify your address, to reset your password, and to deliver invitations someone
          sends you.
        </p>
        <h2>Analytics</h2>
        <p>
          Page views may be counted to understand which parts of the product are used. Analytics respects your browser's
          Do Not Track setting and does not record sessions.
        </p>
        <h2>Your choices</h2>
        <ul>
          <li>Change your name, username and password in Settings → Account.</li>
          <li>Delete your profile there as well; your personal data and personal account are removed with it.</li>
          <li>Signing out clears everything Flowmind stored in your browser.</li>
        </ul>
      </Prose>
    </MarketingPage>
  );
}
