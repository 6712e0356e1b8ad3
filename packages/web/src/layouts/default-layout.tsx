import { Link, Outlet } from 'react-router';
import { copyrightLine } from '../app/site';
import { buttonClasses } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { useSession } from '../features/session/session-store';

/** Spec layout "default": a slim bar with the logo for pages that name no other layout. */
export function DefaultLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <Link to={user ? '/dashboard' : '/auth/login'} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {user ? 'Open dashboard' : 'Log in'}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <Outlet />
      </main>
      <footer className="px-4 py-6 text-center text-muted-foreground text-xs">{copyrightLine()}</footer>
    </div>
  );
}
