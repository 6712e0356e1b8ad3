import { X } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { LogoMark } from '../components/ui/logo';

/** Spec layout "focus": nothing but the work and a way out. */
export function FocusLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex h-14 items-center justify-between px-4">
        <LogoMark className="size-6" />
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
          Exit focus
        </Link>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
