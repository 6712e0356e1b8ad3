import { NavLink } from 'react-router';
import type { PageTab } from '../../features/page-header/page-header-store';
import { cn } from '../../lib/cn';

export const settingsTabs: PageTab[] = [
  { label: 'Account', to: '/settings/account' },
  { label: 'Members', to: '/settings/members' },
  { label: 'Billing', to: '/settings/billing' },
  { label: 'AI models', to: '/settings/ai' },
];

/** On phones and tablets the header tabs are hidden (spec: tabs only on large screens); this takes their place. */
export function SettingsNav() {
  return (
    <nav aria-label="Settings sections" className="-mt-2 mb-6 flex gap-1 rounded-lg bg-muted p-1 lg:hidden">
      {settingsTabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            cn(
              'flex-1 whitespace-nowrap rounded-md px-2 py-1.5 text-center font-medium text-[13px] transition-colors',
              isActive ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
