import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { copyrightLine } from '../app/site';
import { buttonClasses } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { SocialLinks } from '../components/ui/social-links';
import { useSession } from '../features/session/session-store';
import { cn } from '../lib/cn';

const links = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Business', to: '/business' },
  { label: 'Community', to: '/community' },
];

function AuthActions({ stacked = false }: { stacked?: boolean }) {
  const { user } = useSession();
  if (user) {
    return (
      <Link to="/dashboard" className={buttonClasses({ size: 'sm', className: stacked ? 'w-full' : '' })}>
        Open Flowmind
      </Link>
    );
  }
  return (
    <>
      <Link
        to="/auth/login"
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: stacked ? 'w-full' : '' })}
      >
        Log in
      </Link>
      <Link to="/auth/signup" className={buttonClasses({ size: 'sm', className: stacked ? 'w-full' : '' })}>
        Get started
      </Link>
    </>
  );
}

function TopNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    if (open) setOpen(false);
  }
  return (
    <header className="sticky top-0 z-30 border-b border-transparent bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-1.5 text-sm transition-colors',
                  isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <AuthActions />
        </div>
        <button
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-md hover:bg-accent md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="landing-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {open && (
        <div id="landing-menu" className="border-t bg-background px-4 pt-2 pb-4 shadow-sm md:hidden">
          <nav aria-label="Main" className="grid">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className="rounded-md px-2 py-2.5 text-[15px] hover:bg-accent">
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="mt-3 grid gap-2">
            <AuthActions stacked />
          </div>
        </div>
      )}
    </header>
  );
}

const footerColumns = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'Business', to: '/business' },
      { label: 'Get started', to: '/auth/signup' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Community', to: '/community' },
      { label: 'Feedback', to: '/feedback' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
];

function Footer() {
  return (
    <footer className="border-t bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-muted-foreground text-sm">
            Open-source AI agents and workflow automation you can run on your own machine.
          </p>
        </div>
        {footerColumns.map((column) => (
          <div key={column.title}>
            <h2 className="font-medium text-sm">{column.title}</h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground text-sm hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-muted-foreground text-sm sm:flex-row sm:px-6">
          <p>{copyrightLine()}</p>
          <SocialLinks />
        </div>
      </div>
    </footer>
  );
}

/** Spec layout "landing": the public top navigation and footer around marketing pages. */
export function LandingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
