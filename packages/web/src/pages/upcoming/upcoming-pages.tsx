import { Gift, LifeBuoy, MessageSquareHeart, Settings, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ComingSoon } from './coming-soon';

const home = { label: 'Back to Home', to: '/dashboard' };

export function ReferralPage() {
  usePageHeader({ title: 'Refer a Friend', description: 'Share the product with friends and earn rewards' });
  return (
    <ComingSoon
      icon={Gift}
      title="Referrals"
      description="You will get a personal invite link here. When friends sign up with it, you both earn rewards."
      links={[home]}
    />
  );
}

export function SupportPage() {
  usePageHeader({ title: 'Help & Support', description: 'Get help and find answers to your questions' });
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <SupportCard
          icon={<MessageSquareHeart className="size-5" />}
          title="Send feedback"
          text="Report a bug or ask for a feature."
          to="/feedback"
        />
        <SupportCard
          icon={<Users className="size-5" />}
          title="Community"
          text="Ask people who build with Flowmind."
          to="/community"
        />
        <SupportCard
          icon={<Settings className="size-5" />}
          title="Team settings"
          text="Members, roles and invites."
          to="/settings/members"
        />
      </div>
      <ComingSoon
        icon={LifeBuoy}
        title="Help centre"
        description="Guides and answers to common questions will live here, along with a way to contact the people who run this Flowmind instance."
      />
    </div>
  );
}

function SupportCard({ icon, title, text, to }: { icon: ReactNode; title: string; text: string; to: string }) {
  return (
    <Link
      to={to}
      className="group rounded-xl border bg-background p-5 shadow-xs transition-colors hover:border-primary/40"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
        {icon}
      </span>
      <h2 className="mt-3 font-semibold text-sm group-hover:text-primary">{title}</h2>
      <p className="mt-1 text-muted-foreground text-sm">{text}</p>
    </Link>
  );
}
