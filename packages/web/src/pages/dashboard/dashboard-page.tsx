import {
  ArrowRight,
  Bot,
  Building2,
  CircleCheck,
  Compass,
  NotebookPen,
  Plug,
  Table2,
  Users,
  Workflow,
} from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { openCreateBusinessDialog } from '../../features/accounts/create-business-dialog-store';
import { PendingInvites } from '../../features/accounts/pending-invites';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { useSession } from '../../features/session/session-store';
import { firstName } from '../../lib/format';

const areas = [
  { icon: Bot, title: 'Assistant', text: 'Ask your AI assistant to do things for you.', to: '/agents' },
  { icon: Workflow, title: 'Flows', text: 'Automate work with triggers and steps.', to: '/flows' },
  { icon: Table2, title: 'Tables', text: 'Keep structured data your flows can use.', to: '/tables' },
  { icon: NotebookPen, title: 'Notes', text: 'Write plans, docs and meeting notes.', to: '/notes' },
  { icon: Plug, title: 'Integrations', text: 'Connect Slack, Notion and more.', to: '/integrations' },
  { icon: Compass, title: 'Explore', text: 'Discover agents other people publish.', to: '/agents/explore' },
];

function greeting(date = new Date()) {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function ActiveAccountCard() {
  const { account, accounts, isLoading } = useActiveAccount();
  if (isLoading || !account) {
    return <Skeleton className="h-[132px] rounded-xl" />;
  }
  const isBusiness = account.type === 'business';
  return (
    <section aria-labelledby="active-account" className="rounded-xl border bg-background p-5 shadow-xs">
      <p className="font-medium text-muted-foreground text-xs uppercase tracking-wider">Working in</p>
      <div className="mt-3 flex items-center gap-3">
        <Avatar name={account.name} seed={account.id} shape="square" size="lg" />
        <div className="min-w-0">
          <h2 id="active-account" className="truncate font-semibold">
            {account.name}
          </h2>
          <p className="truncate text-muted-foreground text-sm">
            @{account.handle} ·{' '}
            {isBusiness
              ? `${account.memberIds.length} ${account.memberIds.length === 1 ? 'member' : 'members'}`
              : 'Personal account'}
          </p>
        </div>
        <Badge tone={isBusiness ? 'primary' : 'neutral'} className="ml-auto capitalize">
          {account.role}
        </Badge>
      </div>
      <p className="mt-4 text-muted-foreground text-sm">
        {accounts.length > 1
          ? `You have ${accounts.length} accounts. Switch between them with the account switcher in the menu.`
          : 'Everything you create here is yours alone. Create a business account to work with a team.'}
      </p>
    </section>
  );
}

function GettingStarted() {
  const { user } = useSession();
  const { accounts, account } = useActiveAccount();
  const hasBusiness = accounts.some((candidate) => candidate.type === 'business');
  const steps = [
    { done: Boolean(user?.emailVerified), label: 'Verify your email address' },
    {
      done: hasBusiness,
      label: 'Create a business account for your team',
      action: (
        <Button size="sm" variant="outline" onClick={openCreateBusinessDialog}>
          <Building2 aria-hidden="true" />
          Create
        </Button>
      ),
    },
    {
      done: account?.type === 'business' && account.memberIds.length > 1,
      label: 'Invite your teammates',
      action: hasBusiness ? (
        <Link
          to="/settings/members"
          className="inline-flex h-8 items-center gap-1.5 rounded-md border bg-background px-3 font-medium text-[13px] shadow-xs hover:bg-accent"
        >
          <Users className="size-3.5" aria-hidden="true" />
          Invite
        </Link>
      ) : null,
    },
  ];
  return (
    <section aria-labelledby="getting-started" className="rounded-xl border bg-background p-5 shadow-xs">
      <h2 id="getting-started" className="font-semibold">
        Getting started
      </h2>
      <ul className="mt-3 divide-y">
        {steps.map((step) => (
          <li key={step.label} className="flex min-h-12 items-center gap-3 py-2 text-sm">
            <CircleCheck
              className={step.done ? 'size-5 shrink-0 text-success' : 'size-5 shrink-0 text-border'}
              aria-label={step.done ? 'Done' : 'Not done yet'}
            />
            <span className={step.done ? 'flex-1 text-muted-foreground line-through' : 'flex-1'}>{step.label}</span>
            {!step.done && step.action}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  usePageHeader({
    title: 'Home',
    description: 'Welcome to your dashboard',
    buttonText: 'Create New Agent',
    buttonAction: '/agents',
    showTabs: true,
    tabs: [
      { label: 'Overview', to: '/dashboard', end: true },
      { label: 'Flows', to: '/flows' },
      { label: 'Tables', to: '/tables' },
      { label: 'Notes', to: '/notes' },
    ],
  });
  const name = firstName(user?.name ?? '');

  return (
    <div className="grid grid-cols-1 gap-8">
      <p className="font-semibold text-lg tracking-tight">
        {greeting()}
        {name ? `, ${name}` : ''}.
      </p>
      <PendingInvites />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ActiveAccountCard />
        <GettingStarted />
      </div>
      <section aria-labelledby="areas">
        <h2 id="areas" className="font-semibold">
          Jump in
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {areas.map((area) => (
            <li key={area.to}>
              <Link
                to={area.to}
                className="group flex h-full items-start gap-3 rounded-xl border bg-background p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-surface"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <area.icon className="size-[18px]" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1 font-medium text-sm">
                    {area.title}
                    <ArrowRight
                      className="size-3.5 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="mt-0.5 block text-muted-foreground text-[13px]">{area.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
