import { NavLink, useLocation } from 'react-router';
import { LogoMark } from '../../components/ui/logo';
import { AccountSwitcher } from '../../features/accounts/account-switcher';
import { cn } from '../../lib/cn';
import { discoverNav, type NavItem, primaryNav, secondaryNav } from './nav-items';
import { UserMenu } from './user-menu';

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="grid gap-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) => {
              const active = isActive || (item.matches ? pathname.startsWith(item.matches) : false);
              return cn(
                'flex h-8 items-center gap-2.5 rounded-md px-2 text-[13px] transition-colors',
                active
                  ? 'bg-primary-soft font-medium text-primary-soft-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              );
            }}
          >
            <item.icon className="size-4 shrink-0" aria-hidden="true" />
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Everything in the sidebar; rendered in the desktop sidebar and in the phone menu sheet alike. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center gap-2 px-4">
        <NavLink to="/dashboard" onClick={onNavigate} className="flex items-center gap-2 rounded-md font-semibold">
          <LogoMark className="size-6" />
          Flowmind
        </NavLink>
      </div>
      <div className="px-2 pb-2">
        <AccountSwitcher />
      </div>
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-2 py-2">
        <NavList items={primaryNav} onNavigate={onNavigate} />
        <div>
          <p className="px-2 pb-1.5 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">Discover</p>
          <NavList items={discoverNav} onNavigate={onNavigate} />
        </div>
        <div className="mt-auto">
          <NavList items={secondaryNav} onNavigate={onNavigate} />
        </div>
      </nav>
      <div className="border-t p-2">
        <UserMenu variant="full" />
      </div>
    </div>
  );
}
