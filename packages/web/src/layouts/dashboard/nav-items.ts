import {
  Bot,
  Compass,
  Gift,
  House,
  LifeBuoy,
  type LucideIcon,
  NotebookPen,
  Plug,
  Settings,
  Table2,
  Timer,
  Trophy,
  Workflow,
} from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon; end?: boolean; matches?: string };

export const primaryNav: NavItem[] = [
  { label: 'Home', to: '/dashboard', icon: House },
  { label: 'Assistant', to: '/agents', icon: Bot, end: true },
  { label: 'Flows', to: '/flows', icon: Workflow },
  { label: 'Tables', to: '/tables', icon: Table2 },
  { label: 'Notes', to: '/notes', icon: NotebookPen },
  { label: 'Focus', to: '/focus', icon: Timer },
  { label: 'Integrations', to: '/integrations', icon: Plug },
];

export const discoverNav: NavItem[] = [
  { label: 'Explore', to: '/agents/explore', icon: Compass },
  { label: 'Leaderboard', to: '/leaderboard', icon: Trophy },
];

export const secondaryNav: NavItem[] = [
  { label: 'Refer a Friend', to: '/referral', icon: Gift },
  { label: 'Help & Support', to: '/support', icon: LifeBuoy },
  // Settings has sub-pages; the item stays highlighted on all of them.
  { label: 'Settings', to: '/settings/account', icon: Settings, matches: '/settings' },
];
